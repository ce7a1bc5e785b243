package io.tenantscreening.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.event.ApplicationStartupEvent;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.work.BackgroundWork;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.List;

/**
 * Background work as gauges, read from scheduled_tasks when metrics are scraped, per kind of
 * work (each db-scheduler task): how much is queued (due now), how much is retrying (failed
 * at least once, scheduled again) and how much is running. Registered once the service has started (as a binder it
 * would be made with the registry, which the data source's own metrics need: a cycle).
 */
@Singleton
@Requires(beans = MeterRegistry.class)
public class WorkMetrics implements ApplicationEventListener<ApplicationStartupEvent> {

    private final MeterRegistry registry;
    private final Jdbc jdbc;
    private final TransactionOperations<Connection> transactions;
    private final List<BackgroundWork> work;

    public WorkMetrics(MeterRegistry registry, Jdbc jdbc, TransactionOperations<Connection> transactions,
                       List<BackgroundWork> work) {
        this.registry = registry;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.work = work;
    }

    /** Gauges for every kind of work the scheduler knows (the task names), so a new kind is never left out. */
    @Override
    public void onApplicationEvent(ApplicationStartupEvent started) {
        for (String kind : work.stream().map(each -> each.task().getName()).sorted().toList()) {
            gauge("screening.work.queued", kind, "NOT picked AND execution_time <= now()");
            gauge("screening.work.retrying", kind, "consecutive_failures > 0");
            gauge("screening.work.running", kind, "picked");
        }
    }

    private void gauge(String name, String kind, String condition) {
        Gauge.builder(name, () -> count(kind, condition)).tag("kind", kind).register(registry);
    }

    private double count(String kind, String condition) {
        return transactions.executeRead(status -> jdbc.queryOne("SELECT count(*) FROM scheduled_tasks WHERE task_name = ? AND "
                + condition, row -> row.getLong(1), kind).orElse(0L));
    }
}
