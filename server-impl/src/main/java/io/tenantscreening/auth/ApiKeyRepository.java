package io.tenantscreening.auth;

import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Table api_keys: keys are found by digest, listed per organisation, revoked by id. */
@Singleton
public class ApiKeyRepository {

    private static final String COLUMNS = "id, organization_id, mode, scope, last4, created_at, revoked_at";

    private final DataSource dataSource;

    public ApiKeyRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public void insert(ApiKeyRecord key, byte[] digest) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     "INSERT INTO api_keys (id, organization_id, mode, scope, digest, last4, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            statement.setString(1, key.id());
            statement.setString(2, key.organizationId());
            statement.setString(3, key.mode().dbValue());
            statement.setString(4, key.scope().dbValue());
            statement.setBytes(5, digest);
            statement.setString(6, key.last4());
            statement.setTimestamp(7, Timestamp.from(key.createdAt()));
            statement.executeUpdate();
        }
    }

    public Optional<ApiKeyRecord> findByDigest(byte[] digest) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT " + COLUMNS + " FROM api_keys WHERE digest = ?")) {
            statement.setBytes(1, digest);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(read(rows)) : Optional.empty();
            }
        }
    }

    public List<ApiKeyRecord> listByOrganization(String organizationId) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT " + COLUMNS + " FROM api_keys WHERE organization_id = ? ORDER BY created_at, id")) {
            statement.setString(1, organizationId);
            List<ApiKeyRecord> keys = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    keys.add(read(rows));
                }
            }
            return keys;
        }
    }

    /** Marks the key revoked (keeping the first revocation time) and returns it; empty if unknown. */
    public Optional<ApiKeyRecord> revoke(String id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     "UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = ? RETURNING " + COLUMNS)) {
            statement.setString(1, id);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(read(rows)) : Optional.empty();
            }
        }
    }

    private static ApiKeyRecord read(ResultSet rows) throws SQLException {
        Timestamp revoked = rows.getTimestamp("revoked_at");
        return new ApiKeyRecord(rows.getString("id"), rows.getString("organization_id"), Mode.fromDb(rows.getString("mode")),
                Scope.fromDb(rows.getString("scope")), rows.getString("last4"), rows.getTimestamp("created_at").toInstant(),
                revoked == null ? null : revoked.toInstant());
    }
}
