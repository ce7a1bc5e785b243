package io.tenantscreening.households;

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
import java.util.ArrayList;
import java.util.List;

import static io.tenantscreening.households.MemberRole.APPLICANT;
import static io.tenantscreening.households.MemberRole.CO_APPLICANT;
import static io.tenantscreening.households.MemberRole.GUARANTOR;
import static io.tenantscreening.policies.ReasonCode.CHECK_NOT_ORDERED;
import static io.tenantscreening.policies.ReasonCode.CREDIT_FILE_TOO_THIN;
import static io.tenantscreening.policies.ReasonCode.CREDIT_SCORE_BELOW_MINIMUM;
import static io.tenantscreening.policies.ReasonCode.CRIMINAL_RECORD_IN_LOOKBACK;
import static io.tenantscreening.policies.ReasonCode.EVICTIONS_ABOVE_MAXIMUM;
import static io.tenantscreening.policies.ReasonCode.IDENTITY_NOT_VERIFIED;
import static io.tenantscreening.policies.ReasonCode.INCOME_BELOW_RATIO;
import static io.tenantscreening.policies.ReasonCode.INCOME_NOT_VERIFIED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The household decision of a rental application, rules H1 to H6 of {@link HouseholdRecommender}:
 * every person's own reasons count (guarantors' too), the applicant and co-applicants pool their
 * income, a guarantor covers only a pooled income below the ratio, the most serious reason
 * decides, reasons by check then member, and the same arguments give the same answer.
 */
class HouseholdRecommenderTest {

    private static final long RENT = 150_000;
    /** Income ratio 3 (4,500.00 dollars for a rent of 1,500.00), guarantor ratio 4 (6,000.00). */
    private static final ScreeningPolicy POLICY = policy(new BigDecimal("3.00"), new BigDecimal("4.00"));
    private static final ScreeningPolicy WITHOUT_GUARANTOR_RATIO = policy(new BigDecimal("3.00"), null);
    private static final ScreeningPolicy WITHOUT_INCOME_RATIO = policy(null, null);

    /** H2: two roommates with half the needed income each are accepted together, though each report says conditional. */
    @Test
    void twoRoommatesWithHalfTheIncomeEachAreAcceptedTogether() {
        MemberOutcome applicant = member("ord_a", APPLICANT, verified(225_000), reason(INCOME_BELOW_RATIO, "income_verification"));
        MemberOutcome roommate = member("ord_c", CO_APPLICANT, verified(225_000),
                reason(INCOME_BELOW_RATIO, "income_verification"));

        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(applicant, roommate));

        assertThat(applicant.own().decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(roommate.own().decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(household.decision()).isEqualTo(Decision.ACCEPT);
        assertThat(household.reasons()).isEmpty();
        assertThat(household.income()).isEqualTo(new HouseholdRecommendation.Income(450_000, 450_000, null));
        assertThat(household.policyId()).isEqualTo(POLICY.id());
        assertThat(household.policyName()).isEqualTo(POLICY.name());
    }

    /** H2: the pooled income is compared exactly with the ratio times the rent; reaching it to the cent is enough. */
    @ParameterizedTest(name = "ratio {0}, rent {1}, pooled {2}: {3}")
    @CsvSource({
            "3.00, 150000, 450000, accept,      450000",
            "3.00, 150000, 449999, conditional, 450000",
            "2.35, 100001, 235003, accept,      235003",
            "2.35, 100001, 235002, conditional, 235003"})
    void aPooledIncomeThatReachesTheRequiredIncomeExactlyIsEnough(String ratio, long rent, long pooled, String decision,
                                                                   long required) {
        ScreeningPolicy policy = policy(new BigDecimal(ratio), null);
        long half = pooled / 2;

        HouseholdRecommendation household = HouseholdRecommender.recommend(policy, rent,
                List.of(member("ord_a", APPLICANT, verified(half)), member("ord_c", CO_APPLICANT, verified(pooled - half))));

        assertThat(household.decision().value()).isEqualTo(decision);
        assertThat(household.income()).isEqualTo(new HouseholdRecommendation.Income(required, pooled, null));
    }

    /** H2: earners short together are conditional, one income_below_ratio naming every earner, with the figures. */
    @Test
    void earnersShortTogetherAreConditionalNamingEveryEarner() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000)), member("ord_c", CO_APPLICANT, verified(200_000))));

        assertThat(household.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(household.reasons()).singleElement().satisfies(reason -> {
            assertThat(reason.code()).isEqualTo(INCOME_BELOW_RATIO);
            assertThat(reason.check()).isEqualTo("income_verification");
            assertThat(reason.orderIds()).containsExactly("ord_a", "ord_c");
            assertThat(reason.detail()).isEqualTo("The household's pooled verified monthly income of $4,000.00 is below "
                    + "3 times the monthly rent of $1,500.00 ($4,500.00), and no guarantor's verified monthly income reaches "
                    + "4 times the monthly rent of $1,500.00 ($6,000.00).");
        });
        assertThat(household.income()).isEqualTo(new HouseholdRecommendation.Income(450_000, 400_000, null));
    }

    /** H2: an income that could not be verified keeps the household in review, naming only that earner. */
    @Test
    void anIncomeNotVerifiedWhenThePoolFallsShortIsReviewNamingThatEarner() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(300_000)), member("ord_c", CO_APPLICANT, notVerified(),
                        reason(INCOME_NOT_VERIFIED, "income_verification"))));

        assertThat(household.decision()).isEqualTo(Decision.REVIEW);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::code, HouseholdRecommendation.Reason::orderIds)
                .containsExactly(tuple(INCOME_NOT_VERIFIED, List.of("ord_c")));
        assertThat(household.income()).isEqualTo(new HouseholdRecommendation.Income(450_000, 300_000, null));
    }

    /** H2: when the verified incomes reach the required income on their own, an income not verified does not matter. */
    @Test
    void verifiedIncomesThatReachTheRatioAloneAreEnough() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(450_000)), member("ord_c", CO_APPLICANT, notVerified())));

        assertThat(household.decision()).isEqualTo(Decision.ACCEPT);
        assertThat(household.reasons()).isEmpty();
    }

    /**
     * H2: an earner without an income check is check_not_ordered on income_verification naming
     * that earner, and the household has no income figures; nothing covers it.
     */
    @Test
    void anEarnerWithoutAnIncomeCheckIsCheckNotOrderedNamingThatEarner() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(900_000)),
                member("ord_c", CO_APPLICANT, notAvailable(), reason(CHECK_NOT_ORDERED, "income_verification")),
                member("ord_d", CO_APPLICANT, notVerified()),
                member("ord_g", GUARANTOR, verified(9_000_000))));

        assertThat(household.decision()).isEqualTo(Decision.REVIEW);
        assertThat(household.reasons()).singleElement().satisfies(reason -> {
            assertThat(reason.code()).isEqualTo(CHECK_NOT_ORDERED);
            assertThat(reason.check()).isEqualTo("income_verification");
            assertThat(reason.orderIds()).containsExactly("ord_c");
        });
        assertThat(household.income()).isNull();
    }

    /** H2: no earner has an income check (the add-on not ordered): one check_not_ordered naming both earners, not the guarantor. */
    @Test
    void noIncomeChecksAtAllNameEveryEarnerOnce() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, notAvailable()), member("ord_g", GUARANTOR, notAvailable()),
                member("ord_c", CO_APPLICANT, notAvailable())));

        assertThat(household.reasons()).singleElement().satisfies(reason -> {
            assertThat(reason.code()).isEqualTo(CHECK_NOT_ORDERED);
            assertThat(reason.orderIds()).containsExactly("ord_a", "ord_c");
        });
    }

    /** H2: without min_income_to_rent_ratio there is no income reason and no income, whatever the income checks say. */
    @Test
    void withoutAnIncomeRatioThereIsNoIncomeReasonAndNoIncome() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(WITHOUT_INCOME_RATIO, null, List.of(
                member("ord_a", APPLICANT, notAvailable()), member("ord_c", CO_APPLICANT, notVerified()),
                member("ord_g", GUARANTOR, verified(1))));

        assertThat(household.decision()).isEqualTo(Decision.ACCEPT);
        assertThat(household.reasons()).isEmpty();
        assertThat(household.income()).isNull();
    }

    /** H3: the household short, a guarantor whose verified income reaches its ratio covers it, and is named. */
    @Test
    void aGuarantorWhoseIncomeReachesItsRatioCoversAShortHousehold() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000)), member("ord_c", CO_APPLICANT, verified(200_000)),
                member("ord_g", GUARANTOR, verified(600_000))));

        assertThat(household.decision()).isEqualTo(Decision.ACCEPT);
        assertThat(household.reasons()).isEmpty();
        assertThat(household.income()).isEqualTo(new HouseholdRecommendation.Income(450_000, 400_000, "ord_g"));
    }

    /** H3: the first guarantor, in the members' order, whose income reaches the ratio covers; one below it does not. */
    @Test
    void theFirstGuarantorWhoseIncomeReachesTheRatioCovers() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_g1", GUARANTOR, verified(599_999)), member("ord_a", APPLICANT, verified(100_000)),
                member("ord_g2", GUARANTOR, verified(700_000)), member("ord_g3", GUARANTOR, verified(800_000))));

        assertThat(household.decision()).isEqualTo(Decision.ACCEPT);
        assertThat(household.income().coveredByGuarantorOrderId()).isEqualTo("ord_g2");
    }

    /** H3: a guarantor below its own ratio (though above the household's), or whose income is not verified, covers nothing. */
    @Test
    void aGuarantorBelowItsRatioOrNotVerifiedLeavesTheHouseholdConditional() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000)), member("ord_g1", GUARANTOR, verified(599_999)),
                member("ord_g2", GUARANTOR, notVerified()), member("ord_g3", GUARANTOR, notAvailable())));

        assertThat(household.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::code).containsExactly(INCOME_BELOW_RATIO);
        assertThat(household.income().coveredByGuarantorOrderId()).isNull();
    }

    /** H3: only a guarantor covers: an earner whose own income reaches the guarantor ratio (below the household's) does not. */
    @Test
    void anEarnerIsNoGuarantor() {
        ScreeningPolicy lowGuarantorRatio = policy(new BigDecimal("3.00"), new BigDecimal("2.50"));

        HouseholdRecommendation household = HouseholdRecommender.recommend(lowGuarantorRatio, RENT, List.of(
                member("ord_a", APPLICANT, verified(400_000)), member("ord_g", GUARANTOR, verified(374_999))));

        assertThat(household.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(household.income()).isEqualTo(new HouseholdRecommendation.Income(450_000, 400_000, null));
    }

    /** H3: without min_guarantor_income_to_rent_ratio no guarantor covers, however high its income. */
    @Test
    void withoutAGuarantorRatioNoGuarantorCovers() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(WITHOUT_GUARANTOR_RATIO, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000)), member("ord_g", GUARANTOR, verified(9_000_000))));

        assertThat(household.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(household.reasons()).singleElement().satisfies(reason -> assertThat(reason.detail())
                .isEqualTo("The household's pooled verified monthly income of $2,000.00 is below 3 times the monthly rent of "
                        + "$1,500.00 ($4,500.00)."));
        assertThat(household.income().coveredByGuarantorOrderId()).isNull();
    }

    /** H3 and H4: a guarantor covering the income does not hide an applicant's decline (evictions). */
    @Test
    void aGuarantorCannotHideAnApplicantsDecline() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000), reason(EVICTIONS_ABOVE_MAXIMUM, "eviction"),
                        reason(INCOME_BELOW_RATIO, "income_verification")),
                member("ord_g", GUARANTOR, verified(600_000))));

        assertThat(household.decision()).isEqualTo(Decision.DECLINE);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::code, HouseholdRecommendation.Reason::orderIds)
                .containsExactly(tuple(EVICTIONS_ABOVE_MAXIMUM, List.of("ord_a")));
        assertThat(household.income().coveredByGuarantorOrderId()).isEqualTo("ord_g");
    }

    /** H1 and H4: a guarantor's own decline and credit reason count like anyone's, also when it covers the income. */
    @Test
    void aGuarantorsOwnReasonsCountLikeAnyonesAndItsDeclineDecides() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000)),
                member("ord_g", GUARANTOR, verified(600_000), reason(CREDIT_SCORE_BELOW_MINIMUM, "credit"),
                        reason(EVICTIONS_ABOVE_MAXIMUM, "eviction"))));

        assertThat(household.decision()).isEqualTo(Decision.DECLINE);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::code, HouseholdRecommendation.Reason::orderIds)
                .containsExactly(tuple(CREDIT_SCORE_BELOW_MINIMUM, List.of("ord_g")),
                        tuple(EVICTIONS_ABOVE_MAXIMUM, List.of("ord_g")));
    }

    /** H1: a guarantor's credit reason alone makes the household conditional, though the earners' income is enough. */
    @Test
    void aGuarantorsCreditReasonAloneCounts() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(450_000)),
                member("ord_g", GUARANTOR, verified(600_000), reason(CREDIT_SCORE_BELOW_MINIMUM, "credit"))));

        assertThat(household.decision()).isEqualTo(Decision.CONDITIONAL);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::orderIds).containsExactly(List.of("ord_g"));
    }

    /** H3: a guarantor cannot cover an income that could not be verified. */
    @Test
    void aGuarantorCannotCoverAnIncomeNotVerified() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(200_000)), member("ord_c", CO_APPLICANT, notVerified()),
                member("ord_g", GUARANTOR, verified(9_000_000))));

        assertThat(household.decision()).isEqualTo(Decision.REVIEW);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::code).containsExactly(INCOME_NOT_VERIFIED);
        assertThat(household.income().coveredByGuarantorOrderId()).isNull();
    }

    /**
     * H1: the members' own income reasons (a guarantor's measured against the household's ratio
     * included) are replaced by the household's; a check_not_ordered on another check stays.
     */
    @Test
    void ownIncomeReasonsAreIgnoredAndOtherChecksNotOrderedStay() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_a", APPLICANT, verified(300_000), reason(INCOME_BELOW_RATIO, "income_verification"),
                        reason(CHECK_NOT_ORDERED, "eviction")),
                member("ord_c", CO_APPLICANT, verified(150_000), reason(INCOME_BELOW_RATIO, "income_verification")),
                member("ord_g", GUARANTOR, notVerified(), reason(INCOME_NOT_VERIFIED, "income_verification")),
                member("ord_h", GUARANTOR, notAvailable(), reason(CHECK_NOT_ORDERED, "income_verification"))));

        assertThat(household.decision()).isEqualTo(Decision.REVIEW);
        assertThat(household.reasons()).extracting(HouseholdRecommendation.Reason::code, HouseholdRecommendation.Reason::check,
                        HouseholdRecommendation.Reason::orderIds)
                .containsExactly(tuple(CHECK_NOT_ORDERED, "eviction", List.of("ord_a")));
    }

    /** H1: a member's own reason keeps its code, check and detail, naming that member. */
    @Test
    void aMembersOwnReasonIsKeptAsItIs() {
        Recommendation.Reason own = new Recommendation.Reason(CRIMINAL_RECORD_IN_LOOKBACK, "criminal",
                "1 criminal record filed within 7 years, the policy's lookback; a person should review it.");
        HouseholdRecommendation household = HouseholdRecommender.recommend(WITHOUT_INCOME_RATIO, null, List.of(
                new MemberOutcome("ord_a", APPLICANT, Recommendation.of(WITHOUT_INCOME_RATIO, List.of(own)), notAvailable())));

        assertThat(household.reasons()).containsExactly(new HouseholdRecommendation.Reason(CRIMINAL_RECORD_IN_LOOKBACK,
                "criminal", List.of("ord_a"), own.detail()));
        assertThat(household.decision()).isEqualTo(Decision.REVIEW);
    }

    /** H5: reasons by check in the report's order, then by the first member each names, in the members' order. */
    @Test
    void reasonsAreOrderedByCheckThenByMember() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(POLICY, RENT, List.of(
                member("ord_c", CO_APPLICANT, verified(100_000), reason(CREDIT_FILE_TOO_THIN, "credit"),
                        reason(CRIMINAL_RECORD_IN_LOOKBACK, "criminal")),
                member("ord_g", GUARANTOR, verified(100_000), reason(EVICTIONS_ABOVE_MAXIMUM, "eviction"),
                        reason(IDENTITY_NOT_VERIFIED, "identity_verification")),
                member("ord_a", APPLICANT, verified(100_000), reason(CREDIT_SCORE_BELOW_MINIMUM, "credit"),
                        reason(IDENTITY_NOT_VERIFIED, "identity_verification"))));

        assertThat(household.reasons()).extracting(reason -> reason.code().value() + " " + reason.orderIds())
                .containsExactly(
                        "credit_file_too_thin [ord_c]",
                        "credit_score_below_minimum [ord_a]",
                        "evictions_above_maximum [ord_g]",
                        "criminal_record_in_lookback [ord_c]",
                        "identity_not_verified [ord_g]",
                        "identity_not_verified [ord_a]",
                        "income_below_ratio [ord_c, ord_a]");
        assertThat(household.decision()).isEqualTo(Decision.DECLINE);
    }

    /** H4: the most serious reason decides, whichever member gives it and wherever it comes in the order. */
    @Test
    void theMostSeriousReasonDecides() {
        HouseholdRecommendation household = HouseholdRecommender.recommend(WITHOUT_INCOME_RATIO, null, List.of(
                member("ord_a", APPLICANT, notAvailable(), reason(CREDIT_SCORE_BELOW_MINIMUM, "credit")),
                member("ord_g", GUARANTOR, notAvailable(), reason(IDENTITY_NOT_VERIFIED, "identity_verification"))));
        HouseholdRecommendation declined = HouseholdRecommender.recommend(WITHOUT_INCOME_RATIO, null, List.of(
                member("ord_a", APPLICANT, notAvailable(), reason(EVICTIONS_ABOVE_MAXIMUM, "eviction")),
                member("ord_g", GUARANTOR, notAvailable(), reason(CREDIT_SCORE_BELOW_MINIMUM, "credit"),
                        reason(IDENTITY_NOT_VERIFIED, "identity_verification"))));

        assertThat(household.decision()).isEqualTo(Decision.REVIEW);
        assertThat(declined.decision()).isEqualTo(Decision.DECLINE);
    }

    /** H6: the same arguments give the same recommendation, and the arguments are left as they were. */
    @Test
    void theSameArgumentsGiveTheSameRecommendation() {
        List<MemberOutcome> members = new ArrayList<>(List.of(
                member("ord_g", GUARANTOR, verified(600_000), reason(CREDIT_SCORE_BELOW_MINIMUM, "credit")),
                member("ord_a", APPLICANT, verified(200_000), reason(EVICTIONS_ABOVE_MAXIMUM, "eviction"))));
        List<MemberOutcome> before = List.copyOf(members);

        HouseholdRecommendation first = HouseholdRecommender.recommend(POLICY, RENT, members);

        assertThat(HouseholdRecommender.recommend(POLICY, RENT, members)).isEqualTo(first);
        assertThat(members).isEqualTo(before);
    }

    /** A policy with an income ratio needs the rent and an earner, as orders with such a policy are placed with a rent. */
    @Test
    void anIncomeRatioNeedsTheRentAndAnEarner() {
        assertThatThrownBy(() -> HouseholdRecommender.recommend(POLICY, null, List.of(member("ord_a", APPLICANT, verified(1)))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HouseholdRecommender.recommend(POLICY, RENT, List.of(member("ord_g", GUARANTOR, verified(1)))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** MemberRole: the API's lower-case values, and which roles pool their income. */
    @Test
    void rolesAreNamedAsTheApiNamesThem() {
        assertThat(List.of(MemberRole.values())).extracting(MemberRole::value)
                .containsExactly("applicant", "co_applicant", "guarantor");
        assertThat(MemberRole.of("co_applicant")).isEqualTo(CO_APPLICANT);
        assertThat(List.of(MemberRole.values())).filteredOn(MemberRole::earner).containsExactly(APPLICANT, CO_APPLICANT);
    }

    private static ScreeningPolicy policy(BigDecimal incomeRatio, BigDecimal guarantorRatio) {
        return new ScreeningPolicy("pol_test_households", Mode.TEST, "Households",
                new Criteria(620, 0, 7, 7, incomeRatio, true, guarantorRatio), false, Instant.parse("2026-11-28T10:00:00Z"), null);
    }

    private static MemberOutcome member(String orderId, MemberRole role, IncomeOutcome income, Recommendation.Reason... reasons) {
        return new MemberOutcome(orderId, role, Recommendation.of(POLICY, List.of(reasons)), income);
    }

    private static Recommendation.Reason reason(ReasonCode code, String check) {
        return new Recommendation.Reason(code, check, "The member's own " + code.value() + ".");
    }

    private static IncomeOutcome verified(long monthlyCents) {
        return new IncomeOutcome.Verified(monthlyCents);
    }

    private static IncomeOutcome notVerified() {
        return new IncomeOutcome.NotVerified();
    }

    private static IncomeOutcome notAvailable() {
        return new IncomeOutcome.NotAvailable();
    }
}
