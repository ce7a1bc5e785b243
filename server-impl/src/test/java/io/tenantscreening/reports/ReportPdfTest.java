package io.tenantscreening.reports;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.notices.AppendixK;
import io.tenantscreening.notices.NoticeTemplates;
import io.tenantscreening.notices.RightsSummary;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.properties.Property;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report PDF made for people (docs/integrators.md#the-pdf): the consumer reporting
 * agency's name, address and toll-free number at the top of every page (a marked placeholder
 * when they are not configured), dates and times as people write them in the agency's time
 * zone with its abbreviation (docs/operators.md#the-agency-and-its-notices), records with
 * their filing dates and whether they are convictions, on one page for an ordinary report;
 * the applicant's copy ends with the summary of consumer rights (FCRA section 609(c)). The
 * conformance tests read the same PDF over HTTP.
 */
class ReportPdfTest {

    private static final Instant WINTER = Instant.parse("2026-11-25T15:04:00Z");
    private static final Instant SUMMER = Instant.parse("2026-07-02T21:30:00Z");

    @Test
    void theAgencyHeadsThePageAndDatesAreWrittenInItsTimeZone() throws IOException {
        AgencySettings agency = agency("America/New_York");

        List<String> lines = lines(pdf(agency).render(report(WINTER), order()));

        assertThat(lines).containsSubsequence(
                "CONSUMER REPORTING AGENCY",
                "Keystone Tenant Reports, Inc.",
                "1200 Congress Avenue, Suite 400, Austin, TX 78701 Toll-free: 1-800-555-0199",
                "Tenant screening report",
                "Result: CONSIDER (something needs a person's review)",
                "Date of report: November 25, 2026, 10:04 AM EST",
                "SSN: XXX-XX-0007 Date of birth: April 12, 1990",
                "Eviction records: consider",
                "Filed June 14, 2021, Travis County Justice Court, Precinct 5",
                "Eviction: Non-payment of rent. Disposition: Judgment for plaintiff.",
                "Criminal records: consider",
                "Filed March 2, 2014, Travis County Court at Law No. 7",
                "Misdemeanor: Driving while intoxicated. Disposition: Guilty plea; probation completed. Conviction: yes.",
                "Filed September 30, 2024, Travis County District Court",
                "Misdemeanor: Theft of property under $750. Disposition: open. Conviction: no.",
                "Report rpt_test_1 Page 1 of 1");
        assertThat(lines).noneMatch(line -> line.contains("DEVELOPMENT PLACEHOLDER"));
    }

    @Test
    void theTimeZoneAndItsAbbreviationAreTheAgencysAndFollowDaylightSaving() throws IOException {
        assertThat(lines(pdf(agency("America/New_York")).render(report(SUMMER), order())))
                .contains("Date of report: July 2, 2026, 5:30 PM EDT");
        assertThat(lines(pdf(agency("America/Los_Angeles")).render(report(WINTER), order())))
                .contains("Date of report: November 25, 2026, 7:04 AM PST");
    }

    @Test
    void withoutAnAgencyConfiguredTheHeaderIsAMarkedPlaceholderNamingWhatIsMissing() throws IOException {
        AgencySettings partial = new AgencySettings();
        partial.setName("Keystone Tenant Reports, Inc.");
        partial.setAddress(" ");

        List<String> lines = lines(pdf(partial).render(report(WINTER), order()));

        assertThat(lines).containsSubsequence(
                "CONSUMER REPORTING AGENCY",
                "DEVELOPMENT PLACEHOLDER: no consumer reporting agency configured",
                "Set AGENCY_ADDRESS, AGENCY_PHONE (production requires them).",
                "Tenant screening report");
        assertThat(lines).doesNotContain("Keystone Tenant Reports, Inc.");
    }

    @Test
    void aCourtRecordStoredBeforeConvictionsWereRecordedSaysNothingOfIt() throws IOException {
        String old = "{\"records\":[{\"court\":\"Travis County District Court\",\"filed_on\":\"2024-09-30\",\"case_type\":\"misdemeanor\","
                + "\"disposition\":\"Deferred adjudication\",\"description\":\"Theft of property under $750\"}]}";
        Report report = new Report("rpt_test_1", Mode.TEST, "ord_test_1",
                List.of(new Report.CheckResult("criminal", "test", true, old)), null, WINTER, WINTER);

        assertThat(lines(pdf(agency("America/New_York")).render(report, order())))
                .contains("Misdemeanor: Theft of property under $750. Disposition: Deferred adjudication.");
    }

    /**
     * FCRA 611(c) (docs/integrators.md#statements-of-dispute): a check notes that the consumer
     * disputes it or its records, with their statement, under its findings; the day the
     * statement was filed is the agency's.
     */
    @Test
    void aCheckPrintsTheConsumersStatementsOfDisputeUnderItsFindings() throws IOException {
        String records = "{\"records\":[{\"court\":\"Travis County Justice Court, Precinct 5\",\"filed_on\":\"2021-06-14\","
                + "\"case_type\":\"eviction\",\"disposition\":\"Judgment for plaintiff\",\"conviction\":null,"
                + "\"description\":\"Non-payment of rent\"}]}";
        Instant filed = Instant.parse("2026-11-28T03:30:00Z");
        Report report = new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(
                new Report.CheckResult("credit", "test", false, "{\"score_model\":\"VantageScore 4.0\",\"score\":712,"
                        + "\"tradelines\":{\"total\":5,\"open\":3,\"delinquent\":0,\"total_balance_cents\":100}}", false,
                        List.of(new Report.Statement("The accounts are not mine.", filed, null)), List.of()),
                new Report.CheckResult("eviction", "test", true, records, false,
                        List.of(new Report.Statement("I paid the rent before the case was filed.", filed, List.of(0))), List.of())),
                null, WINTER, WINTER);

        assertThat(lines(pdf(agency("America/New_York")).render(report, order()))).containsSubsequence(
                "Credit: clear",
                "Disputed by the consumer: this check as a whole. The consumer's statement, filed November 27, 2026:",
                "\u201CThe accounts are not mine.\u201D",
                "Eviction records: consider",
                "Eviction: Non-payment of rent. Disposition: Judgment for plaintiff.",
                "Disputed by the consumer: the record filed June 14, 2021, Travis County Justice Court, Precinct 5. The",
                "consumer's statement, filed November 27, 2026:",
                "\u201CI paid the rent before the case was filed.\u201D");
    }

    /**
     * FCRA section 609(c), 12 CFR part 1022 appendix K: the applicant's copy, a written
     * disclosure to the consumer (section 609(c)(2)), ends with the summary of consumer rights
     * in full, every element of the model form, on pages of its own under the agency's header;
     * the organisation's PDF of the same report does not carry it.
     */
    @Test
    void theApplicantsCopyEndsWithEveryElementOfTheSummaryOfConsumerRightsOnPagesOfItsOwn() throws IOException {
        ReportPdf pdf = pdf(agency("America/New_York"));

        List<String> pages = pages(pdf.renderForApplicant(report(WINTER), order(), "Sunrise Property Group LLC", null));
        String organisations = String.join(" ", pages(pdf.render(report(WINTER), order())));

        int first = 0;
        while (first < pages.size() && !pages.get(first).contains("A summary of your rights")) {
            first++;
        }
        assertThat(first).as("the summary follows the report").isBetween(1, pages.size() - 1);
        assertThat(pages.get(first)).as("the summary's first page has the agency's header and nothing of the report")
                .containsSubsequence("CONSUMER REPORTING AGENCY", "Keystone Tenant Reports, Inc.",
                        "A summary of your rights under the Fair Credit Reporting Act")
                .doesNotContain("Income verification");
        AppendixK.assertEveryElementIn("the applicant's copy as PDF", pages.subList(first, pages.size()).stream()
                .map(ReportPdfTest::withoutHeaderAndFooter).collect(Collectors.joining(" ")));
        assertThat(organisations).doesNotContain("A summary of your rights", "Who enforces the law");
    }

    /** A page's text without the agency's header and the footer, which every page repeats. */
    private static String withoutHeaderAndFooter(String page) {
        return page.lines().filter(line -> !List.of("CONSUMER REPORTING AGENCY", "Keystone Tenant Reports, Inc.",
                        "1200 Congress Avenue, Suite 400, Austin, TX 78701 Toll-free: 1-800-555-0199").contains(line.strip()))
                .filter(line -> !line.startsWith("Results as the providers gave them") && !line.matches("Report \\S+ Page \\d+ of \\d+"))
                .collect(Collectors.joining(" "));
    }

    private static List<String> pages(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            List<String> pages = new ArrayList<>();
            PDFTextStripper stripper = new PDFTextStripper();
            for (int page = 1; page <= document.getNumberOfPages(); page++) {
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                pages.add(stripper.getText(document));
            }
            return pages;
        }
    }

    private static ReportPdf pdf(AgencySettings agency) {
        return new ReportPdf(agency, new RightsSummary(new NoticeTemplates(""), agency));
    }

    private static AgencySettings agency(String zone) {
        AgencySettings agency = new AgencySettings();
        agency.setName("Keystone Tenant Reports, Inc.");
        agency.setAddress("1200 Congress Avenue, Suite 400, Austin, TX 78701");
        agency.setPhone("1-800-555-0199");
        agency.setTimeZone(ZoneId.of(zone));
        return agency;
    }

    private static Report report(Instant at) {
        String credit = "{\"score_model\":\"VantageScore 4.0\",\"score\":712,\"tradelines\":{\"total\":9,\"open\":4,\"delinquent\":0,"
                + "\"total_balance_cents\":1845000}}";
        String eviction = "{\"records\":[{\"court\":\"Travis County Justice Court, Precinct 5\",\"filed_on\":\"2021-06-14\","
                + "\"case_type\":\"eviction\",\"disposition\":\"Judgment for plaintiff\",\"conviction\":null,"
                + "\"description\":\"Non-payment of rent\"}]}";
        String criminal = "{\"records\":[{\"court\":\"Travis County Court at Law No. 7\",\"filed_on\":\"2014-03-02\","
                + "\"case_type\":\"misdemeanor\",\"disposition\":\"Guilty plea; probation completed\",\"conviction\":true,"
                + "\"description\":\"Driving while intoxicated\"},{\"court\":\"Travis County District Court\",\"filed_on\":\"2024-09-30\","
                + "\"case_type\":\"misdemeanor\",\"disposition\":null,\"conviction\":false,\"description\":\"Theft of property under $750\"}]}";
        return new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(
                new Report.CheckResult("credit", "test", false, credit),
                new Report.CheckResult("eviction", "test", true, eviction),
                new Report.CheckResult("criminal", "test", true, criminal),
                new Report.CheckResult("identity_verification", "test", false, "{\"identity_verified\":true,\"reasons\":[]}"),
                new Report.CheckResult("income_verification", "test", false, "{\"verified_monthly_income_cents\":520000}")), null, at, at);
    }

    private static OrderView order() {
        Order order = new Order("ord_test_1", Mode.TEST, OrderStatus.COMPLETED, "complete",
                List.of("identity_verification", "income_verification"), Payer.ORGANIZATION, "prop_test_1", "ap_test_1", null, null,
                null, null, WINTER, WINTER, WINTER, null, null);
        Applicant applicant = new Applicant("ap_test_1", "Jamie", "Rivera", "jamie.rivera@example.com", LocalDate.of(1990, 4, 12),
                null, "0007", WINTER);
        Property property = new Property("prop_test_1", "Oak Court", "12 Oak Street", "#4B", "Austin", "TX", "78701", WINTER);
        return new OrderView(order, null, List.of(), Set.of(), property, applicant, null);
    }

    private static List<String> lines(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            assertThat(document.getNumberOfPages()).as("an ordinary report fits one page").isEqualTo(1);
            List<String> lines = new ArrayList<>();
            for (String line : new PDFTextStripper().getText(document).split("\\R")) {
                lines.add(line.strip().replaceAll("\\s+", " "));
            }
            return lines;
        }
    }
}
