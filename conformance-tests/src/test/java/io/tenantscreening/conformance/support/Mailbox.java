package io.tenantscreening.conformance.support;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.imap.ImapHostManager;
import com.icegreen.greenmail.mail.MailAddress;
import com.icegreen.greenmail.server.AbstractServer;
import com.icegreen.greenmail.smtp.SmtpManager;
import com.icegreen.greenmail.smtp.SmtpState;
import com.icegreen.greenmail.user.UserManager;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.BodyPart;
import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SMTP server the service under test sends to: GreenMail, in this JVM, on a free
 * loopback port. Tests find their messages by recipient (each test uses its own address).
 * A test may have the server answer {@code RCPT} for its own address with a reply of its
 * choosing ({@link #answerRecipient}), a refusal for good (5xx) or for now (4xx); GreenMail
 * accepts every recipient otherwise.
 */
public final class Mailbox {

    private static final Map<String, String> RECIPIENT_REPLIES = new ConcurrentHashMap<>();

    private static GreenMail server;

    private Mailbox() {
    }

    /** One received email: its recipients, subject, content type, the text of each part, and its attachments. */
    public record Mail(List<String> to, String from, String subject, String contentType, String text, String html,
                       List<Attachment> attachments) {
    }

    /** An attached file as received: its name, content type and bytes. */
    public record Attachment(String filename, String contentType, byte[] content) {
    }

    static synchronized int start() {
        if (server == null) {
            server = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP)) {
                @Override
                protected Map<String, AbstractServer> createServices(ServerSetup[] config, Managers managers) {
                    return super.createServices(config, new AnsweringManagers(managers));
                }
            };
            server.start();
        }
        return server.getSmtp().getPort();
    }

    /** The environment of a service process that sends its email here (EMAIL_SENDER=smtp, no STARTTLS). */
    public static Map<String, String> serviceEnvironment() {
        return Map.of("EMAIL_SENDER", "smtp", "SMTP_HOST", "127.0.0.1", "SMTP_PORT", String.valueOf(start()), "SMTP_STARTTLS", "false");
    }

    /** From now on the server answers {@code RCPT TO} this address with this reply, such as {@code 550 5.1.1 No such user}. */
    public static void answerRecipient(String address, String reply) {
        RECIPIENT_REPLIES.put(address, reply);
    }

    /** The emails received for this address so far. */
    public static List<Mail> to(String address) {
        List<Mail> mails = new ArrayList<>();
        for (MimeMessage message : server.getReceivedMessages()) {
            Mail mail = read(message);
            if (mail.to().contains(address)) {
                mails.add(mail);
            }
        }
        return mails;
    }

    /** Waits until this address has received {@code count} emails (or fails), then returns them. */
    public static List<Mail> await(String address, int count) {
        return Waits.await(address + " received " + count + " email(s)").until(() -> to(address), mails -> mails.size() >= count);
    }

    private static Mail read(MimeMessage message) {
        try {
            List<String> to = Arrays.stream(message.getAllRecipients()).map(Object::toString).toList();
            Map<String, String> texts = new HashMap<>();
            List<Attachment> attachments = new ArrayList<>();
            if (message.getContent() instanceof MimeMultipart parts) {
                readParts(parts, texts, attachments);
            }
            return new Mail(to, message.getFrom()[0].toString(), message.getSubject(), message.getContentType(),
                    texts.get("text/plain"), texts.get("text/html"), attachments);
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text parts and the attachments of a multipart, and of the multiparts inside it. */
    private static void readParts(MimeMultipart parts, Map<String, String> texts, List<Attachment> attachments)
            throws MessagingException, IOException {
        for (int i = 0; i < parts.getCount(); i++) {
            BodyPart part = parts.getBodyPart(i);
            if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
                try (InputStream content = part.getInputStream()) {
                    attachments.add(new Attachment(part.getFileName(), part.getContentType(), content.readAllBytes()));
                }
            } else if (part.getContent() instanceof MimeMultipart inner) {
                readParts(inner, texts, attachments);
            } else if (part.isMimeType("text/plain")) {
                texts.put("text/plain", (String) part.getContent());
            } else if (part.isMimeType("text/html")) {
                texts.put("text/html", (String) part.getContent());
            }
        }
    }

    /** GreenMail's managers, but for an SMTP manager that answers {@code RCPT} as {@link #answerRecipient} says. */
    private static final class AnsweringManagers extends Managers {
        private final Managers managers;
        private final SmtpManager smtp;

        AnsweringManagers(Managers managers) {
            this.managers = managers;
            this.smtp = new SmtpManager(managers.getImapHostManager(), managers.getUserManager()) {
                @Override
                public String checkRecipient(SmtpState state, MailAddress recipient) {
                    String reply = RECIPIENT_REPLIES.get(recipient.getEmail());
                    return reply != null ? reply : super.checkRecipient(state, recipient);
                }
            };
        }

        @Override
        public SmtpManager getSmtpManager() {
            return smtp;
        }

        @Override
        public UserManager getUserManager() {
            return managers.getUserManager();
        }

        @Override
        public ImapHostManager getImapHostManager() {
            return managers.getImapHostManager();
        }
    }
}
