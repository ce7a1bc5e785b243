package io.tenantscreening.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

/**
 * GET /metrics: Prometheus text, only when {@code METRICS_ENABLED=true}; no key (a scraper
 * has none), so expose it to the monitoring network only.
 */
@Controller("/metrics")
@Requires(property = "screening.metrics.enabled", value = "true")
@ExecuteOn(TaskExecutors.BLOCKING)
public class MetricsController {

    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;

    public MetricsController(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Get
    @Produces(PROMETHEUS_TEXT)
    public HttpResponse<String> scrape() {
        return HttpResponse.ok(registry.scrape()).contentType(PROMETHEUS_TEXT);
    }
}
