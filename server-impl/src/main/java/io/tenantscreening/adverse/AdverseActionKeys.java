package io.tenantscreening.adverse;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.idempotency.Claim;
import io.tenantscreening.idempotency.TableKeyStore;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Table adverse_action_keys: the Idempotency-Keys of live-mode POST /adverse_actions, one
 * row per organisation and key, for ever. A key is held under a lease with its request
 * (what a request that takes it over resumes), then keeps the answer to replay.
 */
@Singleton
public class AdverseActionKeys extends TableKeyStore {

    public AdverseActionKeys(TenantJdbc jdbc) {
        super(jdbc, new Table("adverse_action_keys", "response_status IS NULL", "request = NULL", "adverse_action_id"));
    }

    /** Inserts a new claim with its request; false when the key is already used. */
    boolean claim(Tenant tenant, String key, Claim claim, String request) {
        return jdbc.update(tenant, "INSERT INTO adverse_action_keys (organization_id, mode, idempotency_key, request_digest, "
                        + "digest_key_id, request, locked_until, created_at) VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT DO NOTHING",
                key, claim.requestDigest(), claim.digestKeyId(), request, claim.leaseEnds(), claim.at()) == 1;
    }

    /** The request of a key not answered yet. */
    Optional<String> request(Tenant tenant, String key) {
        return jdbc.queryOne(tenant, "SELECT request FROM adverse_action_keys WHERE {tenant} AND idempotency_key = ? "
                + "AND response_status IS NULL", row -> row.getString(1), key);
    }
}
