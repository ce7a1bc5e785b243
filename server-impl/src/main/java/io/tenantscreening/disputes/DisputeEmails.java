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
 * The email that tells the applicant the outcome of their dispute, the written notice of the
 * results of a reinvestigation (FCRA section 611(a)(6)), with each element 611(a)(6)(B) asks
 * for: (i) that the reinvestigation is complete, with each disputed record or check and what
 * became of it in plain words; (ii) the report as it now stands, based on the file as revised,
 * as a PDF attachment; (iii) that a description of how it was reinvestigated, with the business
 * name, address and telephone number of each furnisher contacted, is sent on request (within
 * 15 days, 611(a)(7)); (iv) the right to add a statement to the file (611(b)), with the address
 * of the statement form of this dispute when something it named stayed in the report; and (v)
 * the right to have earlier recipients told of a deletion or a statement (611(d)). The last
 * three are done on the consumer's copy of their report, which the email links to.
 */
@Singleton
public class DisputeEmails {

    /** The six months before a request within which earlier recipients of a report are told (FCRA section 611(d)). */
    public static final int RECIPIENT_MONTHS = 6;

    private static final String PDF = "application/pdf";
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMMM d, uuuu", Locale.US);

    private final AgencySettings agency;

    public DisputeEmails(AgencySettings agency) {
        this.agency = agency;
    }

    /** The notice of the outcome of a resolved dispute, with the report's PDF and a link to the consumer's copy ({@code copyPage}). */
    EmailMessage message(Dispute dispute, Applicant applicant, String reportId, byte[] reportPdf, String copyPage) {
        String agencyName = signature(agency);
        List<String> lines = dispute.items().stream().map(DisputeEmails::inWords).toList();
        String greeting = "Dear " + applicant.firstName() + " " + applicant.lastName() + ",";
        String opening = "We have finished looking again at what you disputed in your screening report on "
                + DAY.format(dispute.createdAt().atZone(agency.getTimeZone())) + ". Our reinvestigation is complete, and this is "
                + "what we found:";
        String report = "Your report as it now stands, based on your file as revised, is attached (report " + reportId + "). "
                + "Where a record or check was corrected or removed, the landlord or property manager who ordered the screening "
                + "can now read the changed report.";
        String rightsHeading = "What you can do now, on your report's page (" + copyPage + "):";
        List<String> rights = List.of(
                "Ask how we checked: if you ask, we will send you a description of how we reinvestigated what you disputed, "
                        + "including the business name and address of each furnisher of information we contacted and its "
                        + "telephone number where we have it, within 15 days of your request.",
                "Add a statement: you have the right to add a short statement to your file saying why you dispute the "
                        + "accuracy or completeness of information in it (FCRA section 611(b))." + (dispute.takesStatement()
                        ? " Write it, in at most " + StatementOfDispute.MOST_WORDS + " words, about what stayed in your report, "
                        + "and every report about you that contains it will include your statement from now on: " + copyPage
                        + "#statement-" + dispute.id() : ""),
                "Have others told: you have the right to ask us to tell anyone you choose who received a report about you in "
                        + "the past " + RECIPIENT_MONTHS + " months that contained information we removed, or that you dispute in "
                        + "a statement (FCRA section 611(d)). The law counts two years for reports used for employment; this "
                        + "service's reports are for renting a home.",
                "Dispute again: if you still disagree with anything in your report, you may dispute it again.");
        String text = greeting + "\n\n" + opening + "\n\n" + bullets(lines) + "\n\n" + report + "\n\n" + rightsHeading + "\n\n"
                + bullets(rights) + "\n\n" + agencyName + "\n";
        String html = "<p>" + escape(greeting) + "</p>\n<p>" + escape(opening) + "</p>\n" + list(lines)
                + "<p>" + escape(report) + "</p>\n<p>What you can do now, on <a href=\"" + escape(copyPage)
                + "\">your report's page</a>:</p>\n" + list(rights) + "<p>" + escape(agencyName) + "</p>\n";
        return new EmailMessage(applicant.email(), "The outcome of your dispute of your screening report", text, html,
                List.of(new EmailMessage.Attachment("screening-report-" + reportId + ".pdf", PDF, reportPdf)));
    }

    /** The agency's name as a notice is signed, or "The consumer reporting agency" when it has none. */
    static String signature(AgencySettings agency) {
        return agency.getName() == null || agency.getName().isBlank() ? "The consumer reporting agency" : agency.getName();
    }

    /** A disputed record or check in words: "The eviction record filed …" or "Your credit check". */
    public static String what(Dispute.Item item) {
        if (item.wholeCheck()) {
            return "Your " + ReportSections.title(item.check().value()).toLowerCase(Locale.US) + " check";
        }
        Findings.CourtRecord record = Reinvestigations.record(item.disputed());
        return (item.check().value().equals("eviction") ? "The eviction record" : "The criminal record") + " filed "
                + DAY.format(record.filedOn()) + " at " + record.court() + " (" + record.description() + ")";
    }

    /** A resolved dispute's record or check and what became of it, in plain words. */
    public static String inWords(Dispute.Item item) {
        if (item.wholeCheck()) {
            return what(item) + switch (item.outcome()) {
                case UPHELD -> ": the source confirmed it as reported, so it stays on your report as it was.";
                case CORRECTED -> ": the source corrected it, and your report now shows what the source found when it checked again.";
                case DELETED -> ": it could not be confirmed, so its findings have been removed from your report.";
            };
        }
        return what(item) + switch (item.outcome()) {
            case UPHELD -> ": the source confirmed it as reported, so it stays on your report.";
            case CORRECTED -> ": the source corrected it, and your report now shows the corrected record.";
            case DELETED -> ": it could not be confirmed, so it has been removed from your report.";
        };
    }

    private static String bullets(List<String> lines) {
        return String.join("\n", lines.stream().map(line -> "- " + line).toList());
    }

    private static String list(List<String> lines) {
        return "<ul>\n" + String.join("", lines.stream().map(line -> "<li>" + escape(line) + "</li>\n").toList()) + "</ul>\n";
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
