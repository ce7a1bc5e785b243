package io.tenantscreening.persistence;

import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

import javax.sql.DataSource;

/**
 * The database's schema: Flyway's migrations in db/migration, applied by the service as it
 * starts (BackgroundStart) and by the operator command before its first statement. Flyway
 * takes a lock in PostgreSQL, so instances starting together apply each migration once;
 * each start validates what was applied before against the scripts it ships.
 */
@Singleton
public class Migrations {

    private final DataSource dataSource;

    public Migrations(DataSource dataSource, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(dataSource);
    }

    /** Applies every migration that is due, after validating those applied before. */
    public void apply() {
        settings().dataSource(dataSource).load().migrate();
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
}
