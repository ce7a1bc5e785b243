package io.tenantscreening.copies;

import io.tenantscreening.common.Mode;
import io.tenantscreening.policies.Decision;
import io.tenantscreening.policies.ReasonCode;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportSections;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import static io.tenantscreening.copies.CopyFixtures.applicant;
import static io.tenantscreening.copies.CopyFixtures.copy;
import static io.tenantscreening.copies.CopyFixtures.order;
import static io.tenantscreening.copies.CopyFixtures.property;
import static io.tenantscreening.disputes.ReportFixtures.COMPLETED;
import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the applicant's copy shows ({@link ReportCopyPage}): what the report's PDF says (the
 * result, each check with its records, the provider, the applicant and the property, who
 * procured the report), never the report's recommendation nor more of the SSN than its last
 * four digits (openapi.yaml#the-applicants-copy, docs/integrators.md#the-applicants-copy).
 */
class ReportCopyPageTest {

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final String TOKEN = "Qk7xq0d3mZcV8n2LrT5sYwP1uA9eJ6hG4iF0oK3bN7c";
    private static final Recommendation DECLINED = new Recommendation(Decision.DECLINE, "pol_1", "Strict landlord policy",
            List.of(new Recommendation.Reason(ReasonCode.EVICTIONS_ABOVE_MAXIMUM, "eviction", "1 eviction in 7 years; at most 0 allowed.")));
    private static final Report REPORT = new Report("rpt_1", Mode.LIVE, "ord_1", 1, Report.Status.COMPLETE,
            List.of(credit(712), court("eviction", eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5"))),
            DECLINED, COMPLETED.minusSeconds(60), COMPLETED);

    @Test
    void thePageSaysWhatThePdfSaysAboutTheReport() {
        ReportCopyPage page = page(REPORT, applicant("6789", LocalDate.of(1990, 4, 27)));

        assertThat(page.result()).isEqualTo("Result: CONSIDER (something needs a person's review)");
        assertThat(page.consider()).isTrue();
        assertThat(page.checks()).isEqualTo(ReportSections.checks(REPORT, NEW_YORK));
        assertThat(page.provider()).isEqualTo("test");
        assertThat(page.procuredBy()).isEqualTo("Acme Property Management");
        assertThat(page.reportId()).isEqualTo("rpt_1");
        assertThat(page.orderId()).isEqualTo("ord_1");
        assertThat(page.date()).isEqualTo("November 25, 2026, 10:04 AM EST");
        assertThat(page.agency()).containsExactly("Example Screening LLC");
        assertThat(page.test()).isFalse();
        assertThat(page.path()).isEqualTo("/my-report/" + TOKEN);
    }

    @Test
    void theRecommendationIsNeverOnThePage() {
        ReportCopyPage page = page(REPORT, applicant("6789", LocalDate.of(1990, 4, 27)));

        assertThat(List.of(ReportCopyPage.class.getRecordComponents())).extracting(component -> component.getName().toLowerCase())
                .noneMatch(name -> name.contains("recommend") || name.contains("decision") || name.contains("reason"));
        assertThat(page.toString()).doesNotContainIgnoringCase("decline").doesNotContain("Strict landlord policy",
                "evictions_above_maximum", "at most 0 allowed", "pol_1");
    }

    @Test
    void ofTheSsnOnlyTheLastFourDigitsAreShown() {
        assertThat(page(REPORT, applicant("6789", null)).ssn()).isEqualTo("XXX-XX-6789");
        assertThat(page(REPORT, applicant(null, null)).ssn()).isEqualTo("none on file");
    }

    @Test
    void theDateOfBirthIsWrittenOutOrSaidNotToHaveBeenCollected() {
        assertThat(page(REPORT, applicant("6789", LocalDate.of(1990, 4, 7))).dateOfBirth()).isEqualTo("April 7, 1990");
        assertThat(page(REPORT, applicant("6789", null)).dateOfBirth()).isEqualTo("not collected");
    }

    @Test
    void theApplicantIsNamedAndReachedAsTheOrderHasThem() {
        ReportCopyPage page = page(REPORT, applicant("6789", null));

        assertThat(page.applicantName()).isEqualTo("Jane Doe");
        assertThat(page.applicantEmail()).isEqualTo("jane.doe@example.com");
    }

    @Test
    void thePropertyIsItsNameThenItsStreetWithTheUnitThenTheCity() {
        ReportCopy named = copy(REPORT, applicant("6789", null), property("Maple Court", "Apt 4"), order("essential", List.of()));
        ReportCopy unnamed = copy(REPORT, applicant("6789", null), property(null, null), order("essential", List.of()));

        assertThat(ReportCopyPage.of(TOKEN, named, List.of(), "Example Screening LLC", NEW_YORK).property())
                .containsExactly("Maple Court", "12 Main St, Apt 4", "Austin, TX 78701");
        assertThat(ReportCopyPage.of(TOKEN, unnamed, List.of(), "Example Screening LLC", NEW_YORK).property()).containsExactly("12 Main St", "Austin, TX 78701");
    }

    @Test
    void thePackageIsNamedWithItsAddOns() {
        ReportCopy withAddOns = copy(REPORT, applicant("6789", null), property(null, null),
                order("complete", List.of("identity_verification", "income_verification")));
        ReportCopy without = copy(REPORT, applicant("6789", null), property(null, null), order("starter", List.of()));

        assertThat(ReportCopyPage.of(TOKEN, withAddOns, List.of(), "Example Screening LLC", NEW_YORK).packageLine())
                .isEqualTo("complete, with identity_verification, income_verification");
        assertThat(ReportCopyPage.of(TOKEN, without, List.of(), "Example Screening LLC", NEW_YORK).packageLine()).isEqualTo("starter");
    }

    @Test
    void aTestReportIsMarkedAsOne() {
        Report test = new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(credit(712)), null, COMPLETED, COMPLETED);

        ReportCopyPage page = page(test, applicant("6789", null));

        assertThat(page.test()).isTrue();
        assertThat(page.result()).isEqualTo("Result: CLEAR (nothing needs attention)");
        assertThat(page.consider()).isFalse();
    }

    private static ReportCopyPage page(Report report, io.tenantscreening.applicants.Applicant applicant) {
        return ReportCopyPage.of(TOKEN, copy(report, applicant, property("Maple Court", null), order("essential", List.of())),
                List.of("Example Screening LLC"), "Example Screening LLC", NEW_YORK);
    }
}
