package io.tenantscreening.apply;

import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.email.ApplicationLinks;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default {@link SmsSender}: sends nothing and writes each message to the log, its link redacted and
 * only the last four digits of the number shown.
 */
@Singleton
@Requires(property = "screening.sms.sender", value = "log")
public class LoggedSmsSender implements SmsSender {

    private static final Logger LOG = LoggerFactory.getLogger(LoggedSmsSender.class);

    public LoggedSmsSender(ServiceSettings settings) {
        if (!settings.isDevelopment()) {
            LOG.warn("SMS_SENDER is log: invitation text messages are written to the log, not sent. Set SMS_SENDER=twilio to send them.");
        }
    }

    @Override
    public void send(String phoneNumber, String text) {
        LOG.info("Text message (not sent: SMS_SENDER is log) to a number ending in {}: {}",
                phoneNumber.substring(Math.max(0, phoneNumber.length() - 4)), ApplicationLinks.redacted(text));
    }
}
