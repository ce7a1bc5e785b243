package io.tenantscreening.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.event.ApplicationStartupEvent;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.List;

/**
 * Background work as gauges, read from scheduled_tasks when metrics are scraped, per kind of
 * work: how much is queued (due now), how much is retrying (failed at least once, scheduled
 * again) and how much is running. Registered once the service has started (as a binder it
 * would be made with the registry, which the data source's own metrics need: a cycle).
 */
@Singleton
@Requires(beans = MeterRegistry.class)
public class WorkMetrics implements ApplicationEventListener<ApplicationStartupEvent> {

    private static final List<String> KINDS = List.of("screen-order", "send-invitation-email", "send-invitation-sms",
            "deliver-webhook", "expire-invitations", "resume-abandoned-placements");

    private final MeterRegistry registry;
    private final Jdbc jdbc;
    private final TransactionOperations<Connection> transactions;

    public WorkMetrics(MeterRegistry registry, Jdbc jdbc, TransactionOperations<Connection> transactions) {
        this.registry = registry;
        this.jdbc = jdbc;
        this.transactions = transactions;
    }

    @Override
    public void onApplicationEvent(ApplicationStartupEvent started) {
        for (String kind : KINDS) {
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
