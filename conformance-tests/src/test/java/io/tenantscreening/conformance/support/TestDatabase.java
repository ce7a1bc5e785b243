package io.tenantscreening.conformance.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The PostgreSQL database the tests use: DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD
 * when set, otherwise screening_test on 127.0.0.1:5432 as role screening.
 */
public final class TestDatabase {

    private TestDatabase() {
    }

    public static String url() {
        return env("DATABASE_URL", "jdbc:postgresql://127.0.0.1:5432/screening_test");
    }

    public static String user() {
        return env("DATABASE_USER", "screening");
    }

    public static String password() {
        return env("DATABASE_PASSWORD", "");
    }

    /** The URL of another database on the same server, as the same role. */
    public static String urlOf(String database) {
        return url().replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");
    }

    /** Drops the database (ending its connections) and creates it empty, owned by the test role. */
    public static void recreate(String database) {
        if (!database.matches("[a-z_]+")) {
            throw new IllegalArgumentException(database);
        }
        execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        execute("CREATE DATABASE " + database);
    }

    /** The rows of a query, each as its column values in order. */
    public static List<List<Object>> rows(String sql, Object... parameters) {
        return rowsIn(url(), sql, parameters);
    }

    /** Like {@link #rows}, in the database at this URL. */
    public static List<List<Object>> rowsIn(String databaseUrl, String sql, Object... parameters) {
        try (Connection connection = DriverManager.getConnection(databaseUrl, user(), password());
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                List<List<Object>> rows = new ArrayList<>();
                int columns = result.getMetaData().getColumnCount();
                while (result.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int column = 1; column <= columns; column++) {
                        row.add(result.getObject(column));
                    }
                    rows.add(row);
                }
                return rows;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs one statement that answers no rows (DDL, for example). */
    public static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(url(), user(), password());
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A transaction that holds the built-in gateway's table locked: it records every payment,
     * so each charge waits until the caller rolls back (or closes) the connection.
     */
    public static Connection holdingGatewayPayments() throws SQLException {
        Connection holder = DriverManager.getConnection(url(), user(), password());
        holder.setAutoCommit(false);
        try (Statement lock = holder.createStatement()) {
            lock.execute("LOCK TABLE builtin_gateway_payments IN EXCLUSIVE MODE");
        }
        return holder;
    }

    /** The single number a query answers, such as a count(*). */
    public static long number(String sql, Object... parameters) {
        return numberIn(url(), sql, parameters);
    }

    public static long numberIn(String databaseUrl, String sql, Object... parameters) {
        return ((Number) rowsIn(databaseUrl, sql, parameters).get(0).get(0)).longValue();
    }

    static Map<String, Object> properties() {
        return Map.of("datasources.default.url", url(), "datasources.default.username", user(),
                "datasources.default.password", password());
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
