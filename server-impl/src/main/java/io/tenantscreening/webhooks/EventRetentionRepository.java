package io.tenantscreening.webhooks;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The removal of old events with their webhook deliveries (tables events, webhook_deliveries, webhook_attempts). */
@Singleton
class EventRetentionRepository {

    /**
     * Longest wait for a row lock while removing: the removal's rows are taken with SKIP
     * LOCKED, so this bounds only its wait for a counter row (collection_counts) that a
     * request's transaction holds. Below PostgreSQL's deadlock_timeout (1 s), so the removal
     * gives way before a request could be chosen as a deadlock's victim.
     */
    private static final String LOCK_TIMEOUT = "200ms";

    private final TenantJdbc tenantJdbc;
    private final Jdbc jdbc;

    EventRetentionRepository(TenantJdbc tenantJdbc, Jdbc jdbc) {
        this.tenantJdbc = tenantJdbc;
        this.jdbc = jdbc;
    }

    /**
     * Up to {@code limit} events of every tenant created before {@code cutoff}, oldest first,
     * after {@code after} (from the start when it is null), by the index on (created_at, id).
     */
    OldEvents oldest(Instant cutoff, @Nullable OldEvents.Event after, int limit) {
        List<Object> parameters = new ArrayList<>(List.of(cutoff));
        String resume = "";
        if (after != null) {
            resume = " AND (created_at, id) > (?, ?)";
            parameters.add(after.createdAt());
            parameters.add(after.id());
        }
        parameters.add(limit);
        return new OldEvents(tenantJdbc.queryAcrossTenants("SELECT organization_id, mode, id, created_at FROM events "
                + "WHERE created_at < ?" + resume + " ORDER BY created_at, id LIMIT ?", EventRetentionRepository::read, parameters.toArray()));
    }

    /**
     * Removes those of the tenant's events {@code ids} (as {@link #oldest} found them) none
     * of whose deliveries is pending, each with its deliveries (their attempts go with them:
     * ON DELETE CASCADE); answers how many events went. A delivery is taken only when it is
     * not pending as it stands when locked, and an event with a delivery not taken keeps all
     * of them. Rows another transaction holds are skipped (an endpoint's deliveries while it
     * is deleted, say), and so is an event with a delivery among them: a later sweep takes
     * it. The events are found by their primary key, never by a range of the tenant's
     * events, so a batch costs the same however many old events the tenant has. Call it in a
     * transaction of its own.
     */
    int remove(Tenant tenant, List<String> ids) {
        jdbc.update("SET LOCAL lock_timeout = '" + LOCK_TIMEOUT + "'");
        return tenantJdbc.update(tenant, "WITH old AS ("
                        + "SELECT id FROM events WHERE {tenant} AND id = ANY (?) FOR UPDATE SKIP LOCKED"
                        + "), taken AS ("
                        + "SELECT id FROM webhook_deliveries WHERE {tenant} AND event_id IN (SELECT id FROM old) "
                        + "AND status <> 'pending' FOR UPDATE SKIP LOCKED"
                        + "), kept AS ("
                        + "SELECT event_id FROM webhook_deliveries WHERE {tenant} AND event_id IN (SELECT id FROM old) "
                        + "AND id NOT IN (SELECT id FROM taken)"
                        + "), removed_deliveries AS ("
                        + "DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM taken) "
                        + "AND event_id NOT IN (SELECT event_id FROM kept)"
                        + ") DELETE FROM events WHERE {tenant} AND id IN (SELECT id FROM old) AND id NOT IN (SELECT event_id FROM kept)",
                ids);
    }

    private static OldEvents.Event read(ResultSet row) throws SQLException {
        return new OldEvents.Event(new Tenant(row.getString("organization_id"), Mode.fromDb(row.getString("mode"))),
                row.getString("id"), row.getTimestamp("created_at").toInstant());
    }
}
