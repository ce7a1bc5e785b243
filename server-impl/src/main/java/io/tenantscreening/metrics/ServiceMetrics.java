package io.tenantscreening.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * The service's own counters, when metrics are on ({@code METRICS_ENABLED}); without a
 * registry every call does nothing. Tags carry only fixed vocabularies (mode, outcome,
 * error code, result), never an id, a key or personal data.
 */
@Singleton
public class ServiceMetrics {

    private final Optional<MeterRegistry> registry;

    public ServiceMetrics(Optional<MeterRegistry> registry) {
        this.registry = registry;
    }

    /** An answer to POST /orders: {@code created}, {@code replayed} or {@code payment_required}. */
    public void orderPlacement(Mode mode, String outcome) {
        registry.ifPresent(meters -> meters.counter("screening.orders.placements", "mode", mode.dbValue(), "outcome", outcome)
                .increment());
    }

    /** A 402 answer, by its code (no_payment_method, card_declined, authentication_required). */
    public void paymentRequired(String code) {
        registry.ifPresent(meters -> meters.counter("screening.orders.payment_required", "code", code).increment());
    }

    /** A webhook delivery attempt: {@code succeeded}, {@code retrying} or {@code failed}. */
    public void webhookAttempt(Mode mode, String result) {
        registry.ifPresent(meters -> meters.counter("screening.webhooks.attempts", "mode", mode.dbValue(), "result", result)
                .increment());
    }
}
