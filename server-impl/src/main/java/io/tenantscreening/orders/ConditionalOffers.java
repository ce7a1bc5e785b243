package io.tenantscreening.orders;

import io.tenantscreening.common.Tenant;

import java.time.LocalDate;
import java.util.Set;

/**
 * The landlord's conditional offer on an order whose criminal check is held for one
 * (two-step screening), which releases the check: {@code POST /orders/{id}/conditional_offer}.
 * Declared here for the orders' controller, implemented by the screening feature, which holds
 * the check.
 */
public interface ConditionalOffers {

    /**
     * Records the offer and releases the order's held criminal check, in one transaction under
     * the order's lock. {@code canonicalRequest} is the request body in a normal form: with the
     * order's id it decides whether a reused live-mode key comes with the same request.
     */
    Made make(Tenant tenant, String orderId, Offer offer, String idempotencyKey, String canonicalRequest, Set<Include> includes);

    /** The offer as the request states it: the day it was made, and the landlord's note (null when none). */
    record Offer(LocalDate madeOn, String note) {
    }

    /** What recording an offer came to. */
    sealed interface Made permits Released, Replayed {
    }

    /** The offer is recorded and the check released: the order as it now stands. */
    record Released(OrderView order) implements Made {
    }

    /**
     * The answer kept with a live-mode key of an earlier request with the same body and order
     * ({@code body}, the order without embedded records), and the order now, for the records
     * the request's {@code include} names.
     */
    record Replayed(String body, OrderView order) implements Made {
    }
}
