package io.tenantscreening.webhooks;

import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.events.Event;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tables webhook_deliveries and webhook_attempts, within one tenant. */
@Singleton
class WebhookDeliveryRepository {

    private static final String TABLE = "webhook_deliveries";
    private static final String COLUMNS = "id, endpoint_id, event_id, event_type, status, attempts, response_status, "
            + "last_attempt_at, next_attempt_at, created_at";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    WebhookDeliveryRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** A delivery just created: its id and its endpoint. */
    record Created(String id, String endpointId) {
    }

    /**
     * One delivery of the event to each endpoint of its tenant that subscribes to its type, due
     * at once. Only endpoints of a version in which the type exists subscribe to it: versions
     * are dates, so that is one comparison in the same query.
     */
    List<Created> createFor(Tenant tenant, Event event) {
        List<String> endpoints = jdbc.query(tenant, "SELECT id FROM webhook_endpoints WHERE {tenant} "
                        + "AND (enabled_events = '{}' OR ? = ANY (enabled_events)) AND api_version >= ?", row -> row.getString(1),
                event.type().value(), event.type().since().day());
        if (endpoints.isEmpty()) {
            return List.of();
        }
        List<Created> created = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        for (String endpoint : endpoints) {
            Created delivery = new Created(PublicIds.newId("whd", tenant.mode()), endpoint);
            created.add(delivery);
            rows.add("({tenant.values}, ?, ?, ?, ?, 'pending', 0, ?, ?)");
            parameters.addAll(List.of(delivery.id(), endpoint, event.id(), event.type().value(), event.createdAt(),
                    event.createdAt()));
        }
        jdbc.update(tenant, "INSERT INTO webhook_deliveries (organization_id, mode, id, endpoint_id, event_id, event_type, status, "
                + "attempts, next_attempt_at, created_at) VALUES " + String.join(", ", rows), parameters.toArray());
        return created;
    }

    Optional<WebhookDelivery> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM webhook_deliveries WHERE {tenant} AND id = ?",
                WebhookDeliveryRepository::read, id);
    }

    /**
     * Claims the endpoint's oldest due delivery that nobody is attempting (within a
     * transaction): the claim lasts {@code claimFor}, by the database's clock, unless the
     * attempt is recorded first. Empty when no delivery of the endpoint is due and unclaimed.
     */
    Optional<WebhookDelivery> claimNext(Tenant tenant, String endpointId, Instant now, String token, Duration claimFor) {
        return jdbc.queryOne(tenant, "UPDATE webhook_deliveries SET claim_token = ?, "
                        + "claimed_until = clock_timestamp() + ? * interval '1 millisecond' WHERE {tenant} AND id = "
                        + "(SELECT id FROM webhook_deliveries WHERE {tenant} AND endpoint_id = ? AND status = 'pending' "
                        + "AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= clock_timestamp()) "
                        + "ORDER BY next_attempt_at, created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING " + COLUMNS,
                WebhookDeliveryRepository::read, token, claimFor.toMillis(), endpointId, Timestamp.from(now));
    }

    /** How many of the endpoint's deliveries are due and unclaimed, counting up to {@code upTo}. */
    int dueUnclaimed(Tenant tenant, String endpointId, Instant now, int upTo) {
        return jdbc.queryOne(tenant, "SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries WHERE {tenant} AND endpoint_id = ? "
                        + "AND status = 'pending' AND next_attempt_at <= ? "
                        + "AND (claimed_until IS NULL OR claimed_until <= clock_timestamp()) LIMIT ?) AS due",
                row -> row.getInt(1), endpointId, Timestamp.from(now), upTo).orElse(0);
    }

    /** Endpoints, of every tenant, with a delivery that is due and that nobody has claimed, up to {@code limit}. */
    List<EndpointRef> endpointsWithDueWork(Instant now, int limit) {
        return jdbc.queryAcrossTenants("SELECT DISTINCT organization_id, mode, endpoint_id FROM webhook_deliveries "
                        + "WHERE status = 'pending' AND next_attempt_at <= ? "
                        + "AND (claimed_until IS NULL OR claimed_until <= clock_timestamp()) LIMIT ?",
                row -> new EndpointRef(row.getString(1), row.getString(2), row.getString(3)), Timestamp.from(now), limit);
    }

    /**
     * Records an attempt of a delivery claimed with {@code token}, and the delivery's new
     * state (next_attempt_at null once it succeeded or failed), ending the claim. False, and
     * nothing recorded, when the claim had run out and another deliverer took the delivery.
     */
    boolean recordAttempt(Tenant tenant, WebhookDelivery delivery, String token, WebhookDelivery.Attempt attempt, String status,
                          Instant nextAttemptAt) {
        return jdbc.update(tenant, "WITH recorded AS (UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, "
                        + "response_status = ?, last_attempt_at = ?, next_attempt_at = ?, claim_token = NULL, claimed_until = NULL "
                        + "WHERE {tenant} AND id = ? AND claim_token = ? RETURNING id, attempts) "
                        + "INSERT INTO webhook_attempts (delivery_id, number, attempted_at, duration_ms, response_status, error, "
                        + "response_body) SELECT id, attempts, ?, ?, ?, ?, ? FROM recorded",
                status, attempt.responseStatus(), attempt.attemptedAt(), nextAttemptAt == null ? null : Timestamp.from(nextAttemptAt),
                delivery.id(), token, attempt.attemptedAt(), attempt.durationMillis(), attempt.responseStatus(), attempt.error(),
                attempt.responseBody()) == 1;
    }

    Page<WebhookDelivery> page(Tenant tenant, String endpointId, PageRequest request) {
        Page<WebhookDelivery> page = pager.page(TABLE, COLUMNS, tenant, request, WebhookDeliveryRepository::read,
                new KeysetPager.Filter("endpoint_id = ?", List.of(endpointId), TABLE + ":" + endpointId));
        Map<String, List<WebhookDelivery.Attempt>> logs = new LinkedHashMap<>();
        page.items().forEach(delivery -> logs.put(delivery.id(), new ArrayList<>()));
        if (!logs.isEmpty()) {
            jdbc.query(tenant, "SELECT a.delivery_id, a.attempted_at, a.duration_ms, a.response_status, a.error, a.response_body "
                    + "FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                    + "WHERE {tenant:d} AND a.delivery_id = ANY (?) ORDER BY a.delivery_id, a.number DESC", row -> {
                        logs.get(row.getString(1)).add(new WebhookDelivery.Attempt(row.getTimestamp(2).toInstant(), row.getInt(3),
                                (Integer) row.getObject(4), row.getString(5), row.getString(6)));
                        return null;
                    }, new ArrayList<>(logs.keySet()));
        }
        return new Page<>(page.items().stream().map(delivery -> delivery.withAttempts(logs.get(delivery.id()))).toList(),
                page.count(), page.next(), page.previous());
    }

    private static WebhookDelivery read(ResultSet row) throws SQLException {
        return new WebhookDelivery(row.getString("id"), row.getString("endpoint_id"), row.getString("event_id"),
                row.getString("event_type"), row.getString("status"), row.getInt("attempts"), (Integer) row.getObject("response_status"),
                instant(row.getTimestamp("last_attempt_at")), instant(row.getTimestamp("next_attempt_at")),
                row.getTimestamp("created_at").toInstant(), List.of());
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
