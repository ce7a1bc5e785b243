package io.tenantscreening.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.Scope;
import org.slf4j.MDC;

/**
 * Keeps the ids of the current span in the logging context: whenever a trace context is made
 * current on a thread (a request, a task, an outbound call), {@code trace_id} and
 * {@code span_id} are put in the SLF4J MDC, and what was there before comes back when that
 * scope closes. Only a sampled span is written: with tracing off, the MDC is left alone.
 */
public final class TraceLogContext implements ContextStorage {

    public static final String TRACE_ID = "trace_id";
    public static final String SPAN_ID = "span_id";

    private final ContextStorage delegate;

    private TraceLogContext(ContextStorage delegate) {
        this.delegate = delegate;
    }

    /** Installs the wrapper; must run before the first trace context is used (at the start of main). */
    public static void install() {
        ContextStorage.addWrapper(TraceLogContext::new);
    }

    @Override
    public Scope attach(Context toAttach) {
        SpanContext span = Span.fromContext(toAttach).getSpanContext();
        String traceBefore = MDC.get(TRACE_ID);
        String spanBefore = MDC.get(SPAN_ID);
        Scope scope = delegate.attach(toAttach);
        if (span.isSampled()) {
            MDC.put(TRACE_ID, span.getTraceId());
            MDC.put(SPAN_ID, span.getSpanId());
        } else {
            MDC.remove(TRACE_ID);
            MDC.remove(SPAN_ID);
        }
        return () -> {
            scope.close();
            restore(TRACE_ID, traceBefore);
            restore(SPAN_ID, spanBefore);
        };
    }

    @Override
    public Context current() {
        return delegate.current();
    }

    private static void restore(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
