package io.tenantscreening.tracing;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.order.Ordered;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.instrumentation.jdbc.datasource.JdbcTelemetry;
import io.opentelemetry.api.trace.Span;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

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
 * span. Taking a connection from the pool makes no span. Only a connection taken while a
 * sampled span is current is instrumented ({@link WhenSampled}). Without export the data
 * source is left as it is: statements pass through no wrapper.
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
        DataSource plain = event.getBean();
        return new WhenSampled(plain, JdbcTelemetry.builder(openTelemetry.get())
                .setDataSourceInstrumenterEnabled(false)
                .setStatementSanitizationEnabled(true)
                .setCaptureQueryParameters(false)
                .build()
                .wrap(plain));
    }

    /**
     * Hands out an instrumented connection only while a sampled span is current: a connection
     * taken outside any span (db-scheduler's polling) or under an unsampled one (most requests
     * at a ratio sampler) runs its statements without passing through the instrumentation,
     * whose work for each statement (reading its text, making an unsampled span) would
     * otherwise be paid for every statement of every request.
     */
    static final class WhenSampled implements DataSource {

        private final DataSource plain;
        private final DataSource traced;

        WhenSampled(DataSource plain, DataSource traced) {
            this.plain = plain;
            this.traced = traced;
        }

        private DataSource current() {
            return Span.current().getSpanContext().isSampled() ? traced : plain;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return current().getConnection();
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return current().getConnection(username, password);
        }

        @Override
        public PrintWriter getLogWriter() throws SQLException {
            return plain.getLogWriter();
        }

        @Override
        public void setLogWriter(PrintWriter out) throws SQLException {
            plain.setLogWriter(out);
        }

        @Override
        public void setLoginTimeout(int seconds) throws SQLException {
            plain.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() throws SQLException {
            return plain.getLoginTimeout();
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return plain.getParentLogger();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            return type.isInstance(plain) ? type.cast(plain) : plain.unwrap(type);
        }

        @Override
        public boolean isWrapperFor(Class<?> type) throws SQLException {
            return type.isInstance(plain) || plain.isWrapperFor(type);
        }
    }

    /** First of the data source's listeners, so that Micronaut's transaction-aware wrapper goes around this one. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
