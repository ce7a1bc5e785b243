package io.tenantscreening.properties;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.lists.KeysetPager;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Table properties, always read and written within one organisation and mode. */
@Singleton
public class PropertyRepository {

    private static final String TABLE = "properties";
    private static final String COLUMNS = "id, name, street, unit, city, state, zipcode, created_at";

    private final Jdbc jdbc;
    private final KeysetPager pager;

    public PropertyRepository(Jdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** Inserts the property unless its address key is taken; empty when it was. */
    public Optional<Property> insertIfNew(Caller caller, Property property, String addressKey) {
        return jdbc.queryOne("INSERT INTO properties (id, organization_id, mode, name, street, unit, city, state, zipcode, "
                        + "address_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT ON CONSTRAINT properties_address_unique DO NOTHING RETURNING " + COLUMNS,
                PropertyRepository::read,
                property.id(), caller.organizationId(), caller.mode().dbValue(), property.name(), property.street(),
                property.unit(), property.city(), property.state(), property.zipcode(), addressKey, property.createdAt());
    }

    public Optional<Property> findByAddressKey(Caller caller, String addressKey) {
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM properties WHERE organization_id = ? AND mode = ? AND address_key = ?",
                PropertyRepository::read, caller.organizationId(), caller.mode().dbValue(), addressKey);
    }

    public Optional<Property> findById(Caller caller, String id) {
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM properties WHERE organization_id = ? AND mode = ? AND id = ?",
                PropertyRepository::read, caller.organizationId(), caller.mode().dbValue(), id);
    }

    /** The properties with these ids, in one query. */
    public List<Property> findByIds(Caller caller, Collection<String> ids) {
        return jdbc.query("SELECT " + COLUMNS + " FROM properties WHERE organization_id = ? AND mode = ? AND id = ANY (?)",
                PropertyRepository::read, caller.organizationId(), caller.mode().dbValue(), ids);
    }

    public Page<Property> page(Caller caller, PageRequest request) {
        return jdbc.withConnection(connection -> pager.page(connection, TABLE, COLUMNS, caller, request, PropertyRepository::read));
    }

    private static Property read(ResultSet row) throws SQLException {
        return new Property(row.getString("id"), row.getString("name"), row.getString("street"), row.getString("unit"),
                row.getString("city"), row.getString("state"), row.getString("zipcode"),
                row.getTimestamp("created_at").toInstant());
    }
}
