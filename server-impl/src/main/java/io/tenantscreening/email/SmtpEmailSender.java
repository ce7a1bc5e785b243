package io.tenantscreening.email;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import jakarta.activation.DataHandler;
import jakarta.inject.Singleton;
import jakarta.mail.Authenticator;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.util.ByteArrayDataSource;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;

import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;

/**
 * Email over SMTP with Jakarta Mail ({@code EMAIL_SENDER=smtp}): a multipart/alternative
 * message (text, then HTML), inside a multipart/mixed one after which come the attachments
 * when there are any, from {@code EMAIL_FROM} to the server at {@code SMTP_HOST} and
 * {@code SMTP_PORT}, STARTTLS required unless {@code SMTP_STARTTLS} is false (a local
 * relay), login when {@code SMTP_USERNAME} is set, and timeouts so that a stuck server
 * fails the attempt (it is retried) instead of holding a worker.
 * <p>
 * A permanent refusal of the recipient or of the message (a 5xx reply to {@code RCPT} or
 * to the message's data, such as an unknown mailbox) is {@link EmailRejected}: sending
 * again would not help. Anything else (a 4xx reply, no connection, a refused login or
 * sender, which are the operator's to fix) is a failure worth retrying. Each hand-over to
 * the server is timed as {@code screening.email.sends}, by outcome: {@code sent},
 * {@code rejected} or {@code failed}.
 */
@Singleton
@Requires(property = "screening.email.sender", value = "smtp")
public class SmtpEmailSender implements EmailSender {

    private static final String TIMEOUT_MILLIS = "10000";

    private final Session session;
    private final String host;
    private final Traces traces;
    private final ServiceMetrics metrics;
    private final InternetAddress from;

    public SmtpEmailSender(@Value("${screening.email.smtp.host}") String host, @Value("${screening.email.smtp.port}") int port,
                           @Value("${screening.email.smtp.starttls}") boolean starttls,
                           @Value("${screening.email.smtp.username}") String username,
                           @Value("${screening.email.smtp.password}") String password,
                           @Value("${screening.email.from}") String from, @Value("${screening.email.from-name}") String fromName,
                           Traces traces, ServiceMetrics metrics)
            throws UnsupportedEncodingException {
        this.host = host;
        this.traces = traces;
        this.metrics = metrics;
        if (host.isBlank()) {
            throw new IllegalStateException("EMAIL_SENDER=smtp needs SMTP_HOST");
        }
        Properties properties = new Properties();
        properties.put("mail.smtp.host", host);
        properties.put("mail.smtp.port", Integer.toString(port));
        properties.put("mail.smtp.starttls.enable", Boolean.toString(starttls));
        properties.put("mail.smtp.starttls.required", Boolean.toString(starttls));
        properties.put("mail.smtp.connectiontimeout", TIMEOUT_MILLIS);
        properties.put("mail.smtp.timeout", TIMEOUT_MILLIS);
        properties.put("mail.smtp.writetimeout", TIMEOUT_MILLIS);
        boolean login = !username.isBlank();
        properties.put("mail.smtp.auth", Boolean.toString(login));
        this.session = Session.getInstance(properties, login ? new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication(username, password);
            }
        } : null);
        this.from = new InternetAddress(from, fromName, StandardCharsets.UTF_8.name());
    }

    @Override
    public void send(EmailMessage message) {
        try {
            MimeMessage mime = new MimeMessage(session);
            mime.setFrom(from);
            mime.setRecipient(Message.RecipientType.TO, new InternetAddress(message.to(), true));
            mime.setSubject(message.subject(), StandardCharsets.UTF_8.name());
            mime.setSentDate(new Date());
            MimeBodyPart text = new MimeBodyPart();
            text.setText(message.text(), StandardCharsets.UTF_8.name(), "plain");
            MimeBodyPart html = new MimeBodyPart();
            html.setText(message.html(), StandardCharsets.UTF_8.name(), "html");
            MimeMultipart words = new MimeMultipart("alternative", text, html);
            if (message.attachments().isEmpty()) {
                mime.setContent(words);
            } else {
                MimeBodyPart body = new MimeBodyPart();
                body.setContent(words);
                MimeMultipart mixed = new MimeMultipart("mixed", body);
                for (EmailMessage.Attachment attachment : message.attachments()) {
                    mixed.addBodyPart(part(attachment));
                }
                mime.setContent(mixed);
            }
            long started = System.nanoTime();
            String outcome = "failed";
            try (Traces.Outbound call = traces.outbound("smtp send", "server.address", host)) {
                try {
                    Transport.send(mime);
                    outcome = "sent";
                } catch (MessagingException e) {
                    outcome = refusedForGood(e) ? "rejected" : "failed";
                    throw call.failed(e);
                } finally {
                    metrics.emailSend(outcome, System.nanoTime() - started);
                }
            }
        } catch (MessagingException e) {
            if (refusedForGood(e)) {
                throw new EmailRejected("the SMTP server refused the message for good: " + e.getMessage(), e);
            }
            throw new EmailFailure("the SMTP server did not take the message: " + e.getClass().getSimpleName(), e);
        }
    }

    private static MimeBodyPart part(EmailMessage.Attachment attachment) throws MessagingException {
        MimeBodyPart part = new MimeBodyPart();
        part.setDataHandler(new DataHandler(new ByteArrayDataSource(attachment.content(), attachment.contentType())));
        part.setDisposition(Part.ATTACHMENT);
        part.setFileName(attachment.filename());
        return part;
    }

    /**
     * Whether the server refused the recipient ({@code RCPT}) or the message itself (its data)
     * with a permanent, 5xx reply. Jakarta Mail reports refused recipients as exceptions
     * chained to the one it throws.
     */
    private static boolean refusedForGood(MessagingException failure) {
        for (Exception e = failure; e != null; e = e instanceof MessagingException m ? m.getNextException() : null) {
            if (e instanceof SMTPAddressFailedException recipient && recipient.getReturnCode() / 100 == 5
                    || e instanceof SMTPSendFailedException data && data.getReturnCode() / 100 == 5) {
                return true;
            }
        }
        return false;
    }

    /** The SMTP server did not take a message. */
    static final class EmailFailure extends RuntimeException {
        EmailFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
