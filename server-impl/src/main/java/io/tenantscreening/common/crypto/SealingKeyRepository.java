package io.tenantscreening.common.crypto;

import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.Timestamps;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Table sealing_keys: the ids of the master keys that have sealed data, and what stored
 * data each one still seals.
 */
@Singleton
public class SealingKeyRepository {

    /** Stored data sealed with a key, by kind: the queries that count it. */
    private static final Map<String, String> SEALED_DATA = sealedData();

    private final Jdbc jdbc;
    private final Clock clock;
    private final Driver driver;
    private final String url;
    private final String sessionSettings;
    private final Properties ownConnection = new Properties();

    public SealingKeyRepository(Jdbc jdbc, Clock clock,
                                @Value("${datasources.default.driver-class-name}") String driverClass,
                                @Value("${datasources.default.url}") String url,
                                @Value("${datasources.default.username}") String user,
                                @Value("${datasources.default.password:}") String password,
                                @Value("${datasources.default.connection-init-sql:}") String sessionSettings) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.driver = driver(driverClass);
        this.url = url;
        this.sessionSettings = sessionSettings;
        ownConnection.setProperty("user", user);
        ownConnection.setProperty("password", password);
        ownConnection.setProperty("connectTimeout", "2");
        ownConnection.setProperty("socketTimeout", "10");
        ownConnection.setProperty("ApplicationName", "tenant-screening sealing key record");
    }

    /** A recorded key: when it first sealed data, and how many stored values of each kind it seals now. */
    public record RecordedKey(String id, Instant firstSealedAt, Map<String, Long> sealing) {

        public boolean sealsNothing() {
            return sealing.values().stream().allMatch(count -> count == 0);
        }
    }

    /**
     * Records the key's id, committed at once whatever the caller's transaction does later,
     * on a connection of its own (outside the pool, opened for this one statement, with the
     * pooled connections' session settings: their lock and statement timeouts). The caller
     * is the first request to seal with the key, inside its own transaction: with a pooled
     * connection for this, the first requests of a new instance, arriving together, each
     * held a pooled connection and waited for a second one until the pool gave up (503 for
     * all of them).
     */
    public void record(String id) {
        try (Connection connection = connect();
             PreparedStatement insert = Jdbc.prepare(connection,
                     "INSERT INTO sealing_keys (id, first_sealed_at) VALUES (?, ?) ON CONFLICT DO NOTHING", id, Timestamps.now(clock))) {
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new Jdbc.DataAccessException(e);
        }
    }

    private Connection connect() throws SQLException {
        Connection connection = driver.connect(url, ownConnection);
        if (connection == null) {
            throw new SQLException("the JDBC driver " + driver.getClass().getName() + " does not accept the data source's URL", "08001");
        }
        if (!sessionSettings.isBlank()) {
            try (Statement settings = connection.createStatement()) {
                settings.execute(sessionSettings);
            } catch (SQLException e) {
                connection.close();
                throw e;
            }
        }
        return connection;
    }

    @Transactional
    public List<String> recordedIds() {
        return jdbc.query("SELECT id FROM sealing_keys ORDER BY first_sealed_at, id", row -> row.getString(1));
    }

    @Transactional
    public List<RecordedKey> list() {
        return jdbc.query("SELECT id, first_sealed_at FROM sealing_keys ORDER BY first_sealed_at, id",
                row -> new RecordedKey(row.getString(1), row.getTimestamp(2).toInstant(), usage(row.getString(1))));
    }

    /** Removes a key that seals nothing any more; false when it is unknown. */
    @Transactional
    public boolean delete(String id) {
        return jdbc.update("DELETE FROM sealing_keys WHERE id = ?", id) == 1;
    }

    private Map<String, Long> usage(String id) {
        Map<String, Long> usage = new LinkedHashMap<>();
        SEALED_DATA.forEach((kind, query) -> usage.put(kind, jdbc.queryOne(query, row -> row.getLong(1), id).orElse(0L)));
        return usage;
    }

    private static Map<String, String> sealedData() {
        Map<String, String> kinds = new LinkedHashMap<>();
        kinds.put("applicant_ssns", "SELECT count(*) FROM applicants WHERE ssn_key_id = ?");
        kinds.put("waiting_application_links",
                "SELECT count(*) FROM orders WHERE application_token_key_id = ? AND status = 'waiting_for_applicant'");
        kinds.put("idempotency_digests", "SELECT count(*) FROM idempotency_keys WHERE digest_key_id = ?");
        kinds.put("unfinished_order_requests", "SELECT count(*) FROM idempotency_keys WHERE request_key_id = ?");
        return kinds;
    }

    /** An instance of the data source's driver class, for the connection of {@link #record}. */
    private static Driver driver(String driverClass) {
        try {
            return (Driver) Class.forName(driverClass).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the JDBC driver " + driverClass, e);
        }
    }
}
