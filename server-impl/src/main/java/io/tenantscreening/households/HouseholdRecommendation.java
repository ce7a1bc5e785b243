package io.tenantscreening.households;

import io.tenantscreening.policies.Decision;
import io.tenantscreening.policies.ReasonCode;

import java.util.List;

/**
 * What a household's reports together recommend under its policy (the contract's Household
 * decisions): the decision, the policy, the reasons each naming the members whose findings
 * give it, and how the pooled income compares with the rent (null when the policy has no
 * income ratio, or an earner's income check is not available).
 */
public record HouseholdRecommendation(Decision decision, String policyId, String policyName, List<Reason> reasons,
                                      Income income) {

    public HouseholdRecommendation {
        reasons = List.copyOf(reasons);
    }

    /** One criterion not met or not decidable, the check it concerns (as the API names it), the members' orders, a sentence. */
    public record Reason(ReasonCode code, String check, List<String> orderIds, String detail) {

        public Reason {
            orderIds = List.copyOf(orderIds);
        }
    }

    /** The requirement and the pooled verified income in cents, and the guarantor that covers a shortfall (null if none). */
    public record Income(long requiredMonthlyCents, long pooledMonthlyCents, String coveredByGuarantorOrderId) {
    }
}
