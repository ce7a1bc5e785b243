package io.tenantscreening.persistence;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Connections outside the pool, for work that must neither take a pooled connection nor wait
 * for one: opened with the data source's driver class, URL and credentials, and with the
 * pooled connections' session settings (their lock and statement timeouts).
 */
@Singleton
public class OwnConnections {

    private final Driver driver;
    private final String url;
    private final String user;
    private final String password;
    private final String sessionSettings;

    public OwnConnections(@Value("${datasources.default.driver-class-name}") String driverClass,
                          @Value("${datasources.default.url}") String url,
                          @Value("${datasources.default.username}") String user,
                          @Value("${datasources.default.password:}") String password,
                          @Value("${datasources.default.connection-init-sql:}") String sessionSettings) {
        this.driver = driver(driverClass);
        this.url = url;
        this.user = user;
        this.password = password;
        this.sessionSettings = sessionSettings;
    }

    /**
     * A new connection, named "tenant-screening {purpose}" in pg_stat_activity, that gives up
     * connecting after 2 seconds and waiting for an answer after {@code socketTimeoutSeconds}.
     */
    public Connection open(String purpose, int socketTimeoutSeconds) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        properties.setProperty("connectTimeout", "2");
        properties.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
        properties.setProperty("ApplicationName", "tenant-screening " + purpose);
        Connection connection = driver.connect(url, properties);
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

    private static Driver driver(String driverClass) {
        try {
            return (Driver) Class.forName(driverClass).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the JDBC driver " + driverClass, e);
        }
    }
}
