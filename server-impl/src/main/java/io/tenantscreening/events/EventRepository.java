package io.tenantscreening.events;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Table events, always within one tenant. */
@Singleton
public class EventRepository {

    private static final String TABLE = "events";
    private static final String COLUMNS = "id, mode, type, object_id, sequence, previous_status, data, previous_attributes, created_at";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public EventRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /**
     * Inserts the event with the next sequence number of its object (1, then one more each
     * time), taken in the same statement from event_sequences; answers the number. That row
     * stays locked until the transaction ends, so concurrent writers of one object take
     * their numbers one after the other, and a rolled-back number is given again.
     */
    long insert(Tenant tenant, String id, EventType type, String objectId, String previousStatus, String data,
                String previousAttributes, Instant createdAt) {
        return jdbc.queryOne(tenant, "WITH next AS (INSERT INTO event_sequences (organization_id, mode, object_id, last_sequence) "
                        + "VALUES ({tenant.values}, ?, 1) ON CONFLICT (organization_id, mode, object_id) "
                        + "DO UPDATE SET last_sequence = event_sequences.last_sequence + 1 RETURNING last_sequence) "
                        + "INSERT INTO events (organization_id, mode, id, type, object_id, sequence, previous_status, data, "
                        + "previous_attributes, created_at) "
                        + "SELECT {tenant.values}, ?, ?, ?, next.last_sequence, ?, ?::json, ?::json, ? FROM next RETURNING sequence",
                row -> row.getLong(1), objectId, id, type.value(), objectId, previousStatus, data, previousAttributes, createdAt)
                .orElseThrow();
    }

    Optional<Event> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM events WHERE {tenant} AND id = ?", EventRepository::read, id);
    }

    /**
     * A page of the events of one type, or of any of {@code types}: every type needs no
     * condition; fewer are counted by adding up the count of each.
     */
    Page<Event> page(Tenant tenant, PageRequest request, EventType type, List<EventType> types) {
        return pager.page(TABLE, COLUMNS, tenant, request, EventRepository::read, filter(type, types));
    }

    private static KeysetPager.Filter filter(EventType type, List<EventType> types) {
        if (type != null) {
            return new KeysetPager.Filter("type = ?", List.of(type.value()), counted(type));
        }
        if (types.size() == EventType.values().length) {
            return KeysetPager.Filter.none(TABLE);
        }
        return new KeysetPager.Filter("type = ANY (?)", List.of(types.stream().map(EventType::value).toList()),
                types.stream().map(EventRepository::counted).toList());
    }

    /** The collection_counts name of the events of one type. */
    private static String counted(EventType type) {
        return TABLE + ":" + type.value();
    }

    private static Event read(ResultSet row) throws SQLException {
        return new Event(row.getString("id"), Mode.fromDb(row.getString("mode")), EventType.of(row.getString("type")).orElseThrow(),
                row.getString("object_id"), row.getLong("sequence"), row.getString("previous_status"), row.getString("data"),
                row.getString("previous_attributes"), row.getTimestamp("created_at").toInstant());
    }
}
