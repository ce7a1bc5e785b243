package io.tenantscreening.billing;

import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

/** Table charges: one row per charged order. */
@Singleton
public class ChargeRepository {

    private final Jdbc jdbc;

    public ChargeRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(Charge charge) {
        jdbc.update("INSERT INTO charges (id, organization_id, order_id, amount_cents, currency, method, gateway, "
                        + "gateway_reference, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                charge.id(), charge.organizationId(), charge.orderId(), charge.amountCents(), charge.currency(),
                charge.method(), charge.gateway(), charge.gatewayReference(), charge.createdAt());
    }
}
