package io.tenantscreening.orders;

import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Optional;

/** Table idempotency_keys: live-mode POST /orders answers, one per organisation and key, for ever. */
@Singleton
public class IdempotencyRepository {

    /** A stored answer and the digest of the request it answered. */
    public record StoredAnswer(byte[] requestDigest, String digestKeyId, int status, String body, String orderId) {
    }

    private final Jdbc jdbc;

    public IdempotencyRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Takes the key for this transaction; false when it is already used. A concurrent holder
     * makes this wait until it commits (then false) or rolls back (then true).
     */
    public boolean claim(String organizationId, String key, byte[] requestDigest, String digestKeyId, Instant now) {
        return jdbc.update("INSERT INTO idempotency_keys (organization_id, idempotency_key, request_digest, digest_key_id, "
                + "created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                organizationId, key, requestDigest, digestKeyId, now) == 1;
    }

    /** Records the answer of the claimed key, in the claiming transaction. */
    public void complete(String organizationId, String key, int status, String body, String orderId) {
        jdbc.update("UPDATE idempotency_keys SET response_status = ?, response_body = ?, order_id = ? "
                + "WHERE organization_id = ? AND idempotency_key = ?", status, body, orderId, organizationId, key);
    }

    public Optional<StoredAnswer> find(String organizationId, String key) {
        return jdbc.queryOne("SELECT request_digest, digest_key_id, response_status, response_body, order_id "
                        + "FROM idempotency_keys WHERE organization_id = ? AND idempotency_key = ?",
                row -> new StoredAnswer(row.getBytes(1), row.getString(2), row.getInt(3), row.getString(4), row.getString(5)),
                organizationId, key);
    }
}
