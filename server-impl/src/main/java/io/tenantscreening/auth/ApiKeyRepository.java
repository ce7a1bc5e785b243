package io.tenantscreening.auth;

import io.micronaut.data.connection.annotation.Connectable;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;

/** Table api_keys: keys are found by digest, listed per organisation, revoked by id. */
@Singleton
public class ApiKeyRepository {

    private static final String COLUMNS = "id, organization_id, mode, scope, last4, created_at, revoked_at";

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
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM api_keys WHERE digest = ?", ApiKeyRepository::read, digest);
    }

    public List<ApiKeyRecord> listByOrganization(String organizationId) {
        return jdbc.query("SELECT " + COLUMNS + " FROM api_keys WHERE organization_id = ? ORDER BY created_at, id",
                ApiKeyRepository::read, organizationId);
    }

    /** Marks the key revoked (keeping the first revocation time) and returns it; empty if unknown. */
    public Optional<ApiKeyRecord> revoke(String id) {
        return jdbc.queryOne("UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = ? RETURNING " + COLUMNS,
                ApiKeyRepository::read, id);
    }

    /** Tells every instance's {@link RevokedKeyListener} when the transaction commits. */
    public void announceRevocation(String id) {
        jdbc.queryOne("SELECT pg_notify(?, ?)", rows -> true, RevokedKeyListener.CHANNEL, id);
    }

    private static ApiKeyRecord read(ResultSet rows) throws SQLException {
        Timestamp revoked = rows.getTimestamp("revoked_at");
        return new ApiKeyRecord(rows.getString("id"), rows.getString("organization_id"), Mode.fromDb(rows.getString("mode")),
                Scope.fromDb(rows.getString("scope")), rows.getString("last4"), rows.getTimestamp("created_at").toInstant(),
                revoked == null ? null : revoked.toInstant());
    }
}
