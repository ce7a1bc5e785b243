package io.tenantscreening.screening;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * Table conditional_offers, within one tenant: the landlord's conditional offer on an order
 * whose criminal check was held, at most one per order, with the live-mode Idempotency-Key
 * it came with, its request and the answer given.
 */
@Singleton
public class ConditionalOfferRepository {

    /** The offer a live-mode key recorded: its order, its request (canonical JSON) and the answer given. */
    record Keyed(String orderId, String request, String responseBody) {
    }

    private final TenantJdbc jdbc;

    public ConditionalOfferRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The offer recorded with this key; empty when none was. */
    Optional<Keyed> byKey(Tenant tenant, String key) {
        return jdbc.queryOne(tenant, "SELECT order_id, request, response_body FROM conditional_offers WHERE {tenant} "
                + "AND idempotency_key = ?", row -> new Keyed(row.getString(1), row.getString(2), row.getString(3)), key);
    }

    /**
     * Records the offer, with its key (null in test mode), request and answer; false when the
     * order has an offer already or, in live mode, the key recorded another.
     */
    boolean insert(Tenant tenant, String orderId, LocalDate madeOn, String note, String key, String request, String responseBody,
                   Instant now) {
        return jdbc.update(tenant, "INSERT INTO conditional_offers (organization_id, mode, order_id, made_on, note, idempotency_key, "
                + "request, response_body, created_at) VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                orderId, madeOn, note, key, request, responseBody, now) == 1;
    }
}
