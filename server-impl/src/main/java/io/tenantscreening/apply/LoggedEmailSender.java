package io.tenantscreening.apply;

import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.ServiceSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The development default for email ({@code EMAIL_SENDER=log}): sends nothing and writes
 * each message's text part to the log, with the application link redacted (the link is the
 * order's {@code application_url}, which the API returns) and the recipient's address
 * shortened to its domain.
 */
@Singleton
@Requires(property = "screening.email.sender", value = "log")
public class LoggedEmailSender implements EmailSender {

    private static final Logger LOG = LoggerFactory.getLogger(LoggedEmailSender.class);

    public LoggedEmailSender(ServiceSettings settings) {
        if (!settings.isDevelopment()) {
            LOG.warn("EMAIL_SENDER is log: invitation emails are written to the log, not sent. Set EMAIL_SENDER=smtp to send them.");
        }
    }

    @Override
    public void send(EmailMessage message) {
        LOG.info("Email (not sent: EMAIL_SENDER is log) to …{}, subject \"{}\":\n{}",
                message.to().substring(message.to().indexOf('@')), message.subject(), ApplicationLinks.redacted(message.text()));
    }
}
