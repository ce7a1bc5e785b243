package io.tenantscreening.requesters;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** Table original_requesters, read and written within one tenant (the operator's deactivation aside). */
@Singleton
public class RequesterRepository {

    private static final String COLUMNS = "id, external_id, type, name, email, phone_number, street, unit, city, state, "
            + "zipcode, created_at, deactivated_at";

    private final TenantJdbc jdbc;
    private final Jdbc operatorJdbc;

    public RequesterRepository(TenantJdbc jdbc, Jdbc operatorJdbc) {
        this.jdbc = jdbc;
        this.operatorJdbc = operatorJdbc;
    }

    /**
     * Inserts the requester, or, when its external id is taken, overwrites that active
     * requester with these details (one statement, so concurrent upserts of one external id
     * meet on one row). Empty when the external id belongs to a deactivated requester.
     */
    public Optional<OriginalRequester> upsert(Tenant tenant, String newId, RequesterDetails details, Instant now) {
        return jdbc.queryOne(tenant, "INSERT INTO original_requesters (organization_id, mode, id, external_id, type, name, email, "
                        + "phone_number, street, unit, city, state, zipcode, created_at, updated_at) "
                        + "VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT ON CONSTRAINT original_requesters_external_id_unique DO UPDATE SET "
                        + "type = excluded.type, name = excluded.name, email = excluded.email, "
                        + "phone_number = excluded.phone_number, street = excluded.street, unit = excluded.unit, "
                        + "city = excluded.city, state = excluded.state, zipcode = excluded.zipcode, "
                        + "updated_at = excluded.updated_at "
                        + "WHERE original_requesters.deactivated_at IS NULL RETURNING " + COLUMNS,
                RequesterRepository::read,
                newId, details.externalId(), details.type(),
                details.name(), details.email(), details.phoneNumber(), details.street(), details.unit(), details.city(),
                details.state(), details.zipcode(), now, now);
    }

    public Optional<OriginalRequester> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM original_requesters WHERE {tenant} AND id = ?",
                RequesterRepository::read, id);
    }

    /**
     * Marks the requester deactivated (keeping the first time); empty when there is no such
     * requester. An operator action across tenants: operators name requesters by id alone.
     */
    public Optional<OriginalRequester> deactivate(String id, Instant now) {
        return operatorJdbc.queryOne("UPDATE original_requesters SET deactivated_at = coalesce(deactivated_at, ?) WHERE id = ? "
                + "RETURNING " + COLUMNS, RequesterRepository::read, now, id);
    }

    /** The columns {@link #read(ResultSet, String)} reads, of the table aliased {@code alias}, labelled with {@code prefix}. */
    public static String joinedColumns(String alias, String prefix) {
        return KeysetPager.Join.labelled(alias, COLUMNS, prefix);
    }

    /** The requester in the columns labelled with {@code prefix}; null when they are (a left join that found none). */
    @Nullable
    public static OriginalRequester read(ResultSet row, String prefix) throws SQLException {
        String id = row.getString(prefix + "id");
        if (id == null) {
            return null;
        }
        Timestamp deactivated = row.getTimestamp(prefix + "deactivated_at");
        return new OriginalRequester(id, row.getString(prefix + "external_id"), row.getString(prefix + "type"),
                row.getString(prefix + "name"), row.getString(prefix + "email"), row.getString(prefix + "phone_number"),
                row.getString(prefix + "street"), row.getString(prefix + "unit"), row.getString(prefix + "city"),
                row.getString(prefix + "state"), row.getString(prefix + "zipcode"),
                row.getTimestamp(prefix + "created_at").toInstant(), deactivated == null ? null : deactivated.toInstant());
    }

    private static OriginalRequester read(ResultSet row) throws SQLException {
        return read(row, "");
    }
}
