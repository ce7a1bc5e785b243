package io.tenantscreening.email;

/**
 * Sends an email. The operator picks one by {@code EMAIL_SENDER}: {@code log} (the default,
 * {@link LoggedEmailSender}) or {@code smtp} ({@link SmtpEmailSender}). A sender throws when
 * the message was not accepted; the background work then tries again later.
 */
public interface EmailSender {

    void send(EmailMessage message);
}
