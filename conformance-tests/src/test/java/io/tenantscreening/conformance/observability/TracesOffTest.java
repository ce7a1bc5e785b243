package io.tenantscreening.conformance.observability;

import io.micronaut.context.ApplicationContext;
import io.micronaut.http.filter.HttpServerFilter;
import io.micronaut.tracing.opentelemetry.instrument.http.server.OpenTelemetryServerFilter;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.tracing.TraceExport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#traces: without OTEL_EXPORTER_OTLP_ENDPOINT no trace is made at all.
 * Micronaut's tracing module is not started: no OpenTelemetry SDK, and no HTTP filter that
 * would give every request an unsampled span, so traces off cost nothing
 * (docs/performance.md#traces). The test server runs without the variable.
 */
class TracesOffTest {

    @Test
    void withoutAnEndpointMicronautsTracingIsNotStarted() {
        ApplicationContext context = TestServer.get().getApplicationContext();

        assertThat(context.getProperty("micronaut.otel.enabled", String.class)).as("the switch").contains("false");
        assertThat(context.getBean(TraceExport.class).exporting()).isFalse();
        assertThat(context.findBean(OpenTelemetry.class)).as("an OpenTelemetry SDK").isEmpty();
        assertThat(context.findBean(Tracer.class)).as("a tracer").isEmpty();
        assertThat(context.getBeansOfType(HttpServerFilter.class)).as("the HTTP server filters")
                .noneMatch(filter -> filter instanceof OpenTelemetryServerFilter);
    }
}
