package io.tenantscreening.orders;

import io.tenantscreening.common.Tenant;

import java.time.Instant;

/**
 * Acts on an order that became completed or canceled, in the transaction that moved it and
 * after its row was updated (still under its lock), so that what depends on the order
 * (its rental application, see Households under Rental applications in the contract)
 * changes with it or not at all. {@link OrderLifecycle} calls every such bean; features
 * that build on orders implement it, so that orders need not know them.
 */
public interface OrderSettledListener {

    /** {@code order} as it is right after the move, which happened at {@code at}. */
    void settled(Tenant tenant, Order order, Instant at);
}
