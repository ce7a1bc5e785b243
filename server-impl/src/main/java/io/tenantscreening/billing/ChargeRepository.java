package io.tenantscreening.billing;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.TenantJdbc;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Optional;

/**
 * Table charges: what live orders cost their organisations. A charge is written pending
 * before its order exists (and, by card, before the gateway is asked), then ends
 * succeeded, refused or refunded.
 */
@Singleton
public class ChargeRepository {

    private final TenantJdbc jdbc;

    public ChargeRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void insertPending(Tenant tenant, String id, String method, long amountCents, String currency, String gateway,
                              Instant now) {
        jdbc.update(tenant, "INSERT INTO charges (organization_id, mode, id, amount_cents, currency, method, gateway, status, "
                        + "created_at, updated_at) VALUES ({tenant.values}, ?, ?, ?, ?, ?, 'pending', ?, ?)",
                id, amountCents, currency, method, gateway, now, now);
    }

    public void deletePending(Tenant tenant, String id) {
        jdbc.update(tenant, "DELETE FROM charges WHERE {tenant} AND id = ? AND status = 'pending'", id);
    }

    /** The amount and currency of a pending card charge. */
    public Optional<Pending> findPending(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT amount_cents, currency FROM charges WHERE {tenant} AND id = ? AND status = 'pending'",
                row -> new Pending(row.getLong(1), row.getString(2)), id);
    }

    public void markSucceeded(Tenant tenant, String id, String orderId, String gatewayReference, Instant now) {
        jdbc.update(tenant, "UPDATE charges SET status = 'succeeded', order_id = ?, gateway_reference = ?, updated_at = ? "
                + "WHERE {tenant} AND id = ?", orderId, gatewayReference, now, id);
    }

    public void markRefused(Tenant tenant, String id, String refusal, Instant now) {
        jdbc.update(tenant, "UPDATE charges SET status = 'refused', refusal = ?, updated_at = ? WHERE {tenant} AND id = ?",
                refusal, now, id);
    }

    public void markRefunded(Tenant tenant, String id, Instant now) {
        jdbc.update(tenant, "UPDATE charges SET status = 'refunded', updated_at = ? WHERE {tenant} AND id = ?", now, id);
    }

    /** What a pending charge asks the gateway for. */
    public record Pending(long amountCents, String currency) {
    }
}
