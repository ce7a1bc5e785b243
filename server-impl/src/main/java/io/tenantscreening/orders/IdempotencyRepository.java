package io.tenantscreening.orders;

import io.tenantscreening.billing.ChargePlan;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.idempotency.Claim;
import io.tenantscreening.idempotency.TableKeyStore;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Table idempotency_keys: the Idempotency-Keys of live-mode POST /orders (operation
 * {@code order}; the table also holds the keys of other operations, in the same key space),
 * one row per organisation and key, for ever. A key is claimed with a lease (state {@code claimed}, or
 * {@code charging} when its placement recorded a charge), carries the sealed request and
 * the charge while its placement is unfinished, and ends {@code finished} with the answer
 * to replay (see {@link LiveOrderPlacement}).
 */
@Singleton
public class IdempotencyRepository extends TableKeyStore {

    public IdempotencyRepository(TenantJdbc jdbc) {
        super(jdbc, new Table("idempotency_keys", "state <> 'finished' AND operation = 'order'",
                "state = 'finished', request_sealed = NULL, request_key_id = NULL", "order_id"));
    }

    /** What an unfinished placement keeps for a request that takes it over: the sealed request, and its charge (or null). */
    record Held(Sealer.Sealed request, String chargeId) {
    }

    /**
     * Inserts a new claim, naming the placement's recorded charge when there is one; false
     * when the key is already used. The plan is kept as a record of the claim; a placement
     * taken over reads it from its charge.
     */
    boolean claim(Tenant tenant, String key, Claim claim, Sealer.Sealed request, ChargePlan plan, String chargeId) {
        return jdbc.update(tenant, "INSERT INTO idempotency_keys (organization_id, mode, idempotency_key, request_digest, "
                        + "digest_key_id, state, charge_id, locked_until, request_sealed, request_key_id, charge_plan, created_at, "
                        + "operation) VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'order') ON CONFLICT DO NOTHING",
                key, claim.requestDigest(), claim.digestKeyId(), chargeId == null ? "claimed" : "charging", chargeId,
                claim.leaseEnds(), request.ciphertext(), request.keyId(), plan.dbValue(), claim.at()) == 1;
    }

    /** What an unfinished placement holds; empty once it is finished. */
    Optional<Held> held(Tenant tenant, String key) {
        return jdbc.queryOne(tenant, "SELECT request_sealed, request_key_id, charge_id FROM idempotency_keys "
                        + "WHERE {tenant} AND idempotency_key = ? AND state <> 'finished'",
                row -> new Held(new Sealer.Sealed(row.getBytes(1), row.getString(2)), row.getString(3)), key);
    }
}
