package io.tenantscreening.webhooks;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.persistence.OwnConnections;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.work.WorkSettings;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The slots of webhook endpoints (table webhook_endpoint_slots): an endpoint has
 * {@code endpoint-concurrency} of them, shared by every instance, and whoever delivers to
 * it holds one, so no more requests than that are ever in flight to one endpoint. While an
 * endpoint is failing (its last attempt failed) only its first slot may be taken, so that a
 * failing endpoint gets one attempt at a time, each when the pause after the last one ends.
 * <p>
 * A slot is held for {@link #LEASE_HEARTBEATS} heartbeats of background work at a time,
 * and this instance extends every slot it holds at each heartbeat; the slots of an instance
 * that died are free again within that lease. A holder whose slot could not be extended
 * before its lease ran out has lost it: its attempt in flight is cut off, so that even then
 * the limit holds. The heartbeat extends the slots on a connection of its own, outside the
 * pool, so that it never waits for a connection behind the deliveries it keeps going.
 */
@Singleton
class EndpointSlots {

    /** How many heartbeats a slot is held for without being extended. */
    static final int LEASE_HEARTBEATS = 3;

    private static final Logger LOG = LoggerFactory.getLogger(EndpointSlots.class);

    private final TenantJdbc tenantJdbc;
    private final Jdbc jdbc;
    private final OwnConnections ownConnections;
    private final WebhookSettings settings;
    private final Duration lease;
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    private final Set<String> provisioned = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "webhook-slot-heartbeat");
        thread.setDaemon(true);
        return thread;
    });
    private volatile long lastExtended = System.nanoTime();
    /** The heartbeat's own connection, used by its thread only; null until opened, or after it failed. */
    private Connection heartbeatConnection;

    EndpointSlots(TenantJdbc tenantJdbc, Jdbc jdbc, OwnConnections ownConnections, WebhookSettings settings, WorkSettings work) {
        this.tenantJdbc = tenantJdbc;
        this.jdbc = jdbc;
        this.ownConnections = ownConnections;
        this.settings = settings;
        this.lease = work.getHeartbeatInterval().multipliedBy(LEASE_HEARTBEATS);
        long every = work.getHeartbeatInterval().toMillis();
        heartbeat.scheduleWithFixedDelay(this::extend, every, every, TimeUnit.MILLISECONDS);
    }

    /** A slot this instance holds: the token proves it; {@link #whenLost} runs if it is lost. */
    static final class Held {

        private final String endpointId;
        private final int slot;
        private final String token;
        private final List<Runnable> onLoss = new CopyOnWriteArrayList<>();
        private volatile boolean lost;

        private Held(String endpointId, int slot, String token) {
            this.endpointId = endpointId;
            this.slot = slot;
            this.token = token;
        }

        int slot() {
            return slot;
        }

        String token() {
            return token;
        }

        boolean lost() {
            return lost;
        }

        /** Runs the action when the slot is lost (at once if it is lost already). */
        void whenLost(Runnable action) {
            onLoss.add(action);
            if (lost) {
                action.run();
            }
        }

        /** Forgets the actions registered so far (the attempt they would cut off is over). */
        void attemptOver() {
            onLoss.clear();
        }

        private void lose() {
            lost = true;
            onLoss.forEach(Runnable::run);
        }
    }

    /**
     * Takes a free slot of the endpoint, within a transaction; empty when every slot the
     * endpoint may use now is held, or it is paused ({@code now} is the service's clock, as
     * the pause is).
     */
    Optional<Held> acquire(Tenant tenant, String endpointId, Instant now) {
        Optional<Held> slot = take(tenant, endpointId, now);
        if (slot.isEmpty() && provisioned.add(endpointId) && provision(tenant, endpointId)) {
            return take(tenant, endpointId, now);
        }
        return slot;
    }

    /** Gives the slot back (nothing happens if it was lost meanwhile), within a transaction. */
    void release(Held slot) {
        held.remove(slot.token);
        jdbc.update("UPDATE webhook_endpoint_slots SET token = NULL, held_until = NULL WHERE endpoint_id = ? AND slot = ? "
                + "AND token = ?", slot.endpointId, slot.slot, slot.token);
    }

    @PreDestroy
    void stop() throws InterruptedException, SQLException {
        heartbeat.shutdownNow();
        if (heartbeat.awaitTermination(5, TimeUnit.SECONDS) && heartbeatConnection != null) {
            heartbeatConnection.close();
        }
    }

    /** Extends the slots of these tokens on the heartbeat's own connection (opened again after a failure); the tokens still held. */
    private Set<String> extend(List<String> tokens) throws SQLException {
        if (heartbeatConnection == null) {
            heartbeatConnection = ownConnections.open("webhook slot heartbeat", (int) Math.max(1, lease.toSeconds()));
        }
        try (PreparedStatement update = heartbeatConnection.prepareStatement("UPDATE webhook_endpoint_slots "
                + "SET held_until = clock_timestamp() + ? * interval '1 millisecond' WHERE token = ANY (?) RETURNING token")) {
            update.setLong(1, lease.toMillis());
            update.setArray(2, heartbeatConnection.createArrayOf("text", tokens.toArray()));
            Set<String> kept = new HashSet<>();
            try (ResultSet rows = update.executeQuery()) {
                while (rows.next()) {
                    kept.add(rows.getString(1));
                }
            }
            return kept;
        } catch (SQLException e) {
            try {
                heartbeatConnection.close();
            } catch (SQLException ignored) {
                e.addSuppressed(ignored);
            }
            heartbeatConnection = null;
            throw e;
        }
    }

    private Optional<Held> take(Tenant tenant, String endpointId, Instant now) {
        String token = UUID.randomUUID().toString();
        return tenantJdbc.queryOne(tenant, "UPDATE webhook_endpoint_slots s SET token = ?, "
                        + "held_until = clock_timestamp() + ? * interval '1 millisecond' "
                        + "WHERE (s.endpoint_id, s.slot) = (SELECT c.endpoint_id, c.slot FROM webhook_endpoint_slots c "
                        + "JOIN webhook_endpoints e ON e.id = c.endpoint_id WHERE {tenant:e} AND c.endpoint_id = ? "
                        + "AND (c.held_until IS NULL OR c.held_until <= clock_timestamp()) "
                        + "AND c.slot < CASE WHEN e.paused_until IS NULL THEN ? ELSE 1 END "
                        + "AND (e.paused_until IS NULL OR e.paused_until <= ?) "
                        + "ORDER BY c.slot LIMIT 1 FOR UPDATE OF c SKIP LOCKED) RETURNING s.slot",
                row -> row.getInt(1), token, lease.toMillis(), endpointId, settings.getEndpointConcurrency(),
                Timestamp.from(now)).map(slot -> {
                    Held taken = new Held(endpointId, slot, token);
                    held.put(token, taken);
                    return taken;
                });
    }

    /** Makes the endpoint's missing slots; true when some were missing. */
    private boolean provision(Tenant tenant, String endpointId) {
        return tenantJdbc.update(tenant, "INSERT INTO webhook_endpoint_slots (endpoint_id, slot) SELECT e.id, n "
                        + "FROM webhook_endpoints e, generate_series(0, ? - 1) AS n WHERE {tenant:e} AND e.id = ? "
                        + "ON CONFLICT DO NOTHING",
                settings.getEndpointConcurrency(), endpointId) > 0;
    }

    /**
     * Extends every slot this instance holds. A slot whose row no longer carries its token,
     * or every slot once the lease has passed without an extension, is lost.
     */
    private void extend() {
        if (held.isEmpty()) {
            lastExtended = System.nanoTime();
            return;
        }
        long started = System.nanoTime();
        try {
            List<String> tokens = List.copyOf(held.keySet());
            Set<String> kept = extend(tokens);
            lastExtended = started;
            tokens.stream().filter(token -> !kept.contains(token)).map(held::remove)
                    .filter(Objects::nonNull).forEach(Held::lose);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Could not extend the webhook endpoint slots this instance holds: {}", e.toString());
            if (System.nanoTime() - lastExtended >= lease.minus(lease.dividedBy(LEASE_HEARTBEATS)).toNanos()) {
                held.values().forEach(Held::lose);
                held.clear();
            }
        }
    }
}
