package io.tenantscreening.conformance.support;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The PostgreSQL server of the tests and the databases they make on it. The server is the one
 * DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD name (the database in that URL is only
 * where the role connects to make and drop databases), otherwise 127.0.0.1:5432 as role
 * screening; the role needs CREATEDB. No test uses a database of a fixed name: each gets a
 * copy of the build's {@link TemplateDatabase} with a random name, and drops it.
 *
 * <p>The statements here ({@link #rows}, {@link #number}, {@link #execute}) run in the
 * database of the running test class: its own ({@link OwnDatabase}) or its JVM's shared one.
 */
public final class TestDatabase {

    private static final Driver DRIVER = new org.postgresql.Driver();

    private TestDatabase() {
    }

    public static String user() {
        return env("DATABASE_USER", "screening");
    }

    public static String password() {
        return env("DATABASE_PASSWORD", "");
    }

    /** The URL of the running test class's database. */
    public static String url() {
        return urlOf(TestServer.database());
    }

    /** The URL of another database on the same server, as the same role. */
    public static String urlOf(String database) {
        return serverUrl().replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");
    }

    /** A new database, migrated (a copy of the build's template), with a random name; the caller drops it. */
    public static String create() {
        String template = TemplateDatabase.name();
        String database = TemplateDatabase.newName(template);
        administer("CREATE DATABASE " + database + " TEMPLATE " + template);
        return database;
    }

    /** A new database with no schema at all, as an operator's first start meets it; the caller drops it. */
    public static String createEmpty() {
        String database = TemplateDatabase.newName(TemplateDatabase.name());
        administer("CREATE DATABASE " + database);
        return database;
    }

    /**
     * Drops a database this class made, ending the connections still open to it. A connection
     * still being opened has no role yet, which a role without superuser rights may not end:
     * the drop is tried again until it has one (or is gone).
     */
    public static void drop(String database) {
        String statement = "DROP DATABASE IF EXISTS " + TemplateDatabase.checked(database) + " WITH (FORCE)";
        Waits.await("database " + database + " dropped").ignoreExceptions().until(() -> {
            administer(statement);
            return true;
        });
    }

    /** The rows of a query, each as its column values in order. */
    public static List<List<Object>> rows(String sql, Object... parameters) {
        return rowsIn(url(), sql, parameters);
    }

    /** Like {@link #rows}, in the database at this URL. */
    public static List<List<Object>> rowsIn(String databaseUrl, String sql, Object... parameters) {
        try (Connection connection = connect(databaseUrl);
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

    /** Runs one statement that answers no rows (DDL, for example) in the test class's database. */
    public static void execute(String sql) {
        executeIn(url(), sql);
    }

    /** Like {@link #execute}, in the database at this URL. */
    public static void executeIn(String databaseUrl, String sql) {
        try (Connection connection = connect(databaseUrl);
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
        Connection holder = connect(url());
        holder.setAutoCommit(false);
        try (Statement lock = holder.createStatement()) {
            lock.execute("LOCK TABLE builtin_gateway_payments IN EXCLUSIVE MODE");
        }
        return holder;
    }

    /** The single number a query answers, such as a count(*); a boolean counts as 1 or 0. */
    public static long number(String sql, Object... parameters) {
        return numberIn(url(), sql, parameters);
    }

    public static long numberIn(String databaseUrl, String sql, Object... parameters) {
        Object value = rowsIn(databaseUrl, sql, parameters).get(0).get(0);
        return value instanceof Boolean flag ? (flag ? 1 : 0) : ((Number) value).longValue();
    }

    /**
     * A connection as the test role. Through PostgreSQL's driver itself, not DriverManager,
     * which refuses a driver that another class loader registered (Maven runs {@link
     * TemplateDatabase} in class loaders of its own).
     */
    public static Connection connect(String databaseUrl) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user());
        properties.setProperty("password", password());
        return DRIVER.connect(databaseUrl, properties);
    }

    /** A statement about databases themselves, run in the database DATABASE_URL names. */
    static void administer(String sql) {
        executeIn(serverUrl(), sql);
    }

    /** The rows of a query about databases themselves, run in the database DATABASE_URL names. */
    static List<List<Object>> administrativeRows(String sql, Object... parameters) {
        return rowsIn(serverUrl(), sql, parameters);
    }

    private static String serverUrl() {
        return env("DATABASE_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
