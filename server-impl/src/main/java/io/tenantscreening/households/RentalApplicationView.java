package io.tenantscreening.households;

import io.tenantscreening.orders.OrderView;

import java.util.Map;

/**
 * A rental application as answered: its members' orders by id when {@code include=orders}
 * (null otherwise), and its household recommendation (null unless completed with a policy).
 */
record RentalApplicationView(RentalApplication application, Map<String, OrderView> orders, HouseholdRecommendation recommendation) {
}
