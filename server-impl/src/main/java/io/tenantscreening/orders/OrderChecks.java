package io.tenantscreening.orders;

import io.tenantscreening.common.Tenant;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The checks of orders, with when each is expected to complete: declared here, where orders
 * are answered, and implemented by the screening feature, which runs the checks (so orders
 * depend on no higher feature).
 */
public interface OrderChecks {

    /**
     * The checks of each of these orders of one tenant, by order id, in the report's order.
     * Whatever their number, at most one statement is read for them all, and none when no
     * order among them is a pending live order.
     */
    Map<String, List<OrderCheck>> of(Tenant tenant, Collection<Order> orders);
}
