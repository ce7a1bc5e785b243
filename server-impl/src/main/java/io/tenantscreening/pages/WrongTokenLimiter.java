package io.tenantscreening.pages;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down a client (by address) that opens application links no order has: once it has
 * opened {@code screening.apply.wrong-token-limit} unknown links within one window of
 * {@code screening.apply.wrong-token-window}, every further unknown link it opens is
 * refused (429 with Retry-After) until the window ends. A link that exists is always
 * served, whatever the count of the client that opens it: one address is often many people
 * (a campus, an office, a carrier's NAT), and one of them guessing must not lock the
 * others out of their own applications.
 *
 * <p>So a client over the limit can tell a hit (the page) from a miss (429), as it can
 * under the limit (the page or 404). That gives a guesser nothing: a link's token is 256
 * bits of HMAC output ({@code ApplicationTokens}), found by the SHA-256 digest of what was
 * sent, so a guess hits with probability about n / 2^256 for n waiting orders, and neither
 * the answer nor its timing says anything about how close a miss came. The limit is a
 * brake on scanners (what they cost in lookups and logs), not what keeps links secret.
 *
 * <p>Windows are fixed and counted per instance, in memory: nothing is written for a
 * wrong link (a database row per guess would let a scanner make writes). With n instances
 * behind a balancer a client can open up to n times the limit of unknown links in a window
 * before every instance refuses it, and an instance may refuse it while another does not
 * yet. The counts are forgotten when a window ends, so memory is bounded by the clients
 * seen in one window.
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

    /**
     * The client opened a link that no order has: it counts, and when the client has now
     * gone over the limit, the answer is how long it must wait before its next unknown link
     * is answered; empty when this one may be answered (404) now.
     */
    public Optional<Duration> unknownLink(String client) {
        long left = rollAndRemaining();
        int count = failures.merge(client, 1, (counted, one) -> counted > limit ? counted : counted + one);
        return count > limit ? Optional.of(Duration.ofMillis(left)) : Optional.empty();
    }

    /** Starts a new window (forgetting the counts) when the current one has ended; answers what is left of the window. */
    private synchronized long rollAndRemaining() {
        long now = clock.millis();
        if (now - windowStart >= windowMillis || now < windowStart) {
            failures.clear();
            windowStart = now;
        }
        return windowStart + windowMillis - now;
    }
}
