package io.tenantscreening.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

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

    /** Metrics that count nothing: for a class used outside the running service. */
    public static ServiceMetrics off() {
        return new ServiceMetrics(Optional.empty());
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

    /** A request refused with 429 rate_limited. */
    public void rateLimited(Mode mode) {
        registry.ifPresent(meters -> meters.counter("screening.rate_limit.refusals", "mode", mode.dbValue()).increment());
    }

    /**
     * A call to a screening provider for one check: {@code answered}, or {@code failed} (it
     * threw, or was cut off at the provider timeout), and how long it took.
     */
    public void providerCall(String check, String provider, String outcome, long nanos) {
        registry.ifPresent(meters -> Timer.builder("screening.providers.calls").tag("check", check).tag("provider", provider)
                .tag("outcome", outcome).register(meters).record(nanos, TimeUnit.NANOSECONDS));
    }

    /**
     * A request of an HTTP client of the service (webhooks, Stripe, Twilio), under
     * Micrometer's name for HTTP client requests ({@code http.client.requests}, by
     * {@code client.name}): its method, the fixed template of its uri (never an id or a
     * URL), its status, or {@code CLIENT_ERROR} when no answer came (refused, cut off,
     * unreachable), and its outcome class.
     */
    public void httpClientRequest(String client, String method, String uri, Integer status, long nanos) {
        registry.ifPresent(meters -> Timer.builder("http.client.requests").tag("client.name", client).tag("method", method)
                .tag("uri", uri).tag("status", status == null ? "CLIENT_ERROR" : status.toString())
                .tag("outcome", outcome(status)).register(meters).record(nanos, TimeUnit.NANOSECONDS));
    }

    /**
     * An email handed to the SMTP server: {@code sent}, {@code rejected} (refused for good)
     * or {@code failed} (anything else: no connection, a timeout, a temporary refusal), and
     * how long it took.
     */
    public void emailSend(String outcome, long nanos) {
        registry.ifPresent(meters -> Timer.builder("screening.email.sends").tag("outcome", outcome).register(meters)
                .record(nanos, TimeUnit.NANOSECONDS));
    }

    private static String outcome(Integer status) {
        if (status == null) {
            return "UNKNOWN";
        }
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }

    /** A webhook delivery attempt: {@code succeeded}, {@code retrying} or {@code failed}. */
    public void webhookAttempt(Mode mode, String result) {
        registry.ifPresent(meters -> meters.counter("screening.webhooks.attempts", "mode", mode.dbValue(), "result", result)
                .increment());
    }
}
