package io.tenantscreening.screening;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.orders.Order;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.policies.ScreeningPolicyService;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;

/**
 * The recommendation of an order's report, made with the report: the order's policy (the
 * one it was placed with, archived or not) measured by {@link Recommender} against the
 * findings of its checks as the report states them (after the age limit), on the report's day in the agency's time zone (the day
 * its documents show). Null for an order without a policy.
 */
@Singleton
public class Recommendations {

    private final ScreeningPolicyService policies;
    private final AgencySettings agency;

    public Recommendations(ScreeningPolicyService policies, AgencySettings agency) {
        this.policies = policies;
        this.agency = agency;
    }

    /** In the caller's transaction; {@code findings} of every check of the order, as the report states them. */
    Recommendation of(Tenant tenant, Order order, Map<CheckType, Findings> findings, Instant reportMadeAt) {
        if (order.screeningPolicyId() == null) {
            return null;
        }
        return Recommender.recommend(policies.get(tenant, order.screeningPolicyId()),
                CheckType.forOrder(order.packageSlug(), order.addOnProducts()), findings, order.monthlyRent(),
                LocalDate.ofInstant(reportMadeAt, agency.getTimeZone()));
    }
}
