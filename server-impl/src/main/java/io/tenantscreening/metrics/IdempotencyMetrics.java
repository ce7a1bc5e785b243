package io.tenantscreening.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.event.ApplicationStartupEvent;
import io.tenantscreening.idempotency.IdempotentRequests;
import jakarta.inject.Singleton;

/**
 * Requests waiting for another request that holds their Idempotency-Key, as a gauge of this
 * instance: a count that stays up points at a placement stuck at its payment gateway.
 * Registered once the service has started, as {@link WorkMetrics} is, for the same reason.
 */
@Singleton
@Requires(beans = MeterRegistry.class)
public class IdempotencyMetrics implements ApplicationEventListener<ApplicationStartupEvent> {

    private final MeterRegistry registry;
    private final IdempotentRequests requests;

    public IdempotencyMetrics(MeterRegistry registry, IdempotentRequests requests) {
        this.registry = registry;
        this.requests = requests;
    }

    @Override
    public void onApplicationEvent(ApplicationStartupEvent started) {
        Gauge.builder("screening.idempotency.waiting", requests, IdempotentRequests::waiting)
                .description("Requests waiting for another request that holds their Idempotency-Key").register(registry);
    }
}
