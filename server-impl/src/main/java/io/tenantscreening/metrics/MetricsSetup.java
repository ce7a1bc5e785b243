package io.tenantscreening.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/** Request latency as a Prometheus histogram (buckets per route, method and status). */
@Factory
@Requires(classes = MeterFilter.class)
public class MetricsSetup {

    @Singleton
    MeterFilter requestHistograms() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                return id.getName().equals("http.server.requests")
                        ? DistributionStatisticConfig.builder().percentilesHistogram(true).build().merge(config) : config;
            }
        };
    }
}
