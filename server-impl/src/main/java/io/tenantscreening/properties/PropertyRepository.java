package io.tenantscreening.properties;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Table properties, always read and written within one tenant. */
@Singleton
public class PropertyRepository {

    private static final String TABLE = "properties";
    private static final String COLUMNS = "id, name, street, unit, city, state, zipcode, created_at, stated_county_fips, "
            + "stated_city_fips";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public PropertyRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** Inserts the property unless its address key is taken; empty when it was. */
    public Optional<Property> insertIfNew(Tenant tenant, Property property, String addressKey) {
        return jdbc.queryOne(tenant, "INSERT INTO properties (organization_id, mode, id, name, street, unit, city, state, "
                        + "zipcode, address_key, created_at, stated_county_fips, stated_city_fips) "
                        + "VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT ON CONSTRAINT properties_address_unique DO NOTHING RETURNING " + COLUMNS,
                PropertyRepository::read,
                property.id(), property.name(), property.street(),
                property.unit(), property.city(), property.state(), property.zipcode(), addressKey, property.createdAt(),
                property.statedCountyFips(), property.statedCityFips());
    }

    public Optional<Property> findByAddressKey(Tenant tenant, String addressKey) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM properties WHERE {tenant} AND address_key = ?",
                PropertyRepository::read, addressKey);
    }

    public Optional<Property> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM properties WHERE {tenant} AND id = ?", PropertyRepository::read, id);
    }

    public Page<Property> page(Tenant tenant, PageRequest request) {
        return pager.page(TABLE, COLUMNS, tenant, request, PropertyRepository::read);
    }

    /** The columns {@link #read(ResultSet, String)} reads, of the table aliased {@code alias}, labelled with {@code prefix}. */
    public static String joinedColumns(String alias, String prefix) {
        return KeysetPager.Join.labelled(alias, COLUMNS, prefix);
    }

    /** The property in the columns labelled with {@code prefix}; null when they are (a left join that found none). */
    @Nullable
    public static Property read(ResultSet row, String prefix) throws SQLException {
        String id = row.getString(prefix + "id");
        return id == null ? null : new Property(id, row.getString(prefix + "name"), row.getString(prefix + "street"),
                row.getString(prefix + "unit"), row.getString(prefix + "city"), row.getString(prefix + "state"),
                row.getString(prefix + "zipcode"), row.getTimestamp(prefix + "created_at").toInstant(),
                row.getString(prefix + "stated_county_fips"), row.getString(prefix + "stated_city_fips"));
    }

    private static Property read(ResultSet row) throws SQLException {
        return read(row, "");
    }
}
