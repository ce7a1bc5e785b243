package io.tenantscreening.households;

import io.tenantscreening.policies.Criteria;
import io.tenantscreening.policies.Decision;
import io.tenantscreening.policies.ReasonCode;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.policies.ScreeningPolicy;
import io.tenantscreening.screening.CheckType;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Measures a rental application's household against its screening policy. Each member was
 * screened by its own order, under the same policy and rent, and its report recommends for
 * that person alone; the household decision starts from those recommendations and decides
 * the income criterion for the household as a whole:
 * <ol>
 * <li><b>H1, every person counts.</b> Every reason of every member's own recommendation is
 * kept, naming that member's order, except its income reasons ({@code income_below_ratio},
 * {@code income_not_verified}, and {@code check_not_ordered} on the check
 * {@code income_verification}), which H2 replaces. This holds for guarantors too: a
 * guarantor's credit, eviction, criminal or identity reason weighs like anyone's.</li>
 * <li><b>H2, pooled income.</b> Only when the policy has {@code min_income_to_rent_ratio}.
 * The earners are the applicant and the co-applicants. If any earner's income is not
 * available (the income_verification add-on not ordered, the check withheld, or its
 * findings deleted after a dispute), one {@code check_not_ordered} reason on
 * {@code income_verification} names those earners (and the household has no income figures).
 * Otherwise the household needs the ratio
 * times the monthly rent, compared exactly, and its pooled income is the sum of the earners'
 * verified incomes. A pooled income that reaches it gives no reason; else, when some earner's
 * income could not be verified, one {@code income_not_verified} reason names those earners;
 * else one {@code income_below_ratio} reason names every earner, with the figures.</li>
 * <li><b>H3, a guarantor covers a shortfall, nothing else.</b> Only an
 * {@code income_below_ratio} from H2 can be covered, and only when the policy has
 * {@code min_guarantor_income_to_rent_ratio}: the first guarantor, in the application's
 * order of members, whose verified income reaches that ratio times the monthly rent covers
 * it, the reason goes and the income names that guarantor's order. A guarantor never removes
 * any other reason: not a decline, not a review, not an {@code income_not_verified}.</li>
 * <li><b>H4, the most serious reason decides.</b> The decision is the most serious of the
 * reasons' decisions ({@code decline}, then {@code review}, then {@code conditional});
 * without reasons, {@code accept}.</li>
 * <li><b>H5, order of reasons.</b> By check in the report's order (credit, eviction, criminal,
 * identity_verification, income_verification), then by the first member each names, in the
 * application's order of members; one member's reasons on one check keep their report's
 * order.</li>
 * <li><b>H6, deterministic.</b> A pure function of the policy, the rent and the members: the
 * same arguments always give the same recommendation.</li>
 * </ol>
 * A member's own income figures never count twice: a guarantor's own {@code income_below_ratio}
 * (measured against the applicant's ratio) is dropped by H1, and its income counts only in H3.
 */
public final class HouseholdRecommender {

    private static final String INCOME = CheckType.INCOME_VERIFICATION.value();

    private HouseholdRecommender() {
    }

    /**
     * The household recommendation. {@code members} are the members that count (not removed,
     * their orders not canceled), in the application's order, each with its own report's
     * recommendation under {@code policy}; {@code monthlyRentCents} may be null unless the policy
     * has an income-to-rent ratio. A policy with the ratio needs at least one applicant or
     * co-applicant among the members.
     */
    public static HouseholdRecommendation recommend(ScreeningPolicy policy, Long monthlyRentCents, List<MemberOutcome> members) {
        List<Placed> placed = new ArrayList<>();
        for (int index = 0; index < members.size(); index++) {
            MemberOutcome member = members.get(index);
            for (Recommendation.Reason reason : member.own().reasons()) {
                if (!isIncomeReason(reason)) {
                    placed.add(new Placed(new HouseholdRecommendation.Reason(reason.code(), reason.check(),
                            List.of(member.orderId()), reason.detail()), index));
                }
            }
        }
        HouseholdRecommendation.Income income = null;
        Criteria criteria = policy.criteria();
        if (criteria.minIncomeToRentRatio() != null) {
            income = pooledIncome(criteria, monthlyRentCents, members, placed);
        }
        placed.sort(Comparator.comparingInt((Placed p) -> CheckType.of(p.reason().check()).ordinal())
                .thenComparingInt(Placed::firstMember));
        List<HouseholdRecommendation.Reason> reasons = placed.stream().map(Placed::reason).toList();
        Decision decision = Decision.ACCEPT;
        for (HouseholdRecommendation.Reason reason : reasons) {
            decision = decision.atLeast(reason.code().decision());
        }
        return new HouseholdRecommendation(decision, policy.id(), policy.name(), reasons, income);
    }

    /** A reason and the position of the first member it names, for ordering. */
    private record Placed(HouseholdRecommendation.Reason reason, int firstMember) {
    }

    private static boolean isIncomeReason(Recommendation.Reason reason) {
        return switch (reason.code()) {
            case INCOME_BELOW_RATIO, INCOME_NOT_VERIFIED -> true;
            case CHECK_NOT_ORDERED -> reason.check().equals(INCOME);
            default -> false;
        };
    }

    /**
     * H2 and H3: adds the household's income reason, if any, and answers its income (null
     * when an earner's income check is not available).
     */
    private static HouseholdRecommendation.Income pooledIncome(Criteria criteria, Long monthlyRentCents,
                                                               List<MemberOutcome> members, List<Placed> placed) {
        if (monthlyRentCents == null) {
            throw new IllegalArgumentException("a policy with an income-to-rent ratio needs the application's monthly rent");
        }
        List<Integer> earners = new ArrayList<>();
        for (int index = 0; index < members.size(); index++) {
            if (members.get(index).role().earner()) {
                earners.add(index);
            }
        }
        if (earners.isEmpty()) {
            throw new IllegalArgumentException("a policy with an income-to-rent ratio needs an applicant or co-applicant");
        }
        BigDecimal ratio = criteria.minIncomeToRentRatio();
        BigDecimal required = ratio.multiply(BigDecimal.valueOf(monthlyRentCents));
        String wanted = times(ratio, monthlyRentCents, required);
        long pooled = 0;
        List<Integer> notAvailable = new ArrayList<>();
        List<Integer> notVerified = new ArrayList<>();
        for (int index : earners) {
            IncomeOutcome outcome = members.get(index).income();
            if (outcome instanceof IncomeOutcome.Verified verified) {
                pooled += verified.monthlyCents();
            } else if (outcome instanceof IncomeOutcome.NotVerified) {
                notVerified.add(index);
            } else {
                notAvailable.add(index);
            }
        }
        long requiredCents = required.setScale(0, RoundingMode.CEILING).longValueExact();
        if (!notAvailable.isEmpty()) {
            placed.add(income(ReasonCode.CHECK_NOT_ORDERED, members, notAvailable, "The policy's income-to-rent ratio needs "
                    + "the income of every applicant and co-applicant, and " + members(notAvailable.size()) + " no income "
                    + "check to go by (the income_verification add-on not ordered, the check held, or its findings deleted "
                    + "after a dispute), so it is decided as for a check not ordered."));
            return null;
        }
        if (BigDecimal.valueOf(pooled).compareTo(required) >= 0) {
            return new HouseholdRecommendation.Income(requiredCents, pooled, null);
        }
        if (!notVerified.isEmpty()) {
            placed.add(income(ReasonCode.INCOME_NOT_VERIFIED, members, notVerified, "The verified incomes pool to "
                    + dollars(BigDecimal.valueOf(pooled)) + ", below " + wanted + ", and " + members(notVerified.size())
                    + " an income that could not be verified, so the household's income cannot be decided."));
            return new HouseholdRecommendation.Income(requiredCents, pooled, null);
        }
        BigDecimal guarantorRatio = criteria.minGuarantorIncomeToRentRatio();
        if (guarantorRatio != null) {
            BigDecimal guarantorRequired = guarantorRatio.multiply(BigDecimal.valueOf(monthlyRentCents));
            for (MemberOutcome member : members) {
                if (member.role() == MemberRole.GUARANTOR && member.income() instanceof IncomeOutcome.Verified verified
                        && BigDecimal.valueOf(verified.monthlyCents()).compareTo(guarantorRequired) >= 0) {
                    return new HouseholdRecommendation.Income(requiredCents, pooled, member.orderId());
                }
            }
        }
        String noGuarantor = guarantorRatio == null ? "" : ", and no guarantor's verified monthly income reaches "
                + times(guarantorRatio, monthlyRentCents, guarantorRatio.multiply(BigDecimal.valueOf(monthlyRentCents)));
        placed.add(income(ReasonCode.INCOME_BELOW_RATIO, members, earners, "The household's pooled verified monthly income "
                + "of " + dollars(BigDecimal.valueOf(pooled)) + " is below " + wanted + noGuarantor + "."));
        return new HouseholdRecommendation.Income(requiredCents, pooled, null);
    }

    private static Placed income(ReasonCode code, List<MemberOutcome> members, List<Integer> named, String detail) {
        List<String> orderIds = named.stream().map(index -> members.get(index).orderId()).toList();
        return new Placed(new HouseholdRecommendation.Reason(code, INCOME, orderIds, detail), named.get(0));
    }

    private static String times(BigDecimal ratio, long monthlyRentCents, BigDecimal product) {
        return ratio.stripTrailingZeros().toPlainString() + " times the monthly rent of "
                + dollars(BigDecimal.valueOf(monthlyRentCents)) + " (" + dollars(product) + ")";
    }

    private static String members(int count) {
        return count == 1 ? "1 member has" : count + " members have";
    }

    private static String dollars(BigDecimal cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents.movePointLeft(2).setScale(2, RoundingMode.HALF_UP));
    }
}
