package io.tenantscreening.disputes;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigations;
import jakarta.inject.Singleton;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The email that tells the applicant the outcome of their dispute: each disputed record or check and
 * what became of it, in plain words, with the report as it now stands as a PDF attachment.
 */
@Singleton
public class DisputeEmails {

    private static final String PDF = "application/pdf";
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMMM d, uuuu", Locale.US);

    private final AgencySettings agency;

    public DisputeEmails(AgencySettings agency) {
        this.agency = agency;
    }

    EmailMessage message(Dispute dispute, Applicant applicant, String reportId, byte[] reportPdf) {
        String agencyName = agency.getName() == null || agency.getName().isBlank() ? "The consumer reporting agency" : agency.getName();
        List<String> lines = dispute.items().stream().map(DisputeEmails::line).toList();
        String greeting = "Dear " + applicant.firstName() + " " + applicant.lastName() + ",";
        String opening = "We have finished looking again at what you disputed in your screening report on "
                + DAY.format(dispute.createdAt().atZone(agency.getTimeZone())) + ". This is what we found:";
        String closing = "Your report as it now stands is attached (report " + reportId + "). Where a record or check was corrected or "
                + "removed, the landlord or property manager who ordered the screening can now read the changed report. "
                + "If you still disagree with anything in it, you may dispute it again, or add a short statement of your side.";
        String text = greeting + "\n\n" + opening + "\n\n" + String.join("\n", lines.stream().map(line -> "- " + line).toList())
                + "\n\n" + closing + "\n\n" + agencyName + "\n";
        String html = "<p>" + escape(greeting) + "</p>\n<p>" + escape(opening) + "</p>\n<ul>\n"
                + String.join("", lines.stream().map(line -> "<li>" + escape(line) + "</li>\n").toList())
                + "</ul>\n<p>" + escape(closing) + "</p>\n<p>" + escape(agencyName) + "</p>\n";
        return new EmailMessage(applicant.email(), "The outcome of your dispute of your screening report", text, html,
                List.of(new EmailMessage.Attachment("screening-report-" + reportId + ".pdf", PDF, reportPdf)));
    }

    private static String line(Dispute.Item item) {
        if (item.wholeCheck()) {
            return "Your " + ReportSections.title(item.check().value()).toLowerCase(Locale.US) + " check" + switch (item.outcome()) {
                case UPHELD -> ": the source confirmed it as reported, so it stays on your report as it was.";
                case CORRECTED -> ": the source corrected it, and your report now shows what the source found when it checked again.";
                case DELETED -> ": it could not be confirmed, so its findings have been removed from your report.";
            };
        }
        Findings.CourtRecord record = Reinvestigations.record(item.disputed());
        String what = (item.check().value().equals("eviction") ? "The eviction record" : "The criminal record") + " filed "
                + DAY.format(record.filedOn()) + " at " + record.court() + " (" + record.description() + ")";
        return what + switch (item.outcome()) {
            case UPHELD -> ": the source confirmed it as reported, so it stays on your report.";
            case CORRECTED -> ": the source corrected it, and your report now shows the corrected record.";
            case DELETED -> ": it could not be confirmed, so it has been removed from your report.";
        };
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
