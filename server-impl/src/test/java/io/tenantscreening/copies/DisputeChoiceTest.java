package io.tenantscreening.copies;

import io.tenantscreening.disputes.DisputeService.DisputedRecord;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.Optional;

import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.criminal;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static io.tenantscreening.disputes.ReportFixtures.identity;
import static io.tenantscreening.disputes.ReportFixtures.report;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The dispute form of the applicant's copy ({@link DisputeChoice}): a box for each check as
 * a whole and for each of its court records, check by check in the report's order, none
 * for a check whose findings a dispute deleted; and the fields the form sends back, read as
 * the checks and records they name, anything else ignored (docs/integrators.md#the-applicants-copy,
 * docs/integrators.md#disputes, docs/integrators.md#disputes-of-whole-checks,
 * docs/design.md#the-applicants-pages).
 */
class DisputeChoiceTest {

    private static final Report REPORT = report(credit(712),
            court("eviction", eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5"),
                    eviction(LocalDate.of(2023, 2, 1), "Harris County Justice Court, Precinct 1")),
            court("criminal", criminal(LocalDate.of(2024, 3, 2), true)), identity(false));

    @Test
    void eachCheckIsOfferedAsAWholeAndThenItsRecordsInTheReportsOrder() {
        assertThat(DisputeChoice.of(REPORT)).extracting(DisputeChoice::field, DisputeChoice::label).containsExactly(
                tuple("whole-credit", "Credit (the whole check, result: clear)"),
                tuple("whole-eviction", "Eviction records (the whole check, result: consider)"),
                tuple("record-eviction-0", "Eviction record filed June 14, 2021, Travis County Justice Court, Precinct 5: Unlawful detainer"),
                tuple("record-eviction-1", "Eviction record filed February 1, 2023, Harris County Justice Court, Precinct 1: Unlawful detainer"),
                tuple("whole-criminal", "Criminal records (the whole check, result: consider)"),
                tuple("record-criminal-0", "Criminal record filed March 2, 2024, Travis County Court at Law No. 3: Theft of property"),
                tuple("whole-identity_verification", "Identity verification (the whole check, result: consider)"));
    }

    @Test
    void aCheckWhoseFindingsADisputeDeletedOffersNothing() {
        Report afterDeletion = report(Report.CheckResult.deleted("credit", "test"),
                court("eviction", eviction(LocalDate.of(2021, 6, 14), "Court")));

        assertThat(DisputeChoice.of(afterDeletion)).extracting(DisputeChoice::field)
                .containsExactly("whole-eviction", "record-eviction-0");
        assertThat(DisputeChoice.of(report(Report.CheckResult.deleted("credit", "test")))).isEmpty();
    }

    @Test
    void everyBoxOfThePageIsReadBackAsWhatItOffers() {
        assertThat(DisputeChoice.of(REPORT)).extracting(choice -> DisputeChoice.parse(choice.field()).orElseThrow()).containsExactly(
                DisputedRecord.wholeCheck("credit"), DisputedRecord.wholeCheck("eviction"), new DisputedRecord("eviction", 0),
                new DisputedRecord("eviction", 1), DisputedRecord.wholeCheck("criminal"), new DisputedRecord("criminal", 0),
                DisputedRecord.wholeCheck("identity_verification"));
    }

    @Test
    void everyCheckTypeCanBeTickedAsAWhole() {
        assertThat(DisputeChoice.parse("whole-income_verification")).contains(DisputedRecord.wholeCheck("income_verification"));
        assertThat(DisputeChoice.parse("record-criminal-999")).contains(new DisputedRecord("criminal", 999));
        assertThat(DisputeChoice.parse("record-eviction-007")).contains(new DisputedRecord("eviction", 7));
    }

    @ParameterizedTest
    @ValueSource(strings = {"form_token", "reason", "", "whole-", "whole-mortgage", "whole-Credit", "WHOLE-credit", "whole-credit ",
            " whole-credit", "whole-credit-0", "xwhole-credit", "record-credit-0", "record-identity_verification-0",
            "record-eviction-", "record-eviction-1000", "record-eviction--1", "record-eviction-1x", "record-eviction-\u0661",
            "record-eviction", "whole-eviction\n"})
    void anyOtherFieldNamesNothing(String field) {
        assertThat(DisputeChoice.parse(field)).isEqualTo(Optional.empty());
    }
}
