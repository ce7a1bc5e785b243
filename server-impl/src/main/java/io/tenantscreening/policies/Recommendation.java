package io.tenantscreening.policies;

import java.util.List;

/**
 * What a report recommends under its order's policy: the decision, the policy (its id and,
 * since policies never change, the name it has for good) and the reasons, in the order of
 * the report's checks. The decision is the most serious reason's, {@code accept} without any.
 */
public record Recommendation(Decision decision, String policyId, String policyName, List<Reason> reasons) {

    public Recommendation {
        reasons = List.copyOf(reasons);
    }

    /** The recommendation these reasons make under the policy. */
    public static Recommendation of(ScreeningPolicy policy, List<Reason> reasons) {
        Decision decision = Decision.ACCEPT;
        for (Reason reason : reasons) {
            decision = decision.atLeast(reason.code().decision());
        }
        return new Recommendation(decision, policy.id(), policy.name(), reasons);
    }

    /** One criterion not met or not decidable: its code, the check it concerns (as the API names it) and a sentence with the figures. */
    public record Reason(ReasonCode code, String check, String detail) {
    }
}
