package io.tenantscreening.conformance.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.BodyPart;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The SMTP server the service under test sends to: GreenMail, in this JVM, on a free
 * loopback port. Tests find their messages by recipient (each test uses its own address).
 */
public final class Mailbox {

    private static GreenMail server;

    private Mailbox() {
    }

    /** One received email: its recipients, subject, content type and the text of each part. */
    public record Mail(List<String> to, String from, String subject, String contentType, String text, String html) {
    }

    static synchronized int start() {
        if (server == null) {
            server = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
            server.start();
        }
        return server.getSmtp().getPort();
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
        long deadline = System.nanoTime() + Screenings.PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            List<Mail> mails = to(address);
            if (mails.size() >= count) {
                return mails;
            }
            Pause.millis(100);
        }
        throw new AssertionError(address + " did not receive " + count + " email(s) in " + Screenings.PATIENCE
                + "; received " + to(address).size());
    }

    private static Mail read(MimeMessage message) {
        try {
            List<String> to = Arrays.stream(message.getAllRecipients()).map(Object::toString).toList();
            String text = null;
            String html = null;
            if (message.getContent() instanceof MimeMultipart parts) {
                for (int i = 0; i < parts.getCount(); i++) {
                    BodyPart part = parts.getBodyPart(i);
                    if (part.isMimeType("text/plain")) {
                        text = (String) part.getContent();
                    } else if (part.isMimeType("text/html")) {
                        html = (String) part.getContent();
                    }
                }
            }
            return new Mail(to, message.getFrom()[0].toString(), message.getSubject(), message.getContentType(), text, html);
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
