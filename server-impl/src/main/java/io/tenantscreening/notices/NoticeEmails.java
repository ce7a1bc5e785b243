package io.tenantscreening.notices;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Text;
import io.tenantscreening.email.EmailMessage;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The email that carries a notice to the applicant: subject, text and HTML from the
 * templates of the notice's kind ({@code …-email-subject.txt}, {@code …-email.txt},
 * {@code …-email.html} of {@link NoticeTemplates}), the notice as a PDF attachment and, for
 * the pre-adverse notice, the applicant's copy of the report as a second one.
 */
@Singleton
public class NoticeEmails {

    private static final String PDF = "application/pdf";

    private final NoticeTemplates templates;
    private final AgencySettings agency;

    public NoticeEmails(NoticeTemplates templates, AgencySettings agency) {
        this.templates = templates;
        this.agency = agency;
    }

    /** {@code reportPdf} is required for the pre-adverse notice and not used for the adverse action notice. */
    public EmailMessage message(NoticeFacts facts, byte[] noticePdf, byte[] reportPdf) {
        Map<String, Object> variables = NoticeVariables.of(facts, agency, templates);
        List<EmailMessage.Attachment> attachments = new ArrayList<>();
        attachments.add(new EmailMessage.Attachment(NoticeVariables.noticeFile(facts.kind()), PDF, noticePdf));
        if (facts.kind() == NoticeKind.PRE_ADVERSE) {
            if (reportPdf == null) {
                throw new IllegalArgumentException("a pre-adverse notice goes with the applicant's copy of the report");
            }
            attachments.add(new EmailMessage.Attachment(NoticeVariables.REPORT_FILE, PDF, reportPdf));
        }
        return new EmailMessage(facts.applicantEmail(),
                Text.collapse(templates.process(NoticeVariables.template(facts.kind(), "-email-subject.txt"), variables)),
                templates.process(NoticeVariables.template(facts.kind(), "-email.txt"), variables),
                templates.process(NoticeVariables.template(facts.kind(), "-email.html"), variables),
                attachments);
    }
}
