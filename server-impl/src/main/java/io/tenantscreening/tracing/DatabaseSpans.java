package io.tenantscreening.tracing;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.order.Ordered;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.instrumentation.jdbc.datasource.JdbcTelemetry;
import jakarta.inject.Singleton;

import javax.sql.DataSource;

/**
 * Database statements as client spans, when traces are exported: the service's data source
 * is wrapped in OpenTelemetry's JDBC instrumentation as it is made, before Micronaut makes it
 * transaction-aware, so that the wrapper is what every user of the pool gets: the
 * transactions and the project's {@code Jdbc} (requests and background work), db-scheduler
 * and the rate limiter (both through {@code DataSourceResolver}), and the migrations. Each
 * statement becomes a client span named after its operation and table, child of the span
 * current when it runs; a statement with no span around it is not sampled
 * ({@link DatabaseStatementsNeedAParent}). The statement's text is recorded with its literals
 * replaced by {@code ?} and without the values bound to it, so no value of a row reaches a
 * span. Taking a connection from the pool makes no span. Without export the data source is
 * left as it is: statements pass through no wrapper.
 */
@Singleton
public class DatabaseSpans implements BeanCreatedEventListener<DataSource>, Ordered {

    private final TraceExport export;
    private final BeanProvider<OpenTelemetry> openTelemetry;

    public DatabaseSpans(TraceExport export, BeanProvider<OpenTelemetry> openTelemetry) {
        this.export = export;
        this.openTelemetry = openTelemetry;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        if (!export.exporting()) {
            return event.getBean();
        }
        return JdbcTelemetry.builder(openTelemetry.get())
                .setDataSourceInstrumenterEnabled(false)
                .setStatementSanitizationEnabled(true)
                .setCaptureQueryParameters(false)
                .build()
                .wrap(event.getBean());
    }

    /** First of the data source's listeners, so that Micronaut's transaction-aware wrapper goes around this one. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
