package io.tenantscreening.email;

import java.util.List;

/**
 * An email to one recipient, with a plain-text and an HTML version of the same words, and
 * files attached to it (none for most messages).
 */
public record EmailMessage(String to, String subject, String text, String html, List<Attachment> attachments) {

    public EmailMessage {
        attachments = List.copyOf(attachments);
    }

    /** A message without attachments. */
    public EmailMessage(String to, String subject, String text, String html) {
        this(to, subject, text, html, List.of());
    }

    /** A file sent with a message: the name it is saved under, its MIME type and its bytes. */
    public record Attachment(String filename, String contentType, byte[] content) {
    }
}
