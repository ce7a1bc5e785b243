package io.tenantscreening.tracing;

import io.micronaut.context.annotation.Value;
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
 * Otherwise nothing is exported and the sampler is off, so spans are never recorded and no
 * context is stored with background work. The sampler variables
 * ({@code OTEL_TRACES_SAMPLER}, {@code OTEL_TRACES_SAMPLER_ARG}) apply when exporting, except
 * to a database statement with no span around it, which is never sampled
 * ({@link DatabaseStatementsNeedAParent}).
 */
@Singleton
public class TraceExport implements OpenTelemetryBuilderCustomizer {

    private static final Logger LOG = LoggerFactory.getLogger(TraceExport.class);

    private final boolean exporting;

    public TraceExport(@Nullable @Value("${otel.exporter.otlp.endpoint:}") String endpoint,
                       @Nullable @Value("${otel.exporter.otlp.traces.endpoint:}") String tracesEndpoint) {
        this.exporting = !(endpoint == null || endpoint.isBlank()) || !(tracesEndpoint == null || tracesEndpoint.isBlank());
    }

    /** True when traces are exported (an OTLP endpoint is set). */
    public boolean exporting() {
        return exporting;
    }

    @Override
    public void configure(AutoConfiguredOpenTelemetrySdkBuilder builder) {
        LOG.info(exporting ? "traces: exported by OTLP/HTTP" : "traces: off (OTEL_EXPORTER_OTLP_ENDPOINT is not set)");
        if (exporting) {
            builder.addSamplerCustomizer((configured, config) -> new DatabaseStatementsNeedAParent(configured));
        } else {
            builder.addPropertiesCustomizer(config -> Map.of("otel.traces.exporter", "none", "otel.traces.sampler", "always_off"));
        }
    }
}
