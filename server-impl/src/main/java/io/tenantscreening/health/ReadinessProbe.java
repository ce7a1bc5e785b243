package io.tenantscreening.health;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerState;
import io.micronaut.context.BeanProvider;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.StartProgress;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.persistence.Migrations;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What readiness checks, each giving the reason it fails (empty when it holds): PostgreSQL
 * answers (within the pool's connection timeout); the database has the newest migration
 * this build ships ({@link Migrations#LATEST}) and no failed one; the background workers
 * of this instance run. Until the instance has finished starting ({@link StartProgress}) the
 * migrations and workers checks fail without touching the database, whose pool may still be
 * waiting for the migrations.
 */
@Singleton
class ReadinessProbe {

    private final StartProgress start;
    private final BeanProvider<Jdbc> jdbc;
    private final BeanProvider<TransactionOperations<Connection>> transactions;
    private final BeanProvider<Scheduler> scheduler;

    ReadinessProbe(StartProgress start, BeanProvider<Jdbc> jdbc, BeanProvider<TransactionOperations<Connection>> transactions,
                   BeanProvider<Scheduler> scheduler) {
        this.start = start;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.scheduler = scheduler;
    }

    /** Each check's failure, in order: database, migrations, workers; a passing check is absent. */
    Map<String, String> failures() {
        Map<String, String> failures = new LinkedHashMap<>();
        if (!start.finished()) {
            failures.put("migrations", "The instance is starting: it checks or applies the migrations first.");
            failures.put("workers", "The instance is starting: its background workers start once the migrations are done.");
            return failures;
        }
        Optional<int[]> migrations;
        try {
            migrations = transactions.get().executeRead(status -> jdbc.get().queryOne("SELECT coalesce(max(CASE WHEN success THEN "
                            + "version::int END), 0), count(*) FILTER (WHERE NOT success) FROM flyway_schema_history WHERE version IS NOT NULL",
                    row -> new int[] {row.getInt(1), row.getInt(2)}));
        } catch (RuntimeException unreachable) {
            failures.put("database", "PostgreSQL does not answer.");
            migrations = Optional.empty();
        }
        migrations.ifPresent(applied -> {
            if (applied[1] > 0) {
                failures.put("migrations", applied[1] + " migration(s) failed; see flyway_schema_history.");
            } else if (applied[0] < Migrations.LATEST) {
                failures.put("migrations", "The database is at migration " + applied[0] + ", this build needs "
                        + Migrations.LATEST + ".");
            }
        });
        SchedulerState state = scheduler.get().getSchedulerState();
        if (!state.isStarted() || state.isShuttingDown() || state.isPaused()) {
            failures.put("workers", "The background workers of this instance do not run.");
        }
        return failures;
    }
}
