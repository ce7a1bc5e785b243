package io.tenantscreening.persistence;

import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The database's schema: Flyway's migrations in db/migration, applied by the service as it
 * starts (BackgroundStart) and by the operator command before its first statement. Flyway
 * takes a lock in PostgreSQL, so instances starting together apply each migration once.
 */
@Singleton
public class Migrations {

    /** The file names of db/migration, one per line (a unit test keeps it equal to the directory). */
    static final String INDEX = "db/migrations.txt";

    /** The versions this build ships, as Flyway records them ("073" of V073__….sql). */
    static final Set<String> SHIPPED = Set.copyOf(shipped());

    /** The newest version this build ships. */
    public static final int LATEST = SHIPPED.stream().mapToInt(Integer::parseInt).max().orElseThrow();

    private final DataSource dataSource;

    public Migrations(DataSource dataSource, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(dataSource);
    }

    /**
     * Applies every migration that is due, after Flyway has validated those applied before
     * against the scripts; does nothing when the database is {@link #current}.
     */
    public void apply() {
        if (!current()) {
            settings().dataSource(dataSource).load().migrate();
        }
    }

    /**
     * Whether the database has exactly the migrations this build ships, each applied and none
     * failed, and no other. Flyway would then apply nothing, and starting it (reading every
     * script from the jar to validate the applied ones' checksums) costs about half a second
     * of CPU, so it is not started. Any other state (a migration due, a failed one, a newer
     * build's, no schema yet) goes to Flyway, which applies or refuses as before.
     */
    boolean current() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            try (ResultSet exists = statement.executeQuery("SELECT to_regclass('flyway_schema_history') IS NOT NULL")) {
                if (!exists.next() || !exists.getBoolean(1)) {
                    return false;
                }
            }
            Set<String> applied = new HashSet<>();
            int rows = 0;
            try (ResultSet history = statement.executeQuery("SELECT version, success FROM flyway_schema_history")) {
                while (history.next()) {
                    rows++;
                    if (history.getBoolean(2) && history.getString(1) != null) {
                        applied.add(history.getString(1));
                    }
                }
            }
            return rows == SHIPPED.size() && applied.equals(SHIPPED);
        } catch (SQLException unreadable) {
            return false;
        }
    }

    /**
     * How the migrations are applied, whatever the database: the scripts of db/migration, and
     * all the due ones in one transaction (PostgreSQL's DDL is transactional), so that a failed
     * one leaves the schema as it was and a new database is made in one pass. A migration that
     * cannot run in a transaction (CREATE INDEX CONCURRENTLY) would need this changed.
     */
    public static FluentConfiguration settings() {
        return Flyway.configure().locations("classpath:db/migration").group(true);
    }

    private static List<String> shipped() {
        try (InputStream index = Migrations.class.getClassLoader().getResourceAsStream(INDEX)) {
            if (index == null) {
                throw new IllegalStateException(INDEX + " is missing from the class path");
            }
            return new String(index.readAllBytes(), StandardCharsets.UTF_8).lines().filter(line -> !line.isBlank())
                    .map(name -> name.substring(1, name.indexOf("__"))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
