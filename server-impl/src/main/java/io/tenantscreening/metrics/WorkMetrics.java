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
 * at least once, scheduled again), how much is running and how long the oldest due task has
 * waited; and, per mode, how many webhook endpoints are failing (a delivery retried). Registered once the service has started (as a binder it
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
            Gauge.builder("screening.work.oldest.due", () -> oldestDue(kind)).tag("kind", kind).baseUnit("seconds")
                    .description("How long the oldest due, unstarted task of this kind has waited").register(registry);
        }
        for (String mode : List.of("live", "test")) {
            Gauge.builder("screening.webhooks.endpoints.failing", () -> failingEndpoints(mode)).tag("mode", mode)
                    .description("Webhook endpoints with a delivery whose last attempt failed and that is retried").register(registry);
        }
    }

    /** Seconds since the oldest task of this kind that is due and not picked became due; 0 when none is. */
    private double oldestDue(String kind) {
        return transactions.executeRead(status -> jdbc.queryOne("SELECT coalesce(extract(epoch FROM now() - min(execution_time)), 0)"
                + " FROM scheduled_tasks WHERE task_name = ? AND NOT picked AND execution_time <= now()",
                row -> row.getDouble(1), kind).orElse(0.0));
    }

    private double failingEndpoints(String mode) {
        return transactions.executeRead(status -> jdbc.queryOne("SELECT count(DISTINCT endpoint_id) FROM webhook_deliveries"
                + " WHERE status = 'pending' AND attempts > 0 AND mode = ?", row -> row.getLong(1), mode).orElse(0L));
    }

    private void gauge(String name, String kind, String condition) {
        Gauge.builder(name, () -> count(kind, condition)).tag("kind", kind).register(registry);
    }

    private double count(String kind, String condition) {
        return transactions.executeRead(status -> jdbc.queryOne("SELECT count(*) FROM scheduled_tasks WHERE task_name = ? AND "
                + condition, row -> row.getLong(1), kind).orElse(0L));
    }
}
