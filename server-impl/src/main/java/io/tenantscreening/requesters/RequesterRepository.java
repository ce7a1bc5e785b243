package io.tenantscreening.requesters;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Table original_requesters, read and written within one organisation and mode (the operator's deactivation aside). */
@Singleton
public class RequesterRepository {

    private static final String COLUMNS = "id, external_id, type, name, email, phone_number, street, unit, city, state, "
            + "zipcode, created_at, deactivated_at";

    private final Jdbc jdbc;

    public RequesterRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Inserts the requester, or, when its external id is taken, overwrites that active
     * requester with these details (one statement, so concurrent upserts of one external id
     * meet on one row). Empty when the external id belongs to a deactivated requester.
     */
    public Optional<OriginalRequester> upsert(Caller caller, String newId, RequesterDetails details, Instant now) {
        return jdbc.queryOne("INSERT INTO original_requesters (id, organization_id, mode, external_id, type, name, email, "
                        + "phone_number, street, unit, city, state, zipcode, created_at, updated_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT ON CONSTRAINT original_requesters_external_id_unique DO UPDATE SET "
                        + "type = excluded.type, name = excluded.name, email = excluded.email, "
                        + "phone_number = excluded.phone_number, street = excluded.street, unit = excluded.unit, "
                        + "city = excluded.city, state = excluded.state, zipcode = excluded.zipcode, "
                        + "updated_at = excluded.updated_at "
                        + "WHERE original_requesters.deactivated_at IS NULL RETURNING " + COLUMNS,
                RequesterRepository::read,
                newId, caller.organizationId(), caller.mode().dbValue(), details.externalId(), details.type(),
                details.name(), details.email(), details.phoneNumber(), details.street(), details.unit(), details.city(),
                details.state(), details.zipcode(), now, now);
    }

    public Optional<OriginalRequester> findById(Caller caller, String id) {
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM original_requesters WHERE organization_id = ? AND mode = ? AND id = ?",
                RequesterRepository::read, caller.organizationId(), caller.mode().dbValue(), id);
    }

    public List<OriginalRequester> findByIds(Caller caller, Collection<String> ids) {
        return jdbc.query("SELECT " + COLUMNS + " FROM original_requesters WHERE organization_id = ? AND mode = ? "
                        + "AND id = ANY (?)",
                RequesterRepository::read, caller.organizationId(), caller.mode().dbValue(), ids);
    }

    /** Marks the requester deactivated (keeping the first time); empty when there is no such requester. */
    public Optional<OriginalRequester> deactivate(String id, Instant now) {
        return jdbc.queryOne("UPDATE original_requesters SET deactivated_at = coalesce(deactivated_at, ?) WHERE id = ? "
                + "RETURNING " + COLUMNS, RequesterRepository::read, now, id);
    }

    private static OriginalRequester read(ResultSet row) throws SQLException {
        Timestamp deactivated = row.getTimestamp("deactivated_at");
        return new OriginalRequester(row.getString("id"), row.getString("external_id"), row.getString("type"),
                row.getString("name"), row.getString("email"), row.getString("phone_number"), row.getString("street"),
                row.getString("unit"), row.getString("city"), row.getString("state"), row.getString("zipcode"),
                row.getTimestamp("created_at").toInstant(), deactivated == null ? null : deactivated.toInstant());
    }
}
