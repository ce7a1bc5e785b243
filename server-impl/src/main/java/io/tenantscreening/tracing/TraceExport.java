package io.tenantscreening.tracing;

import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.context.ApplicationContextConfigurer;
import io.micronaut.context.annotation.ContextConfigurer;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.env.PropertySource;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.tracing.opentelemetry.OpenTelemetryBuilderCustomizer;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdkBuilder;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * Whether this instance exports traces: only when {@code OTEL_EXPORTER_OTLP_ENDPOINT} (or
 * {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}) is set, by OTLP over HTTP (application.yml).
 * Otherwise Micronaut's tracing module is not even started ({@link Switch}): no span is made,
 * nothing is exported, and no context is stored with background work. The sampler variables
 * ({@code OTEL_TRACES_SAMPLER}, {@code OTEL_TRACES_SAMPLER_ARG}) apply when exporting, except
 * to a database statement with no span around it, which is never sampled
 * ({@link DatabaseStatementsNeedAParent}).
 */
@Singleton
public class TraceExport implements OpenTelemetryBuilderCustomizer {

    /** Micronaut's switch of its tracing module, set by {@link Switch} before the context starts. */
    static final String MICRONAUT_TRACING = "micronaut.otel.enabled";

    private static final Logger LOG = LoggerFactory.getLogger(TraceExport.class);

    private final boolean exporting;

    public TraceExport(@Value("${" + MICRONAUT_TRACING + ":true}") boolean micronautTracing,
                       @Nullable @Value("${otel.exporter.otlp.endpoint:}") String endpoint,
                       @Nullable @Value("${otel.exporter.otlp.traces.endpoint:}") String tracesEndpoint) {
        this.exporting = micronautTracing && (isSet(endpoint) || isSet(tracesEndpoint));
        LOG.info(exporting ? "traces: exported by OTLP/HTTP" : "traces: off (OTEL_EXPORTER_OTLP_ENDPOINT is not set)");
    }

    /** True when traces are exported (an OTLP endpoint is set). */
    public boolean exporting() {
        return exporting;
    }

    @Override
    public void configure(AutoConfiguredOpenTelemetrySdkBuilder builder) {
        if (exporting) {
            builder.addSamplerCustomizer((configured, config) -> new DatabaseStatementsNeedAParent(configured));
        } else {
            builder.addPropertiesCustomizer(config -> Map.of("otel.traces.exporter", "none", "otel.traces.sampler", "always_off"));
        }
    }

    /** Whether the environment (or a system property) names an OTLP endpoint for traces. */
    private static boolean endpointNamed() {
        return isSet(System.getenv("OTEL_EXPORTER_OTLP_ENDPOINT")) || isSet(System.getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
                || isSet(System.getProperty("otel.exporter.otlp.endpoint")) || isSet(System.getProperty("otel.exporter.otlp.traces.endpoint"));
    }

    private static boolean isSet(@Nullable String value) {
        return value != null && !value.isBlank();
    }

    /**
     * Turns Micronaut's tracing module off, before the context starts, unless an OTLP endpoint
     * is named: its OpenTelemetry SDK, and the HTTP server and client filters that would make
     * an unsampled span for every request, are then not made at all, so that traces off cost
     * nothing (docs/performance.md#traces). {@link Traces} then makes no spans either.
     */
    @ContextConfigurer
    public static final class Switch implements ApplicationContextConfigurer {

        @Override
        public void configure(ApplicationContextBuilder builder) {
            // A source of its own: a context's properties given when it is run share one name and replace these.
            builder.propertySources(PropertySource.of("tracing-switch", Map.of(MICRONAUT_TRACING, endpointNamed())));
        }
    }
}
