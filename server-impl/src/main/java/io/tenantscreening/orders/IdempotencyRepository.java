package io.tenantscreening.orders;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.TenantJdbc;
import io.tenantscreening.common.crypto.Sealer;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Table idempotency_keys: live-mode POST /orders, one row per organisation and key, for
 * ever. A row is claimed with a lease, carries the sealed request while its placement is
 * unfinished, and ends with the answer to replay (see {@link OrderPlacement}).
 */
@Singleton
public class IdempotencyRepository {

    private static final String COLUMNS = "idempotency_key, request_digest, digest_key_id, state, locked_until, request_sealed, "
            + "request_key_id, charge_id, response_status, response_body, order_id";

    /** Where a placement stands. */
    enum State {
        CLAIMED, CHARGING, FINISHED
    }

    /** A row as stored. The sealed request is null once finished; the answer null until then. */
    record Row(String key, byte[] requestDigest, String digestKeyId, State state, Instant lockedUntil,
               Sealer.Sealed request, String chargeId, Integer status, String body, String orderId) {
    }

    private final TenantJdbc jdbc;

    public IdempotencyRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Inserts a new claim holding the lease until {@code lockedUntil}, {@code charging} the
     * recorded charge when there is one; false when the key is already used. The plan is
     * kept as a record of the claim; a placement taken over reads it from its charge.
     */
    boolean claim(Tenant tenant, String key, byte[] requestDigest, String digestKeyId, Sealer.Sealed request, String chargePlan,
                  String chargeId, Instant lockedUntil, Instant now) {
        return jdbc.update(tenant, "INSERT INTO idempotency_keys (organization_id, mode, idempotency_key, request_digest, "
                        + "digest_key_id, state, charge_id, locked_until, request_sealed, request_key_id, charge_plan, created_at) "
                        + "VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                key, requestDigest, digestKeyId, chargeId == null ? "claimed" : "charging", chargeId, lockedUntil,
                request.ciphertext(), request.keyId(), chargePlan, now) == 1;
    }

    Optional<Row> find(Tenant tenant, String key) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM idempotency_keys WHERE {tenant} AND idempotency_key = ?",
                IdempotencyRepository::read, key);
    }

    /**
     * Takes over an unfinished placement whose lease ran out at {@code expiredLease}; false
     * when another taker was first (its lease then differs) or the placement finished.
     */
    boolean takeOver(Tenant tenant, String key, Instant expiredLease, Instant lockedUntil) {
        return jdbc.update(tenant, "UPDATE idempotency_keys SET locked_until = ? WHERE {tenant} AND idempotency_key = ? "
                + "AND state <> 'finished' AND locked_until = ?", lockedUntil, key, expiredLease) == 1;
    }

    /** Ends the lease now, so the next request with the key resumes the placement at once. */
    void release(Tenant tenant, String key, Instant now) {
        jdbc.update(tenant, "UPDATE idempotency_keys SET locked_until = ? WHERE {tenant} AND idempotency_key = ? "
                + "AND state <> 'finished'", now, key);
    }

    /**
     * Stores the answer and drops the sealed request; false when the key already has an
     * answer (another request finished its placement) or is gone.
     */
    boolean finish(Tenant tenant, String key, int status, String body, String orderId) {
        return jdbc.update(tenant, "UPDATE idempotency_keys SET state = 'finished', locked_until = NULL, request_sealed = NULL, "
                + "request_key_id = NULL, response_status = ?, response_body = ?, order_id = ? "
                + "WHERE {tenant} AND idempotency_key = ? AND state <> 'finished'", status, body, orderId, key) == 1;
    }

    /** Frees the key: its placement ended in an answer that is not kept. */
    void delete(Tenant tenant, String key) {
        jdbc.update(tenant, "DELETE FROM idempotency_keys WHERE {tenant} AND idempotency_key = ?", key);
    }

    /** Placements of any organisation whose lease ran out before {@code now}: their holders are gone. */
    List<Abandoned> abandoned(Instant now, int limit) {
        return jdbc.queryAcrossTenants("SELECT organization_id, idempotency_key FROM idempotency_keys "
                        + "WHERE state <> 'finished' AND locked_until < ? ORDER BY locked_until LIMIT ?",
                row -> new Abandoned(row.getString(1), row.getString(2)), now, limit);
    }

    /** An unfinished placement found by the sweep: its organisation (live mode) and key. */
    record Abandoned(String organizationId, String key) {
    }

    private static Row read(ResultSet row) throws SQLException {
        byte[] sealed = row.getBytes("request_sealed");
        return new Row(row.getString("idempotency_key"), row.getBytes("request_digest"), row.getString("digest_key_id"),
                State.valueOf(row.getString("state").toUpperCase(Locale.ROOT)),
                row.getTimestamp("locked_until") == null ? null : row.getTimestamp("locked_until").toInstant(),
                sealed == null ? null : new Sealer.Sealed(sealed, row.getString("request_key_id")),
                row.getString("charge_id"), row.getObject("response_status", Integer.class),
                row.getString("response_body"), row.getString("order_id"));
    }
}
