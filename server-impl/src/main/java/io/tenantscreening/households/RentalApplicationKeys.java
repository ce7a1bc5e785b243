package io.tenantscreening.households;

import io.tenantscreening.billing.ChargePlan;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.idempotency.Claim;
import io.tenantscreening.idempotency.TableKeyStore;
import io.tenantscreening.persistence.TenantJdbc;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The rows of table idempotency_keys that one operation on rental applications claimed
 * (column {@code operation}: {@code rental_application} or {@code rental_application_member}).
 * The table, and so the key space, is shared with POST /orders. A claim carries the sealed
 * request and the charges recorded for it, one per member's order, in member order; an
 * answered key names the application in {@code rental_application_id}.
 */
final class RentalApplicationKeys extends TableKeyStore {

    static final String CREATE = "rental_application";
    static final String ADD_MEMBER = "rental_application_member";

    private final String operation;

    RentalApplicationKeys(TenantJdbc jdbc, String operation) {
        super(jdbc, new Table("idempotency_keys", "state <> 'finished' AND operation = '" + operation + "'",
                "state = 'finished', request_sealed = NULL, request_key_id = NULL", "rental_application_id"));
        this.operation = operation;
    }

    /** What an unfinished placement keeps for a request that takes it over: the sealed request, and its charges. */
    record Held(Sealer.Sealed request, List<String> chargeIds) {
    }

    /**
     * Inserts a new claim with the sealed request, charging nothing yet; false when the key is
     * already used (by any operation). The claim's transaction then checks the request and
     * records its {@link #charges}.
     */
    boolean claim(Tenant tenant, String key, Claim claim, Sealer.Sealed request) {
        return jdbc.update(tenant, "INSERT INTO idempotency_keys (organization_id, mode, idempotency_key, request_digest, "
                        + "digest_key_id, state, charge_ids, locked_until, request_sealed, request_key_id, charge_plan, created_at, "
                        + "operation) VALUES ({tenant.values}, ?, ?, ?, 'claimed', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                key, claim.requestDigest(), claim.digestKeyId(), List.of(), claim.leaseEnds(), request.ciphertext(),
                request.keyId(), ChargePlan.NONE.dbValue(), claim.at(), operation) == 1;
    }

    /** Names the charges recorded for a claimed key (in member order) and how they are paid; none: it stays claimed. */
    void charges(Tenant tenant, String key, ChargePlan plan, List<String> chargeIds) {
        if (!chargeIds.isEmpty()) {
            jdbc.update(tenant, "UPDATE idempotency_keys SET state = 'charging', charge_plan = ?, charge_ids = ? "
                    + "WHERE {tenant} AND idempotency_key = ? AND state = 'claimed'", plan.dbValue(), chargeIds, key);
        }
    }

    /** What an unfinished placement holds; empty once it is finished. */
    Optional<Held> held(Tenant tenant, String key) {
        return jdbc.queryOne(tenant, "SELECT request_sealed, request_key_id, charge_ids FROM idempotency_keys "
                        + "WHERE {tenant} AND idempotency_key = ? AND state <> 'finished' AND operation = ?",
                row -> new Held(new Sealer.Sealed(row.getBytes(1), row.getString(2)),
                        Arrays.asList((String[]) row.getArray(3).getArray())), key, operation);
    }
}
