package io.tenantscreening.auth;

import io.micronaut.data.connection.annotation.Connectable;
import io.tenantscreening.common.Mode;
import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;

/**
 * Table api_keys: keys are found by digest, listed per organisation, revoked by id; each with
 * its organisation's own rate limit for its mode (table rate_limits), when it has one.
 */
@Singleton
public class ApiKeyRepository {

    private static final String COLUMNS = "id, organization_id, mode, scope, last4, created_at, revoked_at";
    private static final String SELECT = "SELECT k.id, k.organization_id, k.mode, k.scope, k.last4, k.created_at, k.revoked_at, "
            + "CASE k.mode WHEN 'live' THEN r.live ELSE r.test END AS rate_limit "
            + "FROM api_keys k LEFT JOIN rate_limits r ON r.organization_id = k.organization_id";

    private final Jdbc jdbc;

    public ApiKeyRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(ApiKeyRecord key, byte[] digest) {
        jdbc.update("INSERT INTO api_keys (id, organization_id, mode, scope, digest, last4, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                key.id(), key.organizationId(), key.mode().dbValue(), key.scope().dbValue(), digest, key.last4(), key.createdAt());
    }

    @Connectable
    public Optional<ApiKeyRecord> findByDigest(byte[] digest) {
        return jdbc.queryOne(SELECT + " WHERE k.digest = ?", ApiKeyRepository::read, digest);
    }

    public List<ApiKeyRecord> listByOrganization(String organizationId) {
        return jdbc.query(SELECT + " WHERE k.organization_id = ? ORDER BY k.created_at, k.id",
                ApiKeyRepository::read, organizationId);
    }

    /** Marks the key revoked (keeping the first revocation time) and returns it; empty if unknown. */
    public Optional<ApiKeyRecord> revoke(String id) {
        return jdbc.queryOne("UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = ? RETURNING " + COLUMNS
                + ", null::integer AS rate_limit", ApiKeyRepository::read, id);
    }

    /** Tells every instance's {@link RevokedKeyListener} when the transaction commits. */
    public void announceRevocation(String id) {
        jdbc.queryOne("SELECT pg_notify(?, ?)", rows -> true, RevokedKeyListener.CHANNEL, id);
    }

    /** Tells every instance's {@link RevokedKeyListener} that the organisation's rate limits changed. */
    public void announceRateLimits(String organizationId) {
        jdbc.queryOne("SELECT pg_notify(?, ?)", rows -> true, RevokedKeyListener.RATE_LIMITS_CHANNEL, organizationId);
    }

    private static ApiKeyRecord read(ResultSet rows) throws SQLException {
        Timestamp revoked = rows.getTimestamp("revoked_at");
        int rateLimit = rows.getInt("rate_limit");
        Integer ownRateLimit = rows.wasNull() ? null : rateLimit;
        return new ApiKeyRecord(rows.getString("id"), rows.getString("organization_id"), Mode.fromDb(rows.getString("mode")),
                Scope.fromDb(rows.getString("scope")), rows.getString("last4"), rows.getTimestamp("created_at").toInstant(),
                revoked == null ? null : revoked.toInstant(), ownRateLimit);
    }
}
