package io.tenantscreening.apply;

import io.micronaut.context.annotation.Requires;
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

    @Override
    public void send(EmailMessage message) {
        LOG.info("Email (not sent: EMAIL_SENDER is log) to …{}, subject \"{}\":\n{}",
                message.to().substring(message.to().indexOf('@')), message.subject(), ApplicationLinks.redacted(message.text()));
    }
}
