package io.tenantscreening.screening;

import io.tenantscreening.common.Mode;
import io.tenantscreening.policies.Criteria;
import io.tenantscreening.policies.Decision;
import io.tenantscreening.policies.ReasonCode;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.policies.ScreeningPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Recommendations (docs/integrators.md#screening-policies-and-recommendations: the reason
 * codes, the decision each calls for, the most serious one winning, reasons in the order of
 * the report's checks, years counted back from the report's day) and their test-mode table
 * (openapi.yaml#test-mode: the profiles 0000 to 0007 under a policy with every criterion,
 * here with findings made to match each profile, 0005 to 0007 included).
 */
class RecommenderTest {

    private static final LocalDate REPORT_DAY = LocalDate.of(2026, 11, 25);
    private static final long RENT = 150_000;
    private static final Criteria EVERY_CRITERION = new Criteria(620, 0, 7, 7, new BigDecimal("3.00"), true, null);
    private static final List<CheckType> COMPLETE_WITH_BOTH_ADD_ONS =
            CheckType.forOrder("complete", List.of("identity_verification", "income_verification"));

    private static final Findings.CreditFile SCORE_712 = credit(712);
    private static final Findings.CourtRecords NO_RECORDS = new Findings.CourtRecords(List.of());
    private static final Findings.IdentityFindings VERIFIED = new Findings.IdentityFindings(true, List.of());
    private static final Findings.IncomeFindings INCOME_5200 = new Findings.IncomeFindings(520_000L);

    /** openapi.yaml#test-mode, recommendations: each profile's findings as the canned provider (with the age limit) reports them. */
    @ParameterizedTest(name = "{0}: {1} {2}")
    @CsvSource({
            "0000, accept,      ''",
            "0001, decline,     evictions_above_maximum",
            "0002, review,      criminal_record_in_lookback",
            "0003, review,      credit_file_too_thin",
            "0004, review,      identity_not_verified",
            "0005, conditional, credit_score_below_minimum",
            "0006, review,      income_not_verified",
            "0007, accept,      ''"})
    void eachTestProfileGetsTheDecisionOfTheContractsTable(String profile, String decision, String codes) {
        Map<CheckType, Findings> findings = clear();
        switch (profile) {
            case "0001" -> findings.put(CheckType.EVICTION, records(LocalDate.of(2021, 6, 14)));
            case "0002" -> findings.put(CheckType.CRIMINAL, records(LocalDate.of(2023, 3, 2)));
            case "0003" -> findings.put(CheckType.CREDIT, new Findings.CreditFile("VantageScore 4.0", null,
                    new Findings.Tradelines(1, 1, 0, 0), null, null, null, null, null));
            case "0004" -> findings.put(CheckType.IDENTITY_VERIFICATION, new Findings.IdentityFindings(false,
                    List.of("The SSN does not match the applicant's name and date of birth.")));
            case "0005" -> findings.put(CheckType.CREDIT, credit(560));
            case "0006" -> findings.put(CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(null));
            case "0007" -> findings.put(CheckType.CRIMINAL, records(REPORT_DAY.minusYears(12)));
            default -> {
            }
        }

        Recommendation recommendation = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT);

        assertThat(recommendation.decision().value()).isEqualTo(decision);
        assertThat(codes(recommendation)).containsExactlyElementsOf(codes.isEmpty() ? List.of() : List.of(codes.split(" ")));
    }

    /**
     * docs/integrators.md#outcome-profiles, 0007: the age limit keeps the nine-year-old eviction
     * out of the report; had it stayed, the lookback would pass over it.
     */
    @Test
    void recordsOlderThanTheLookbackDoNotCount() {
        Map<CheckType, Findings> findings = clear();
        findings.put(CheckType.EVICTION, records(REPORT_DAY.minusYears(9)));
        findings.put(CheckType.CRIMINAL, records(REPORT_DAY.minusYears(9), REPORT_DAY.minusYears(12)));

        assertThat(recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT).decision()).isEqualTo(Decision.ACCEPT);
    }

    /**
     * docs/integrators.md#screening-policies-and-recommendations, years counted back from the
     * day the report was made: the same day years back counts, the day before does not.
     */
    @Test
    void aRecordCountsFromTheSameDayTheLookbackYearsBeforeTheReport() {
        Criteria criteria = new Criteria(null, 0, 3, 5, null, false, null);
        List<CheckType> complete = CheckType.forOrder("complete", List.of());
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        findings.put(CheckType.CREDIT, SCORE_712);

        findings.put(CheckType.EVICTION, records(LocalDate.of(2023, 11, 25)));
        findings.put(CheckType.CRIMINAL, records(LocalDate.of(2021, 11, 25)));
        assertThat(codes(recommend(criteria, complete, findings, null)))
                .containsExactly("evictions_above_maximum", "criminal_record_in_lookback");

        findings.put(CheckType.EVICTION, records(LocalDate.of(2023, 11, 24)));
        findings.put(CheckType.CRIMINAL, records(LocalDate.of(2021, 11, 24)));
        assertThat(codes(recommend(criteria, complete, findings, null))).isEmpty();
    }

    @Test
    void aLookbackFromALeapDayStartsOnTheLastDayOfFebruary() {
        Criteria criteria = new Criteria(null, 0, 1, null, null, false, null);
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        findings.put(CheckType.CREDIT, SCORE_712);
        findings.put(CheckType.EVICTION, records(LocalDate.of(2027, 2, 28)));

        Recommendation recommendation = Recommender.recommend(policy(criteria), CheckType.forOrder("essential", List.of()),
                findings, null, LocalDate.of(2028, 2, 29));

        assertThat(codes(recommendation)).containsExactly("evictions_above_maximum");
        assertThat(recommendation.reasons().get(0).detail()).isEqualTo("1 eviction record filed within 1 year; the policy allows 0.");
    }

    /** docs/integrators.md#screening-policies-and-recommendations, evictions_above_maximum: more records than the maximum, not as many. */
    @Test
    void evictionsDeclineOnlyAboveTheMaximum() {
        Criteria oneAllowed = new Criteria(null, 1, 3, null, null, false, null);
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        findings.put(CheckType.CREDIT, SCORE_712);
        List<CheckType> essential = CheckType.forOrder("essential", List.of());

        findings.put(CheckType.EVICTION, records(LocalDate.of(2025, 1, 10), LocalDate.of(2020, 1, 10)));
        assertThat(recommend(oneAllowed, essential, findings, null).decision()).as("one within 3 years, one older")
                .isEqualTo(Decision.ACCEPT);

        findings.put(CheckType.EVICTION, records(LocalDate.of(2025, 1, 10), LocalDate.of(2024, 1, 10)));
        Recommendation twoWithin = recommend(oneAllowed, essential, findings, null);
        assertThat(twoWithin.decision()).isEqualTo(Decision.DECLINE);
        assertThat(twoWithin.reasons()).containsExactly(new Recommendation.Reason(ReasonCode.EVICTIONS_ABOVE_MAXIMUM, "eviction",
                "2 eviction records filed within 3 years; the policy allows 1."));
    }

    @Test
    void theContractsExampleDetailsReadAsTheContractShowsThem() {
        Map<CheckType, Findings> findings = clear();
        findings.put(CheckType.CREDIT, credit(598));
        findings.put(CheckType.EVICTION, records(LocalDate.of(2021, 6, 14)));

        Recommendation recommendation = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT);

        assertThat(recommendation.reasons()).extracting(Recommendation.Reason::detail).containsExactly(
                "The credit score 598 is below the policy's minimum of 620.",
                "1 eviction record filed within 7 years; the policy allows 0.");
    }

    /**
     * docs/integrators.md#screening-policies-and-recommendations, credit: below the minimum is
     * conditional, the minimum itself is met, no score is review.
     */
    @Test
    void aScoreMeetsTheMinimumFromTheMinimumUp() {
        Criteria criteria = new Criteria(620, null, null, null, null, false, null);
        List<CheckType> starter = CheckType.forOrder("starter", List.of());

        assertThat(recommend(criteria, starter, Map.of(CheckType.CREDIT, credit(620)), null).decision()).isEqualTo(Decision.ACCEPT);
        assertThat(recommend(criteria, starter, Map.of(CheckType.CREDIT, credit(619)), null).reasons()).containsExactly(
                new Recommendation.Reason(ReasonCode.CREDIT_SCORE_BELOW_MINIMUM, "credit",
                        "The credit score 619 is below the policy's minimum of 620."));
        Recommendation thin = recommend(criteria, starter, Map.of(CheckType.CREDIT,
                new Findings.CreditFile("VantageScore 4.0", null, new Findings.Tradelines(1, 1, 0, 0), null, null, null, null, null)), null);
        assertThat(thin.decision()).isEqualTo(Decision.REVIEW);
        assertThat(thin.reasons()).containsExactly(new Recommendation.Reason(ReasonCode.CREDIT_FILE_TOO_THIN, "credit",
                "The credit file is too thin to score, so it cannot be compared with the policy's minimum of 620."));
    }

    /**
     * openapi.yaml#test-mode, recommendations: with 0000 and a monthly_rent above 173333 the
     * ratio of 3 fails (income 5,200.00 dollars).
     */
    @Test
    void theIncomeMustReachTheRatioTimesTheRent() {
        assertThat(recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, clear(), 173_333L).decision()).isEqualTo(Decision.ACCEPT);

        Recommendation above = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, clear(), 173_334L);

        assertThat(above.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(above.reasons()).containsExactly(new Recommendation.Reason(ReasonCode.INCOME_BELOW_RATIO, "income_verification",
                "The verified monthly income of $5,200.00 is below 3 times the monthly rent of $1,733.34 ($5,200.02)."));
    }

    @Test
    void aFractionalRatioIsComparedExactly() {
        Criteria criteria = new Criteria(null, null, null, null, new BigDecimal("2.35"), false, null);
        List<CheckType> withIncome = CheckType.forOrder("starter", List.of("income_verification"));
        Map<CheckType, Findings> findings = Map.of(CheckType.CREDIT, SCORE_712,
                CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(235_000L));

        assertThat(recommend(criteria, withIncome, findings, 100_000L).decision()).isEqualTo(Decision.ACCEPT);
        Recommendation short1 = recommend(criteria, withIncome, findings, 100_001L);
        assertThat(short1.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(short1.reasons().get(0).detail()).isEqualTo(
                "The verified monthly income of $2,350.00 is below 2.35 times the monthly rent of $1,000.01 ($2,350.02).");
    }

    @Test
    void anIncomeThatCouldNotBeVerifiedIsReview() {
        Map<CheckType, Findings> findings = clear();
        findings.put(CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(null));

        assertThat(recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT).reasons()).containsExactly(
                new Recommendation.Reason(ReasonCode.INCOME_NOT_VERIFIED, "income_verification",
                        "The income could not be verified, so it cannot be compared with 3 times the monthly rent of "
                                + "$1,500.00 ($4,500.00)."));
    }

    /**
     * docs/integrators.md#screening-policies-and-recommendations, check_not_ordered: one reason
     * per check the policy needs and the order lacks, in the order of the checks.
     */
    @Test
    void aStarterOrderUnderEveryCriterionIsReviewWithEachMissingCheck() {
        Recommendation recommendation = recommend(EVERY_CRITERION, CheckType.forOrder("starter", List.of()),
                Map.of(CheckType.CREDIT, SCORE_712), RENT);

        assertThat(recommendation.decision()).isEqualTo(Decision.REVIEW);
        assertThat(recommendation.reasons()).extracting(Recommendation.Reason::code).containsOnly(ReasonCode.CHECK_NOT_ORDERED);
        assertThat(recommendation.reasons()).extracting(Recommendation.Reason::check)
                .containsExactly("eviction", "criminal", "identity_verification", "income_verification");
        assertThat(recommendation.reasons()).extracting(Recommendation.Reason::detail).containsExactly(
                "The policy's maximum of evictions needs the eviction check (package essential or complete), "
                        + "which the order does not include.",
                "The policy's criminal lookback needs the criminal check (package complete), which the order does not include.",
                "The policy requires a verified identity, which needs the identity_verification add-on the order does not include.",
                "The policy's income-to-rent ratio needs the income_verification add-on, which the order does not include.");
    }

    @Test
    void aMissingCheckTakesItsPlaceAmongTheReasonsOfTheChecksThatRan() {
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        findings.put(CheckType.CREDIT, credit(560));
        findings.put(CheckType.EVICTION, NO_RECORDS);
        findings.put(CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(100_000L));

        Recommendation recommendation = recommend(EVERY_CRITERION,
                CheckType.forOrder("essential", List.of("income_verification")), findings, RENT);

        assertThat(codes(recommendation)).containsExactly("credit_score_below_minimum", "check_not_ordered", "check_not_ordered",
                "income_below_ratio");
        assertThat(recommendation.reasons()).extracting(Recommendation.Reason::check)
                .containsExactly("credit", "criminal", "identity_verification", "income_verification");
    }

    /**
     * openapi.yaml, Decisions (under Screening policies): a criminal check held for the
     * landlord's conditional offer (N.Y.C. Admin. Code § 8-107(5)(o)(4)) is decided as a check
     * not ordered, and its detail says it is held.
     */
    @Test
    void aHeldCriminalCheckIsDecidedAsACheckNotOrderedAndSaysItIsHeld() {
        Map<CheckType, Findings> findings = clear();
        findings.put(CheckType.CRIMINAL, new Findings.Withheld(true));

        Recommendation recommendation = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT);

        assertThat(codes(recommendation)).containsExactly("check_not_ordered");
        assertThat(recommendation.reasons().get(0).check()).isEqualTo("criminal");
        assertThat(recommendation.reasons().get(0).detail()).contains("held until the landlord's conditional offer");
        assertThat(recommendation.decision()).isEqualTo(Decision.REVIEW);
    }

    /**
     * openapi.yaml, Decisions (under Screening policies): a criterion whose check the law of the
     * property's place does not allow (Seattle Municipal Code § 14.09.025) is left out: no reason.
     */
    @Test
    void aCriminalCheckNotAllowedHereGivesNoReason() {
        Map<CheckType, Findings> findings = clear();
        findings.put(CheckType.CRIMINAL, new Findings.Withheld(false));

        Recommendation recommendation = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT);

        assertThat(recommendation.reasons()).isEmpty();
        assertThat(recommendation.decision()).isEqualTo(Decision.ACCEPT);
    }

    /** docs/integrators.md#screening-policies-and-recommendations: decline, then review, then conditional, then accept. */
    @Test
    void theMostSeriousReasonDecides() {
        Map<CheckType, Findings> conditional = clear();
        conditional.put(CheckType.CREDIT, credit(560));
        conditional.put(CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(100_000L));
        assertThat(recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, conditional, RENT).decision())
                .isEqualTo(Decision.CONDITIONAL);

        Map<CheckType, Findings> review = new EnumMap<>(conditional);
        review.put(CheckType.IDENTITY_VERIFICATION, new Findings.IdentityFindings(false, List.of()));
        assertThat(recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, review, RENT).decision()).isEqualTo(Decision.REVIEW);

        Map<CheckType, Findings> decline = new EnumMap<>(review);
        decline.put(CheckType.EVICTION, records(LocalDate.of(2024, 5, 1)));
        Recommendation declined = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, decline, RENT);
        assertThat(declined.decision()).isEqualTo(Decision.DECLINE);
        assertThat(codes(declined)).containsExactly("credit_score_below_minimum", "evictions_above_maximum",
                "identity_not_verified", "income_below_ratio");

        assertThat(Recommender.recommend(policy(EVERY_CRITERION), CheckType.forOrder("starter", List.of()),
                Map.of(CheckType.CREDIT, credit(560)), RENT, REPORT_DAY).decision())
                .as("check_not_ordered is review, above the conditional score").isEqualTo(Decision.REVIEW);
    }

    /**
     * POST /screening_policies, rule 1: a criterion left out plays no part; a criminal lookback
     * of 0 considers no criminal record (docs/integrators.md#screening-policies-and-recommendations).
     */
    @Test
    void criteriaLeftOutPlayNoPart() {
        Map<CheckType, Findings> everythingWrong = new EnumMap<>(CheckType.class);
        everythingWrong.put(CheckType.CREDIT, credit(400));
        everythingWrong.put(CheckType.EVICTION, records(LocalDate.of(2025, 1, 1)));
        everythingWrong.put(CheckType.CRIMINAL, records(LocalDate.of(2025, 1, 1)));
        everythingWrong.put(CheckType.IDENTITY_VERIFICATION, new Findings.IdentityFindings(false, List.of()));
        everythingWrong.put(CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(null));

        for (Criteria none : List.of(new Criteria(null, null, null, null, null, false, null),
                new Criteria(null, null, null, 0, null, false, null))) {
            assertThat(recommend(none, COMPLETE_WITH_BOTH_ADD_ONS, everythingWrong, null).reasons()).isEmpty();
            assertThat(recommend(none, CheckType.forOrder("starter", List.of()), Map.of(CheckType.CREDIT, credit(400)), null)
                    .decision()).as("nothing is missing when nothing is needed").isEqualTo(Decision.ACCEPT);
        }
    }

    @Test
    void theRecommendationNamesItsPolicyAndIsTheSameEveryTime() {
        Map<CheckType, Findings> findings = clear();
        findings.put(CheckType.CRIMINAL, records(LocalDate.of(2024, 2, 2), LocalDate.of(2025, 3, 3)));

        Recommendation first = recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT);

        assertThat(first).isEqualTo(recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, findings, RENT));
        assertThat(first.policyId()).isEqualTo("pol_test_x");
        assertThat(first.policyName()).isEqualTo("Standard apartments");
        assertThat(first.reasons()).containsExactly(new Recommendation.Reason(ReasonCode.CRIMINAL_RECORD_IN_LOOKBACK, "criminal",
                "2 criminal records filed within 7 years, the policy's lookback; a person should review them."));
    }

    @Test
    void anOrderedCheckWithoutFindingsOrARatioWithoutRentIsAnError() {
        Map<CheckType, Findings> withoutIncome = clear();
        withoutIncome.remove(CheckType.INCOME_VERIFICATION);

        assertThatThrownBy(() -> recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, withoutIncome, RENT))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> recommend(EVERY_CRITERION, COMPLETE_WITH_BOTH_ADD_ONS, clear(), null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Recommendation recommend(Criteria criteria, List<CheckType> ordered, Map<CheckType, Findings> findings,
                                            Long rent) {
        return Recommender.recommend(policy(criteria), ordered, findings, rent, REPORT_DAY);
    }

    private static ScreeningPolicy policy(Criteria criteria) {
        return new ScreeningPolicy("pol_test_x", Mode.TEST, "Standard apartments", criteria, true, Instant.EPOCH, null);
    }

    /** Every check of a complete order with both add-ons, all clear. */
    private static Map<CheckType, Findings> clear() {
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        findings.put(CheckType.CREDIT, SCORE_712);
        findings.put(CheckType.EVICTION, NO_RECORDS);
        findings.put(CheckType.CRIMINAL, NO_RECORDS);
        findings.put(CheckType.IDENTITY_VERIFICATION, VERIFIED);
        findings.put(CheckType.INCOME_VERIFICATION, INCOME_5200);
        return findings;
    }

    private static Findings.CreditFile credit(int score) {
        return new Findings.CreditFile("VantageScore 4.0", score, new Findings.Tradelines(9, 4, 0, 1_845_000), null, null, null, null, null);
    }

    private static Findings.CourtRecords records(LocalDate... filedOn) {
        List<Findings.CourtRecord> records = new ArrayList<>();
        for (LocalDate day : filedOn) {
            records.add(new Findings.CourtRecord("Travis County Court", day, "misdemeanor", null, false, "A case"));
        }
        return new Findings.CourtRecords(records);
    }

    private static List<String> codes(Recommendation recommendation) {
        return recommendation.reasons().stream().map(reason -> reason.code().value()).toList();
    }
}
