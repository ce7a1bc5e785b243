package io.tenantscreening.disputes;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigation;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The description of how a dispute was reinvestigated, which the consumer asked for (FCRA
 * section 611(a)(7), the description 611(a)(6)(B)(iii) promises): for each disputed record or
 * check, the screening provider asked to verify it again, the furnisher of information that
 * provider contacted, with its business name and address and its telephone number, or that
 * none is available, and what came of it; for what the provider did not verify within the
 * reinvestigation period, that it was removed for that reason. With a link to the consumer's
 * copy of their report, where they may add a statement or dispute again.
 */
@Singleton
public class DisputeDescriptionEmails {

    static final String SUBJECT = "How we reinvestigated your dispute";

    private final AgencySettings agency;

    public DisputeDescriptionEmails(AgencySettings agency) {
        this.agency = agency;
    }

    EmailMessage message(Dispute dispute, List<DisputeProcedure.Step> steps, Applicant applicant, Instant requestedAt,
                         String copyPage, int reinvestigationDays) {
        String agencyName = DisputeEmails.signature(agency);
        String greeting = "Dear " + applicant.firstName() + " " + applicant.lastName() + ",";
        String opening = "You asked on " + day(requestedAt) + " how we reinvestigated what you disputed in your screening report on "
                + day(dispute.createdAt()) + ". We completed the reinvestigation on " + day(dispute.resolvedAt())
                + ". For each record or check you disputed:";
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < dispute.items().size(); i++) {
            lines.add(line(dispute.items().get(i), steps.get(i), dispute.resolvedBy(), reinvestigationDays));
        }
        String closing = "If you still disagree, you may add a statement to your file or dispute again on your report's page: "
                + copyPage;
        String text = greeting + "\n\n" + opening + "\n\n" + String.join("\n", lines.stream().map(line -> "- " + line).toList())
                + "\n\n" + closing + "\n\n" + agencyName + "\n";
        String html = "<p>" + DisputeEmails.escape(greeting) + "</p>\n<p>" + DisputeEmails.escape(opening) + "</p>\n<ul>\n"
                + String.join("", lines.stream().map(line -> "<li>" + DisputeEmails.escape(line) + "</li>\n").toList())
                + "</ul>\n<p>If you still disagree, you may add a statement to your file or dispute again on <a href=\""
                + DisputeEmails.escape(copyPage) + "\">your report's page</a>.</p>\n<p>" + DisputeEmails.escape(agencyName) + "</p>\n";
        return new EmailMessage(applicant.email(), SUBJECT, text, html, List.of());
    }

    /**
     * One item: the provider asked, the furnisher it contacted (or that it named none), and what
     * came of it; or that another of the consumer's disputes had it removed first.
     */
    static String line(Dispute.Item item, DisputeProcedure.Step step, Dispute.ResolvedBy by, int reinvestigationDays) {
        if (step.removed()) {
            return DisputeEmails.what(item) + ": the reinvestigation of another of your disputes removed it from your report "
                    + "before this one ended, so it was not verified again.";
        }
        String asked = DisputeEmails.what(item) + ": we asked " + step.provider() + ", the screening provider that reported it, to "
                + "verify it again.";
        if (by == Dispute.ResolvedBy.DEADLINE && item.outcome() == Reinvestigation.Outcome.DELETED) {
            return asked + " It did not verify it within the " + reinvestigationDays + "-day reinvestigation period, so it was "
                    + "removed from your report.";
        }
        return asked + " " + contacted(step.furnisher()) + " " + switch (item.outcome()) {
            case UPHELD -> "The source confirmed it as reported.";
            case CORRECTED -> "The source corrected it.";
            case DELETED -> "It could not be confirmed, so it was removed from your report.";
        };
    }

    /** The furnisher contacted, by business name, address and telephone number where available (FCRA section 611(a)(6)(B)(iii)). */
    static String contacted(Findings.Source furnisher) {
        if (furnisher == null) {
            return "It named no furnisher of information that it contacted.";
        }
        return "It contacted the furnisher of the information, " + furnisher.name() + ", " + furnisher.address() + ", "
                + (furnisher.phone() == null || furnisher.phone().isBlank() ? "whose telephone number is not available to us."
                : "telephone " + furnisher.phone() + ".");
    }

    private String day(Instant instant) {
        return ReportSections.day(LocalDate.ofInstant(instant, agency.getTimeZone()));
    }
}
