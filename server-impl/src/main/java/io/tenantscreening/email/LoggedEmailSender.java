package io.tenantscreening.email;

import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.ServiceSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.stream.Collectors;

/**
 * The development default for email ({@code EMAIL_SENDER=log}): sends nothing and writes
 * each message's text part and the names of its attachments to the log, with the application
 * link redacted (the link is the order's {@code application_url}, which the API returns) and
 * the recipient's address shortened to its domain.
 */
@Singleton
@Requires(property = "screening.email.sender", value = "log")
public class LoggedEmailSender implements EmailSender {

    private static final Logger LOG = LoggerFactory.getLogger(LoggedEmailSender.class);

    public LoggedEmailSender(ServiceSettings settings) {
        if (!settings.isDevelopment()) {
            LOG.warn("EMAIL_SENDER is log: emails (invitations, notices of adverse action) are written to the log, not sent."
                    + " Set EMAIL_SENDER=smtp to send them.");
        }
    }

    @Override
    public void send(EmailMessage message) {
        String attached = message.attachments().stream().map(EmailMessage.Attachment::filename).collect(Collectors.joining(", "));
        LOG.info("Email (not sent: EMAIL_SENDER is log) to …{}, subject \"{}\"{}:\n{}",
                message.to().substring(message.to().indexOf('@')), message.subject(),
                attached.isEmpty() ? "" : ", attached: " + attached, ApplicationLinks.redacted(message.text()));
    }
}
