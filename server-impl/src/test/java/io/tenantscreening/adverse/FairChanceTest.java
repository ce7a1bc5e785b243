package io.tenantscreening.adverse;

import io.tenantscreening.common.Mode;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.jurisdictions.AdverseActionRules;
import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * POST /adverse_actions, rules 8 to 10, and the contract's "based on criminal history"
 * (openapi.yaml, "Fair-chance rules" under Adverse actions).
 */
class FairChanceTest {

    private static final Citation CITY = new Citation("us-xx-city", "City Code § 5(o)");
    private static final AdverseActionRules ASSESSMENT = new AdverseActionRules(true, List.of(), 5, List.of(CITY));
    private static final AdverseActionRules LISTED = new AdverseActionRules(true, List.of("the nature of the offense",
            "the time since the offense"), 0, List.of(CITY));
    private static final Report WITH_RECORDS = report("{\"records\":[{\"court\":\"Court\"}]}");
    private static final Report WITHOUT_RECORDS = report("{\"records\":[]}");
    private static final AdverseAction.Assessment GIVEN = new AdverseAction.Assessment(List.of("the time since the offense"),
            "Weighed.");

    @Test
    void anAdverseActionIsBasedOnCriminalHistoryByItsReasonOrByCriminalRecordsInTheReport() {
        assertThat(FairChance.basedOnCriminalHistory(List.of("criminal_record_in_lookback"), WITHOUT_RECORDS)).isTrue();
        assertThat(FairChance.basedOnCriminalHistory(List.of("credit_score_below_minimum"), WITH_RECORDS)).isTrue();
        assertThat(FairChance.basedOnCriminalHistory(List.of("credit_score_below_minimum"), WITHOUT_RECORDS)).isFalse();
    }

    @Test
    void withoutTheAssessmentAndThePreAdverseNoticeBothAreRefusedNamingTheRule() {
        assertThatThrownBy(() -> FairChance.check(ASSESSMENT, command(AdverseAction.Path.FINAL, null, null), WITH_RECORDS))
                .isInstanceOfSatisfying(ApiException.class, refused -> {
                    assertThat(refused.errors()).extracting(ErrorEntry::code)
                            .containsExactly("pre_adverse_notice_required", "individualized_assessment_required");
                    assertThat(refused.errors()).allSatisfy(error -> assertThat(error.detail()).contains("City Code § 5(o) (us-xx-city)"));
                });
    }

    @Test
    void rulesThatAskNothingOrADecisionNotBasedOnCriminalHistoryNeedNone() {
        FairChance.check(AdverseActionRules.NONE, command(AdverseAction.Path.FINAL, null, null), WITH_RECORDS);
        FairChance.check(ASSESSMENT, command(AdverseAction.Path.FINAL, null, null), WITHOUT_RECORDS);
    }

    @Test
    void listedFactorsBindTheFactorsGiven() {
        AdverseAction.Assessment other = new AdverseAction.Assessment(List.of("the time since the offense", "my own idea"), "Weighed.");

        FairChance.check(LISTED, command(AdverseAction.Path.PRE_ADVERSE, null, GIVEN), WITH_RECORDS);
        assertThatThrownBy(() -> FairChance.check(LISTED, command(AdverseAction.Path.PRE_ADVERSE, null, other), WITH_RECORDS))
                .isInstanceOfSatisfying(ApiException.class, refused -> assertThat(refused.errors()).singleElement()
                        .satisfies(error -> assertThat(error.detail()).contains("the nature of the offense; the time since the offense")));
    }

    @Test
    void theWindowIsNeverShorterThanTheRulesPeriod() {
        assertThatThrownBy(() -> FairChance.check(ASSESSMENT, command(AdverseAction.Path.PRE_ADVERSE, 4, GIVEN), WITH_RECORDS))
                .isInstanceOf(ApiException.class);
        assertThat(FairChance.responseDays(ASSESSMENT, command(AdverseAction.Path.PRE_ADVERSE, null, GIVEN), WITH_RECORDS, 3))
                .isEqualTo(5);
        assertThat(FairChance.responseDays(ASSESSMENT, command(AdverseAction.Path.PRE_ADVERSE, null, GIVEN), WITHOUT_RECORDS, 3))
                .isEqualTo(3);
        assertThat(FairChance.responseDays(ASSESSMENT, command(AdverseAction.Path.PRE_ADVERSE, 8, GIVEN), WITH_RECORDS, 3))
                .isEqualTo(8);
    }

    private static TakeAdverseAction command(AdverseAction.Path path, Integer days, AdverseAction.Assessment assessment) {
        return new TakeAdverseAction("ord_test_1", AdverseAction.Decision.DECLINE, null, List.of("credit_score_below_minimum"), path,
                days, assessment);
    }

    private static Report report(String criminal) {
        Instant at = Instant.parse("2026-11-25T15:04:00Z");
        return new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(new Report.CheckResult("criminal", "test",
                criminal.contains("court"), criminal)), null, at, at);
    }
}
