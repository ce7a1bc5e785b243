package io.tenantscreening.crypto;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.persistence.OwnConnections;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Table sealing_keys: the ids of the master keys that have sealed data, and what stored
 * data each one still seals.
 */
@Singleton
public class SealingKeyRepository {

    /** Stored data sealed with a key, by kind: the queries that count it. */
    private static final Map<String, String> SEALED_DATA = sealedData();

    private final Jdbc jdbc;
    private final Clock clock;
    private final OwnConnections ownConnections;

    public SealingKeyRepository(Jdbc jdbc, Clock clock, OwnConnections ownConnections) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.ownConnections = ownConnections;
    }

    /** A recorded key: when it first sealed data, and how many stored values of each kind it seals now. */
    public record RecordedKey(String id, Instant firstSealedAt, Map<String, Long> sealing) {

        public boolean sealsNothing() {
            return sealing.values().stream().allMatch(count -> count == 0);
        }
    }

    /**
     * Records the key's id, committed at once whatever the caller's transaction does later,
     * on a connection of its own (outside the pool, opened for this one statement). The caller
     * is the first request to seal with the key, inside its own transaction: with a pooled
     * connection for this, the first requests of a new instance, arriving together, each
     * held a pooled connection and waited for a second one until the pool gave up (503 for
     * all of them).
     */
    public void record(String id) {
        try (Connection connection = ownConnections.open("sealing key record", 10);
             PreparedStatement insert = Jdbc.prepare(connection,
                     "INSERT INTO sealing_keys (id, first_sealed_at) VALUES (?, ?) ON CONFLICT DO NOTHING", id, Timestamps.now(clock))) {
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new Jdbc.DataAccessException(e);
        }
    }

    @Transactional
    public List<String> recordedIds() {
        return jdbc.query("SELECT id FROM sealing_keys ORDER BY first_sealed_at, id", row -> row.getString(1));
    }

    @Transactional
    public List<RecordedKey> list() {
        return jdbc.query("SELECT id, first_sealed_at FROM sealing_keys ORDER BY first_sealed_at, id",
                row -> new RecordedKey(row.getString(1), row.getTimestamp(2).toInstant(), usage(row.getString(1))));
    }

    /** Removes a key that seals nothing any more; false when it is unknown. */
    @Transactional
    public boolean delete(String id) {
        return jdbc.update("DELETE FROM sealing_keys WHERE id = ?", id) == 1;
    }

    private Map<String, Long> usage(String id) {
        Map<String, Long> usage = new LinkedHashMap<>();
        SEALED_DATA.forEach((kind, query) -> usage.put(kind, jdbc.queryOne(query, row -> row.getLong(1), id).orElse(0L)));
        return usage;
    }

    private static Map<String, String> sealedData() {
        Map<String, String> kinds = new LinkedHashMap<>();
        kinds.put("applicant_ssns", "SELECT count(*) FROM applicants WHERE ssn_key_id = ?");
        kinds.put("consumer_keys", "SELECT count(*) FROM applicants WHERE consumer_key_id = ?");
        kinds.put("waiting_application_links",
                "SELECT count(*) FROM orders WHERE application_token_key_id = ? AND status = 'waiting_for_applicant'");
        kinds.put("idempotency_digests", "SELECT count(*) FROM idempotency_keys WHERE digest_key_id = ?");
        kinds.put("unfinished_order_requests", "SELECT count(*) FROM idempotency_keys WHERE request_key_id = ?");
        kinds.put("webhook_secrets", "SELECT count(*) FROM webhook_endpoints WHERE secret_key_id = ?");
        kinds.put("webhook_secrets_in_rotation",
                "SELECT count(*) FROM webhook_endpoints WHERE previous_secret_key_id = ? AND previous_secret_until > now()");
        return kinds;
    }
}
