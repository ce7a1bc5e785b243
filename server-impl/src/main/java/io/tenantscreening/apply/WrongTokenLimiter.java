package io.tenantscreening.apply;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down guessing of application links: a client (by address) that opened
 * {@code screening.apply.wrong-token-limit} unknown links within one window of
 * {@code screening.apply.wrong-token-window} is refused every apply page until the window ends,
 * valid links included (otherwise a guess that hits would still be told apart). Windows
 * are fixed and counted per instance: with n instances behind a balancer a client gets at
 * most n times the limit. The counts are forgotten when a window ends, so memory is bounded
 * by the clients seen in one window.
 */
@Singleton
public class WrongTokenLimiter {

    private final int limit;
    private final long windowMillis;
    private final Clock clock;
    private final Map<String, Integer> failures = new ConcurrentHashMap<>();
    private long windowStart;

    public WrongTokenLimiter(@Value("${screening.apply.wrong-token-limit}") int limit,
                             @Value("${screening.apply.wrong-token-window}") Duration window, Clock clock) {
        this.limit = limit;
        this.windowMillis = window.toMillis();
        this.clock = clock;
        this.windowStart = clock.millis();
    }

    /** How long the client must wait before it may open an apply page again; empty when it may now. */
    public Optional<Duration> refusal(String client) {
        long now = roll();
        return failures.getOrDefault(client, 0) >= limit
                ? Optional.of(Duration.ofMillis(windowStart + windowMillis - now)) : Optional.empty();
    }

    /** The client opened a link that no order has. */
    public void failed(String client) {
        roll();
        failures.merge(client, 1, Integer::sum);
    }

    private synchronized long roll() {
        long now = clock.millis();
        if (now - windowStart >= windowMillis || now < windowStart) {
            failures.clear();
            windowStart = now;
        }
        return now;
    }
}
