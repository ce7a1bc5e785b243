package io.tenantscreening.notices;

import io.tenantscreening.email.EmailMessage;
import org.junit.jupiter.api.Test;

import static io.tenantscreening.notices.NoticeFixtures.agency;
import static io.tenantscreening.notices.NoticeFixtures.conditionalWithoutScore;
import static io.tenantscreening.notices.NoticeFixtures.declineWithScore;
import static io.tenantscreening.notices.NoticeFixtures.preAdverse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The emails that carry the notices (openapi.yaml#adverse-action: the notices go by email to
 * the applicant, as PDF attachments; the pre-adverse notice with the applicant's copy of the
 * report).
 */
class NoticeEmailsTest {

    private static final byte[] NOTICE = {'%', 'P', 'D', 'F', '-', 1};
    private static final byte[] REPORT = {'%', 'P', 'D', 'F', '-', 2};

    private final NoticeEmails emails = new NoticeEmails(new NoticeTemplates(""), agency());

    @Test
    void theAdverseActionNoticeGoesToTheApplicantAsItsOnlyAttachment() {
        EmailMessage email = emails.message(declineWithScore(), NOTICE, REPORT);

        assertThat(email.to()).isEqualTo("jane@example.com");
        assertThat(email.subject()).isEqualTo("Notice of adverse action on your application to rent 12 Main St, Apt 4, Austin, TX 78701");
        assertThat(email.text()).contains("Hello Jane Q. Applicant,", "Sunrise Property Group LLC has made a decision",
                "The attached notice (adverse-action-notice.pdf)", "Reference: aa_2Hs4Jd6Kf8Lg1Zm3Xn5Cb7Vq").doesNotContain("TEST");
        assertThat(email.html()).contains("<strong>Sunrise Property Group LLC</strong> has made a decision", "adverse-action-notice.pdf");
        assertThat(email.attachments()).singleElement().satisfies(attachment -> {
            assertThat(attachment.filename()).isEqualTo("adverse-action-notice.pdf");
            assertThat(attachment.contentType()).isEqualTo("application/pdf");
            assertThat(attachment.content()).isEqualTo(NOTICE);
        });
    }

    @Test
    void thePreAdverseNoticeGoesWithTheApplicantsCopyOfTheReportAndTheDeadline() {
        EmailMessage email = emails.message(preAdverse(), NOTICE, REPORT);

        assertThat(email.subject()).isEqualTo("Before a decision on your application to rent 12 Main St, Apt 4, Austin, TX 78701");
        assertThat(email.text()).contains("Nothing has been decided yet.", "(pre-adverse-action-notice.pdf)", "(screening-report.pdf)",
                "contact Sunrise Property Group LLC by Wednesday, December 2, 2026 at 10:04 AM EST.");
        assertThat(email.html()).contains("<strong>Wednesday, December 2, 2026 at 10:04 AM EST</strong>");
        assertThat(email.attachments()).extracting(EmailMessage.Attachment::filename)
                .containsExactly("pre-adverse-action-notice.pdf", "screening-report.pdf");
        assertThat(email.attachments()).extracting(EmailMessage.Attachment::contentType).containsOnly("application/pdf");
        assertThat(email.attachments()).extracting(EmailMessage.Attachment::content).containsExactly(NOTICE, REPORT);
    }

    @Test
    void aPreAdverseNoticeWithoutTheReportIsNotMade() {
        assertThatThrownBy(() -> emails.message(preAdverse(), NOTICE, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTestNoticesEmailSaysItIsATestAndTheIntegratorsWordsAreEscapedInHtml() {
        NoticeFacts facts = conditionalWithoutScore();
        NoticeFacts marked = new NoticeFacts(facts.kind(), facts.adverseActionId(), false, facts.issuedAt(), facts.applicantName(),
                facts.applicantEmail(), facts.propertyAddress(), "Smith & <b>Sons</b>", facts.decision(), facts.conditions(),
                facts.reasons(), null, null, facts.reportId());

        EmailMessage email = emails.message(marked, NOTICE, null);

        assertThat(email.subject()).startsWith("[TEST] Notice of adverse action");
        assertThat(email.text()).startsWith("TEST EMAIL: made with a test API key.").contains("Smith & <b>Sons</b> has made a decision");
        assertThat(email.html()).contains("TEST EMAIL", "<strong>Smith &amp; &lt;b&gt;Sons&lt;/b&gt;</strong>");
    }
}
