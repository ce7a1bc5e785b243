package io.tenantscreening.households;

import io.tenantscreening.policies.Recommendation;

import java.util.Objects;

/**
 * One member of a rental application as the household decision sees it: its order, its role,
 * its own report's recommendation under the application's policy, and its income check.
 */
public record MemberOutcome(String orderId, MemberRole role, Recommendation own, IncomeOutcome income) {

    public MemberOutcome {
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(own, "own");
        Objects.requireNonNull(income, "income");
    }
}
