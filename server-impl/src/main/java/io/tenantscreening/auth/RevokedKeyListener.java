package io.tenantscreening.auth;

import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import io.tenantscreening.persistence.OwnConnections;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Keeps {@link ApiKeyCache} honest: a connection of its own (outside the pool) that LISTENs
 * on {@value #CHANNEL}, where every revocation is announced in its own transaction, and on
 * {@value #RATE_LIMITS_CHANNEL}, where a change of an organisation's rate limits is. Twice a
 * second it checks the connection with a query, applies what arrived and vouches for the
 * cache; PostgreSQL hands a listener every notification committed before its query ends.
 * When the connection fails, the cache is distrusted and emptied until a new connection
 * listens again. Runs only in the serving instance, not in the operator command.
 */
@Singleton
public class RevokedKeyListener implements ApplicationEventListener<ServerStartupEvent> {

    static final String CHANNEL = "api_key_revoked";
    static final String RATE_LIMITS_CHANNEL = "rate_limits_changed";
    private static final Logger LOG = LoggerFactory.getLogger(RevokedKeyListener.class);
    private static final int CHECK_INTERVAL_MILLIS = 500;

    private final ApiKeyCache cache;
    private final OwnConnections ownConnections;
    private volatile boolean running;
    private Thread thread;

    public RevokedKeyListener(ApiKeyCache cache, OwnConnections ownConnections) {
        this.cache = cache;
        this.ownConnections = ownConnections;
    }

    @Override
    public synchronized void onApplicationEvent(ServerStartupEvent event) {
        running = true;
        thread = new Thread(this::listen, "revoked-key-listener");
        thread.setDaemon(true);
        thread.start();
    }

    private void listen() {
        boolean failing = false;
        while (running) {
            try (Connection connection = ownConnections.open("revoked-key listener", 5)) {
                try (Statement listen = connection.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                    listen.execute("LISTEN " + RATE_LIMITS_CHANNEL);
                }
                PGConnection notifications = connection.unwrap(PGConnection.class);
                if (failing) {
                    LOG.info("Listening for API key revocations again; the key cache is in use again.");
                    failing = false;
                }
                while (running) {
                    long checkStartedAt = System.nanoTime();
                    try (Statement check = connection.createStatement()) {
                        check.execute("SELECT 1");
                    }
                    apply(notifications.getNotifications());
                    cache.confirmed(checkStartedAt);
                    apply(notifications.getNotifications(CHECK_INTERVAL_MILLIS));
                }
            } catch (SQLException e) {
                cache.distrust();
                if (!failing && running) {
                    LOG.warn("Lost the connection that listens for API key revocations ({}); every request looks its key "
                            + "up in the database until it is back.", e.getMessage());
                    failing = true;
                }
                pause();
            }
        }
    }

    private void apply(PGNotification[] arrived) {
        if (arrived != null) {
            for (PGNotification notification : arrived) {
                if (notification.getName().equals(RATE_LIMITS_CHANNEL)) {
                    cache.organizationChanged(notification.getParameter());
                } else {
                    cache.revoked(notification.getParameter());
                }
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @PreDestroy
    synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }
}
