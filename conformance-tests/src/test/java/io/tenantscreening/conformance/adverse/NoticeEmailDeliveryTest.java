package io.tenantscreening.conformance.adverse;

import io.tenantscreening.conformance.support.Mailbox.Attachment;
import io.tenantscreening.conformance.support.Mailbox.Mail;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.email.EmailRejected;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.notices.CreditScoreDisclosure;
import io.tenantscreening.notices.NoticeDocuments;
import io.tenantscreening.notices.NoticeEmails;
import io.tenantscreening.notices.NoticeFacts;
import io.tenantscreening.notices.NoticeKind;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * openapi.yaml#adverse-action: the notices go to the applicant by email, as PDF attachments,
 * the pre-adverse notice with the applicant's copy of the report; a notice whose email fails
 * for good is reported as such ({@code adverse_action.notice_undeliverable}), which needs the
 * sender to tell a permanent refusal from a failure worth retrying
 * (docs/operators.md#adverse-actions). Made and sent by the running service's own beans,
 * over SMTP to GreenMail in this JVM.
 */
class NoticeEmailDeliveryTest {

    private static final byte[] REPORT = report();

    /** openapi.yaml#adverse-action: the pre-adverse notice arrives with the applicant's copy of the report, both as PDFs. */
    @Test
    void thePreAdverseNoticeArrivesWithTheNoticeAndTheReportAttachedAsPdfs() throws IOException {
        String address = "notice-" + UUID.randomUUID() + "@apply.test";
        NoticeFacts facts = facts(NoticeKind.PRE_ADVERSE, address);
        byte[] notice = TestServer.bean(NoticeDocuments.class).render(facts);

        TestServer.bean(EmailSender.class).send(TestServer.bean(NoticeEmails.class).message(facts, notice, REPORT));

        Mail mail = Mailbox.await(address, 1).get(0);
        assertThat(mail.contentType()).startsWith("multipart/mixed");
        assertThat(mail.subject()).isEqualTo("[TEST] Before a decision on your application to rent 12 Oak Street, Austin, TX 78701");
        assertThat(mail.text()).contains("Lakeside Landlords LLC is considering a decision", "(pre-adverse-action-notice.pdf)");
        assertThat(mail.html()).contains("<strong>Lakeside Landlords LLC</strong>");
        assertThat(mail.attachments()).extracting(Attachment::filename).containsExactly("pre-adverse-action-notice.pdf", "screening-report.pdf");
        assertThat(mail.attachments()).allSatisfy(attachment -> assertThat(attachment.contentType()).startsWith("application/pdf"));
        assertThat(mail.attachments().get(0).content()).isEqualTo(notice);
        assertThat(text(mail.attachments().get(0).content()))
                .as("the notice names the test server's agency").contains("Pre-adverse action notice", TestServer.AGENCY_NAME,
                        TestServer.AGENCY_ADDRESS, TestServer.AGENCY_PHONE);
        assertThat(mail.attachments().get(1).content()).isEqualTo(REPORT);
    }

    /** POST /adverse_actions, rule 4: the adverse action notice arrives as the email's only attachment. */
    @Test
    void theAdverseActionNoticeArrivesAsItsOnlyAttachment() throws IOException {
        String address = "notice-" + UUID.randomUUID() + "@apply.test";
        NoticeFacts facts = facts(NoticeKind.ADVERSE_ACTION, address);
        byte[] notice = TestServer.bean(NoticeDocuments.class).render(facts);

        TestServer.bean(EmailSender.class).send(TestServer.bean(NoticeEmails.class).message(facts, notice, null));

        Mail mail = Mailbox.await(address, 1).get(0);
        assertThat(mail.attachments()).singleElement().satisfies(attachment -> {
            assertThat(attachment.filename()).isEqualTo("adverse-action-notice.pdf");
            assertThat(attachment.content()).startsWith("%PDF-".getBytes(StandardCharsets.US_ASCII)).isEqualTo(notice);
        });
        assertThat(text(mail.attachments().get(0).content())).contains("Notice of adverse action", "1. Too many recent inquiries (T08)");
    }

    /** docs/operators.md#adverse-actions: a permanent refusal by the mail server (an unknown address) is told apart. */
    @Test
    void aRecipientTheServerRefusesForGoodIsEmailRejected() {
        String address = "unknown-" + UUID.randomUUID() + "@apply.test";
        Mailbox.answerRecipient(address, "550 5.1.1 No such mailbox here");

        assertThatThrownBy(() -> TestServer.bean(EmailSender.class).send(message(address)))
                .isInstanceOf(EmailRejected.class)
                .hasMessageContaining("refused the message for good");
        assertThat(Mailbox.to(address)).isEmpty();
    }

    /** docs/operators.md#adverse-actions: a mail server that fails for now is tried again, so its refusal is no rejection. */
    @Test
    void aRefusalForNowIsAFailureToRetryNotARejection() {
        String address = "busy-" + UUID.randomUUID() + "@apply.test";
        Mailbox.answerRecipient(address, "451 4.3.0 Try again later");

        assertThatThrownBy(() -> TestServer.bean(EmailSender.class).send(message(address)))
                .isInstanceOf(RuntimeException.class)
                .isNotInstanceOf(EmailRejected.class)
                .hasMessageContaining("did not take the message");
        assertThat(Mailbox.to(address)).isEmpty();
    }

    private static EmailMessage message(String address) {
        return new EmailMessage(address, "A notice", "Text", "<p>HTML</p>",
                List.of(new EmailMessage.Attachment("adverse-action-notice.pdf", "application/pdf", REPORT)));
    }

    private static NoticeFacts facts(NoticeKind kind, String address) {
        CreditScoreDisclosure score = new CreditScoreDisclosure(560, "VantageScore 4.0", new CreditScoreDisclosure.Range(300, 850),
                List.of(new CreditScoreDisclosure.Factor("T08", "Too many recent inquiries", true)), LocalDate.of(2026, 11, 20),
                new CreditScoreDisclosure.Source("Sandbox credit bureau", null, null), null);
        return new NoticeFacts(kind, "aa_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 24), false,
                Instant.parse("2026-11-25T15:04:00Z"), "Jamie Rivera", address, "12 Oak Street, Austin, TX 78701",
                "Lakeside Landlords LLC", "decline", null, List.of("credit_score_below_minimum"), score,
                kind == NoticeKind.PRE_ADVERSE ? Instant.parse("2026-12-02T15:04:00Z") : null, "rpt_test_1");
    }

    private static String text(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document).replaceAll("\\s+", " ");
        }
    }

    /** A PDF standing in for the report (the report's own PDF is tested with reports). */
    private static byte[] report() {
        try (PDDocument document = new PDDocument()) {
            document.addPage(new PDPage());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
