package io.tenantscreening.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.lang.reflect.Proxy;
import java.sql.Connection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#traces: a database statement is a span only under a sampled span; the
 * connections taken outside one never pass through the instrumentation (docs/performance.md#traces).
 */
class DatabaseSpansTest {

    private final Connection plainConnection = connection();
    private final Connection tracedConnection = connection();
    private final DataSource sampledOnly = new DatabaseSpans.WhenSampled(handingOut(plainConnection), handingOut(tracedConnection));

    @Test
    void underASampledSpanTheConnectionIsInstrumented() throws Exception {
        try (Scope ignored = span(TraceFlags.getSampled()).makeCurrent()) {
            assertThat(sampledOnly.getConnection()).isSameAs(tracedConnection);
        }
    }

    @Test
    void underAnUnsampledSpanOrNoneItIsNot() throws Exception {
        assertThat(sampledOnly.getConnection()).isSameAs(plainConnection);
        try (Scope ignored = span(TraceFlags.getDefault()).makeCurrent()) {
            assertThat(sampledOnly.getConnection()).isSameAs(plainConnection);
        }
    }

    private static Span span(TraceFlags flags) {
        return Span.wrap(SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", flags, TraceState.getDefault()));
    }

    private static Connection connection() {
        return (Connection) Proxy.newProxyInstance(DatabaseSpansTest.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> method.getName().equals("equals") ? proxy == args[0] : null);
    }

    private static DataSource handingOut(Connection connection) {
        return (DataSource) Proxy.newProxyInstance(DatabaseSpansTest.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> method.getName().equals("getConnection") ? connection : null);
    }
}
