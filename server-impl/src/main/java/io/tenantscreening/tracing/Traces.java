package io.tenantscreening.tracing;

import io.micronaut.context.BeanProvider;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The service's own spans (background work, outbound calls) and the W3C {@code traceparent}
 * that carries a trace across a stored task or to a webhook receiver.
 */
@Singleton
public class Traces {

    private static final W3CTraceContextPropagator W3C = W3CTraceContextPropagator.getInstance();
    private static final TextMapGetter<String> TRACEPARENT = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String carrier) {
            return List.of("traceparent");
        }

        @Override
        public String get(String carrier, String key) {
            return "traceparent".equals(key) ? carrier : null;
        }
    };

    private final Tracer tracer;
    private final boolean exporting;

    /** Without export, Micronaut's tracing module is off ({@link TraceExport.Switch}): there is no SDK to ask. */
    @Inject
    public Traces(BeanProvider<OpenTelemetry> openTelemetry, TraceExport export) {
        this(export.exporting() ? openTelemetry.get() : OpenTelemetry.noop(), export.exporting());
    }

    private Traces(OpenTelemetry openTelemetry, boolean exporting) {
        this.tracer = openTelemetry.getTracer("tenant-screening");
        this.exporting = exporting;
    }

    /** Traces made through this SDK, as when exporting: for a class used outside the running service. */
    public static Traces through(OpenTelemetry openTelemetry) {
        return new Traces(openTelemetry, true);
    }

    /** Traces that make and send nothing: for a class used outside the running service. */
    public static Traces off() {
        return new Traces(OpenTelemetry.noop(), false);
    }

    /** True when traces are exported; without it, no trace context is stored or looked up. */
    public boolean exporting() {
        return exporting;
    }

    /** The traceparent of the current span, when there is a sampled one. */
    public Optional<String> currentTraceparent() {
        if (!exporting || !Span.current().getSpanContext().isSampled()) {
            return Optional.empty();
        }
        Map<String, String> carrier = new HashMap<>();
        W3C.inject(Context.current(), carrier, Map::put);
        return Optional.ofNullable(carrier.get("traceparent"));
    }

    /** A span of the given kind, child of the stored traceparent when there is one, else of the current context. */
    public SpanBuilder span(String name, SpanKind kind, Optional<String> traceparent) {
        SpanBuilder builder = tracer.spanBuilder(name).setSpanKind(kind);
        traceparent.ifPresent(parent -> builder.setParent(W3C.extract(Context.root(), parent, TRACEPARENT)));
        return builder;
    }

    /**
     * Runs {@code work} in an internal span of this name, child of the current one, with one
     * attribute; an exception marks the span as failed. Without export, just runs it.
     */
    public <T> T inSpan(String name, String attribute, String value, Supplier<T> work) {
        if (!exporting) {
            return work.get();
        }
        return within(tracer.spanBuilder(name).setAttribute(attribute, value).startSpan(), work);
    }

    /** Runs {@code work} with this started span current, and ends it; an exception marks the span as failed. */
    public <T> T within(Span span, Supplier<T> work) {
        try (Scope ignored = span.makeCurrent()) {
            return work.get();
        } catch (RuntimeException | Error e) {
            span.recordException(e);
            span.setStatus(StatusCode.ERROR);
            throw e;
        } finally {
            span.end();
        }
    }

    /**
     * A client span of an outbound call (a provider, Stripe, SMTP, SMS), current until it is
     * closed: {@code try (Traces.Outbound call = traces.outbound(...)) { ... }}. Without
     * export, nothing is made.
     */
    public Outbound outbound(String name, String attribute, String value) {
        if (!exporting) {
            return Outbound.NONE;
        }
        Span span = tracer.spanBuilder(name).setSpanKind(SpanKind.CLIENT).setAttribute(attribute, value).startSpan();
        return new Outbound(span, span.makeCurrent());
    }

    /** An outbound call's span and its scope; {@link #failed} marks it failed, closing ends it. */
    public static final class Outbound implements AutoCloseable {

        private static final Outbound NONE = new Outbound(Span.getInvalid(), Scope.noop());

        private final Span span;
        private final Scope scope;

        private Outbound(Span span, Scope scope) {
            this.span = span;
            this.scope = scope;
        }

        /** Marks the call failed with this error; returns the error, to be thrown on. */
        public <E extends Throwable> E failed(E error) {
            span.recordException(error);
            span.setStatus(StatusCode.ERROR);
            return error;
        }

        @Override
        public void close() {
            scope.close();
            span.end();
        }
    }

    /** The W3C headers of the current span, for a request that carries the trace to its receiver. */
    public Map<String, String> propagationHeaders() {
        Map<String, String> carrier = new HashMap<>();
        if (exporting) {
            W3C.inject(Context.current(), carrier, Map::put);
        }
        return carrier;
    }
}
