package io.tenantscreening.health;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerState;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What readiness checks, each giving the reason it fails (empty when it holds): PostgreSQL
 * answers (within the pool's connection timeout); the database has the newest migration
 * this build ships ({@link #LATEST_MIGRATION}) and no failed one; the background workers
 * of this instance run.
 */
@Singleton
class ReadinessProbe {

    /** The version of the newest migration in db/migration (a unit test keeps it true). */
    static final int LATEST_MIGRATION = 73;

    private final Jdbc jdbc;
    private final TransactionOperations<Connection> transactions;
    private final Optional<Scheduler> scheduler;

    ReadinessProbe(Jdbc jdbc, TransactionOperations<Connection> transactions, Optional<Scheduler> scheduler) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.scheduler = scheduler;
    }

    /** Each check's failure, in order: database, migrations, workers; a passing check is absent. */
    Map<String, String> failures() {
        Map<String, String> failures = new LinkedHashMap<>();
        Optional<int[]> migrations;
        try {
            migrations = transactions.executeRead(status -> jdbc.queryOne("SELECT coalesce(max(CASE WHEN success THEN "
                            + "version::int END), 0), count(*) FILTER (WHERE NOT success) FROM flyway_schema_history WHERE version IS NOT NULL",
                    row -> new int[] {row.getInt(1), row.getInt(2)}));
        } catch (RuntimeException unreachable) {
            failures.put("database", "PostgreSQL does not answer.");
            migrations = Optional.empty();
        }
        migrations.ifPresent(applied -> {
            if (applied[1] > 0) {
                failures.put("migrations", applied[1] + " migration(s) failed; see flyway_schema_history.");
            } else if (applied[0] < LATEST_MIGRATION) {
                failures.put("migrations", "The database is at migration " + applied[0] + ", this build needs "
                        + LATEST_MIGRATION + ".");
            }
        });
        SchedulerState state = scheduler.map(Scheduler::getSchedulerState).orElse(null);
        if (state == null || !state.isStarted() || state.isShuttingDown() || state.isPaused()) {
            failures.put("workers", "The background workers of this instance do not run.");
        }
        return failures;
    }
}
