package io.tenantscreening.reports;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.notices.RightsSummary;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.pdf.PdfPages;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.properties.Property;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A report as a printable PDF (Apache PDFBox, US Letter): a header naming the consumer
 * reporting agency with its address and toll-free number ({@link AgencySettings}), the
 * report's result, the order, the applicant (name, masked SSN, date of birth), the
 * property, each check with its result and details, and a footer with the report's id and
 * the page number. Dates and times are written as people write them, in the agency's time
 * zone with its abbreviation ("November 25, 2026, 10:04 AM EST"; dates of records "June 14,
 * 2021"). Without an agency configured (development and tests; production requires one)
 * the header says so, as a development placeholder. The words of the checks are
 * {@link ReportSections}', which the applicant's page shows too. The applicant's copy
 * ({@link #renderForApplicant}) leaves out the recommendation, names who requested the
 * report, and ends with the summary of consumer rights on pages of its own (FCRA section
 * 609(c)(2): it goes with every written disclosure to the consumer; {@link RightsSummary}).
 * The pages, the font and the line breaking are {@link PdfPages}'. Never a full SSN: the
 * service does not have one to print.
 */
@Singleton
public class ReportPdf {

    private static final float MARGIN = PdfPages.MARGIN;
    private static final float BODY = 10;
    private static final float SMALL = 8;
    private static final float HEADING = 11.5f;
    private static final float LEADING = 1.4f;
    private static final float INDENT = 14;
    private static final float GRAY = 0.35f;
    private static final float RULE_GRAY = 0.7f;
    private static final float HEADER_LABEL = 7;
    private static final float HEADER_NAME = 12;
    private static final float HEADER_TEXT = 9;
    private static final float FOOTER_HEIGHT = 2 * SMALL * LEADING + 6;

    private final AgencySettings agency;
    private final RightsSummary rights;

    public ReportPdf(AgencySettings agency, RightsSummary rights) {
        this.agency = agency;
        this.rights = rights;
    }

    /** The report as the API serves it to the organisation, with its recommendation. */
    public byte[] render(Report report, OrderView order) {
        return render(report, order, null, null);
    }

    /**
     * The applicant's copy of the report: the same, but for the recommendation under the
     * organisation's policy (the organisation's own decision aid, not information the agency
     * has on the applicant), with who procured the report ({@code procuredBy}), and the
     * summary of consumer rights.
     */
    public byte[] renderForApplicant(Report report, OrderView order, String procuredBy, @Nullable ApplicantFile file) {
        return render(report, order, procuredBy, file == null ? null
                : ReportSections.procurements(file.procurements(), file.asOf(), agency.getTimeZone(),
                        ReportSections.agencyName(agency)));
    }

    /**
     * What the applicant's copy adds from the consumer's file (FCRA section 609(a)(3)): the
     * reports about them furnished in the year before {@code asOf}.
     */
    public record ApplicantFile(List<Procurement> procurements, Instant asOf) {
    }

    private byte[] render(Report report, OrderView order, String procuredBy, ReportSections.Section procurements) {
        PdfPages.Frame frame = new PdfPages.Frame(PdfPages.PAGE.getHeight() - MARGIN, MARGIN + FOOTER_HEIGHT, LEADING,
                header(ReportSections.agency(agency)), footer("Report " + report.id()));
        return PdfPages.document("Tenant screening report " + report.id(), frame, pages -> {
            write(new Page(pages), report, order, agency.getTimeZone(), procuredBy, procurements);
            if (procuredBy != null) {
                pages.breakPage();
                rights.write(pages);
            }
        });
    }

    private static void write(Page page, Report report, OrderView order, ZoneId zone, String procuredBy,
                              ReportSections.Section procurements) throws IOException {
        page.strong("Tenant screening report", 18);
        page.strong(ReportSections.result(report), 12);
        if (procuredBy == null) {
            recommendation(page, report.recommendation());
        }
        page.gap();
        page.text("Report " + report.id() + " of order " + report.orderId(), BODY);
        version(page, report);
        page.text("Provider: " + report.provider() + "    Mode: " + report.mode().dbValue(), BODY);
        page.text("Date of report: " + ReportSections.moment(report.completedAt(), zone), BODY);
        if (procuredBy != null) {
            page.text("Requested by: " + procuredBy, BODY);
        }
        page.text("Package: " + order.order().packageSlug()
                + (order.order().addOnProducts().isEmpty() ? "" : "    Add-ons: " + String.join(", ", order.order().addOnProducts())), BODY);
        Applicant applicant = order.applicant();
        page.heading("Applicant");
        page.text(applicant.firstName() + " " + applicant.lastName() + "    " + applicant.email(), BODY);
        page.text("SSN: " + (applicant.ssnLastFour() == null ? "none on file" : "XXX-XX-" + applicant.ssnLastFour())
                + "    Date of birth: " + (applicant.dob() == null ? "not collected" : ReportSections.day(applicant.dob())), BODY);
        Property property = order.property();
        page.heading("Property");
        if (property.name() != null) {
            page.text(property.name(), BODY);
        }
        page.text(property.street() + (property.unit() == null ? "" : ", " + property.unit()), BODY);
        page.text(property.city() + ", " + property.state() + " " + property.zipcode(), BODY);
        List<ReportSections.Section> sections = new ArrayList<>(ReportSections.checks(report, zone));
        if (procurements != null) {
            sections.add(procurements);
        }
        for (ReportSections.Section section : sections) {
            page.heading(section.heading());
            for (ReportSections.Line line : section.lines()) {
                if (line.detail()) {
                    page.detail(line.text());
                } else {
                    page.text(line.text(), BODY);
                }
            }
        }
    }

    /** Which version of the report this is, and whether a dispute of it is open (FCRA section 611); nothing for a first version as it stands. */
    private static void version(Page page, Report report) throws IOException {
        switch (report.status()) {
            case DISPUTED -> page.text("Version " + report.version() + ". The applicant disputes records of this report; "
                    + "they are being reinvestigated.", BODY);
            case SUPERSEDED -> page.text("Version " + report.version() + ", since replaced by a later version after the "
                    + "applicant disputed records of it.", BODY);
            case COMPLETE -> {
                if (report.version() > 1) {
                    page.text("Version " + report.version() + ", revised after the applicant disputed records of it.", BODY);
                }
            }
        }
    }

    /** The recommendation under the order's screening policy: the decision, the policy's name and each reason; nothing without a policy. */
    private static void recommendation(Page page, Recommendation recommendation) throws IOException {
        if (recommendation == null) {
            return;
        }
        page.heading("Recommendation: " + recommendation.decision().value().toUpperCase(Locale.ROOT) + " under the screening policy \""
                + recommendation.policyName() + "\"");
        if (recommendation.reasons().isEmpty()) {
            page.text("Every criterion of the policy is met.", BODY);
        }
        for (Recommendation.Reason reason : recommendation.reasons()) {
            page.text(reason.code().value() + " (" + reason.check() + "): " + reason.detail(), BODY);
        }
    }

    /** At the top of every page: the consumer reporting agency's name, address and telephone number, then a rule. */
    private static PdfPages.Header header(List<String> agency) {
        return pages -> {
            pages.moveDown(HEADER_LABEL);
            pages.show("CONSUMER REPORTING AGENCY", HEADER_LABEL, true, MARGIN, pages.y(), GRAY);
            for (int i = 0; i < agency.size(); i++) {
                float size = i == 0 ? HEADER_NAME : HEADER_TEXT;
                pages.paragraph(agency.get(i), size, false, MARGIN, PdfPages.WIDTH, i == 0 ? 0 : GRAY);
            }
            pages.moveDown(8);
            pages.rule(pages.y(), RULE_GRAY, 0.5f);
            pages.moveDown(10);
        };
    }

    /** At the foot of every page: what the results are, the report's id and "Page n of m". */
    private static PdfPages.Footer footer(String reportLine) {
        return (pages, number, count) -> {
            pages.rule(MARGIN + FOOTER_HEIGHT - 2, RULE_GRAY, 0.5f);
            pages.show("Results as the providers gave them, without the records too old to be reported. "
                    + "The full Social Security number is never shown.", SMALL, false, MARGIN, MARGIN + SMALL * LEADING, GRAY);
            pages.show(reportLine, SMALL, false, MARGIN, MARGIN, GRAY);
            String pageLine = "Page " + number + " of " + count;
            pages.show(pageLine, SMALL, false, MARGIN + PdfPages.WIDTH - pages.width(pageLine, SMALL), MARGIN, GRAY);
        };
    }

    /** The report's lines on the pages: text, bold lines, indented details and headed sections. */
    private record Page(PdfPages pages) {

        /** A line (wrapped as needed) of the body. */
        void text(String text, float size) throws IOException {
            pages.paragraph(text, size, false, MARGIN, PdfPages.WIDTH, 0);
        }

        /** A line in bold: the title and the result. */
        void strong(String text, float size) throws IOException {
            pages.paragraph(text, size, true, MARGIN, PdfPages.WIDTH, 0);
        }

        /** A line indented under the one before: the particulars of a record. */
        void detail(String text) throws IOException {
            pages.paragraph(text, BODY, false, MARGIN + INDENT, PdfPages.WIDTH - INDENT, 0);
        }

        /** A new section: a thin rule, then its title in bold, on a new page when the title and a line would not fit. */
        void heading(String text) throws IOException {
            gap();
            pages.ensure((HEADING + BODY) * LEADING);
            pages.rule(pages.y(), RULE_GRAY, 0.5f);
            pages.moveDown(3);
            strong(text, HEADING);
            pages.moveDown(1);
        }

        void gap() {
            pages.moveDown(BODY * 0.8f);
        }
    }
}
