package io.tenantscreening.idempotency;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The moves of {@link KeyStore} over one table of keys, one row per organisation and key,
 * for ever, live mode only. Every such table has the columns {@code organization_id},
 * {@code mode}, {@code idempotency_key}, {@code request_digest}, {@code digest_key_id},
 * {@code locked_until}, {@code response_status} and {@code response_body}; what differs is
 * described by a {@link Table}: how an unanswered row is told apart, what an answer clears
 * (the request held for a takeover) and the column of the created resource's id. A
 * subclass adds the claim, which writes what its operation needs to resume.
 */
public abstract class TableKeyStore implements KeyStore {

    /**
     * A table of keys: its {@code name}; {@code unanswered}, the condition true of a row
     * while it has no answer; {@code clearedOnAnswer}, assignments that drop what a holder
     * held (it becomes the start of the answer's SET list); {@code createdColumn}, where the
     * answer keeps the id of what it created.
     */
    public record Table(String name, String unanswered, String clearedOnAnswer, String createdColumn) {
    }

    protected final TenantJdbc jdbc;
    private final Table table;

    protected TableKeyStore(TenantJdbc jdbc, Table table) {
        this.jdbc = jdbc;
        this.table = table;
    }

    @Override
    public Optional<Stored> find(Tenant tenant, String key) {
        return jdbc.queryOne(tenant, "SELECT request_digest, digest_key_id, locked_until, response_status, response_body, "
                + table.createdColumn() + " FROM " + table.name() + " WHERE {tenant} AND idempotency_key = ?", this::read, key);
    }

    @Override
    public boolean takeOver(Tenant tenant, String key, Instant expiredLease, Instant leaseEnds) {
        return jdbc.update(tenant, "UPDATE " + table.name() + " SET locked_until = ? WHERE {tenant} AND idempotency_key = ? "
                + "AND " + table.unanswered() + " AND locked_until = ?", leaseEnds, key, expiredLease) == 1;
    }

    @Override
    public void release(Tenant tenant, String key, Instant now) {
        jdbc.update(tenant, "UPDATE " + table.name() + " SET locked_until = ? WHERE {tenant} AND idempotency_key = ? "
                + "AND " + table.unanswered(), now, key);
    }

    /** Stores the answer and drops what the holder held. */
    @Override
    public boolean answer(Tenant tenant, String key, Answer answer) {
        return jdbc.update(tenant, "UPDATE " + table.name() + " SET " + table.clearedOnAnswer() + ", locked_until = NULL, "
                        + "response_status = ?, response_body = ?, " + table.createdColumn() + " = ? "
                        + "WHERE {tenant} AND idempotency_key = ? AND " + table.unanswered(),
                answer.status(), answer.body(), answer.createdId(), key) == 1;
    }

    @Override
    public void free(Tenant tenant, String key) {
        jdbc.update(tenant, "DELETE FROM " + table.name() + " WHERE {tenant} AND idempotency_key = ?", key);
    }

    @Override
    public List<Abandoned> abandoned(Instant now, int limit) {
        return jdbc.queryAcrossTenants("SELECT organization_id, idempotency_key FROM " + table.name()
                        + " WHERE " + table.unanswered() + " AND locked_until < ? ORDER BY locked_until LIMIT ?",
                row -> new Abandoned(new Tenant(row.getString(1), Mode.LIVE), row.getString(2)), now, limit);
    }

    private Stored read(ResultSet row) throws SQLException {
        boolean answered = row.getObject("response_status") != null;
        return new Stored(row.getBytes("request_digest"), row.getString("digest_key_id"),
                row.getTimestamp("locked_until") == null ? null : row.getTimestamp("locked_until").toInstant(),
                answered ? new Answer(row.getInt("response_status"), row.getString("response_body"),
                        row.getString(table.createdColumn())) : null);
    }
}
