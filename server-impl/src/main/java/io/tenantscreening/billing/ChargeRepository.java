package io.tenantscreening.billing;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
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

    /**
     * Inserts a pending charge onto the invoice when the organisation's billing settings say
     * it is billed on invoice, by card through {@code cardGateway} otherwise; answers which.
     */
    public ChargePlan insertPending(Tenant tenant, String id, long amountCents, String currency, String cardGateway, Instant now) {
        return jdbc.queryOne(tenant, "INSERT INTO charges (organization_id, mode, id, amount_cents, currency, method, gateway, status, "
                                + "created_at, updated_at) SELECT {tenant.values}, ?, ?, ?, "
                                + "CASE WHEN invoiced THEN '" + ChargePlan.INVOICE.dbValue() + "' ELSE '" + ChargePlan.CARD.dbValue() + "' END, "
                                + "CASE WHEN invoiced THEN NULL ELSE ? END, 'pending', ?, ? "
                                + "FROM billing_settings WHERE organization_id = ? RETURNING method",
                        row -> ChargePlan.fromDb(row.getString(1)), id, amountCents, currency, cardGateway, now, now,
                        tenant.organizationId())
                .orElseThrow(() -> new IllegalStateException("organization " + tenant.organizationId() + " has no billing settings"));
    }

    public void deletePending(Tenant tenant, String id) {
        jdbc.update(tenant, "DELETE FROM charges WHERE {tenant} AND id = ? AND status = 'pending'", id);
    }

    /** How a pending charge is paid, its amount and currency. */
    public Optional<Pending> findPending(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT method, amount_cents, currency FROM charges WHERE {tenant} AND id = ? AND status = 'pending'",
                row -> new Pending(ChargePlan.fromDb(row.getString(1)), row.getLong(2), row.getString(3)), id);
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

    /** What a pending charge asks for, and how. */
    public record Pending(ChargePlan plan, long amountCents, String currency) {
    }
}
