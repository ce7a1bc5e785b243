package io.tenantscreening.ratelimits;

import io.micronaut.context.annotation.Value;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

/**
 * The service's default rate limits (README, Configuration): requests per second for each
 * live key and each test key whose organisation has no limit of its own (operator
 * {@code rate-limit set}), and whether keys are limited at all.
 */
@Singleton
public class RateLimitSettings {

    /** The highest limit, in requests per second, a mode or an organisation may have. */
    public static final int MOST_PER_SECOND = 1_000_000;

    private final boolean enabled;
    private final int live;
    private final int test;

    public RateLimitSettings(@Value("${screening.rate-limits.enabled:true}") boolean enabled,
                             @Value("${screening.rate-limits.live:100}") int live,
                             @Value("${screening.rate-limits.test:25}") int test) {
        this.enabled = enabled;
        this.live = check("RATE_LIMIT_LIVE", live);
        this.test = check("RATE_LIMIT_TEST", test);
    }

    public boolean enabled() {
        return enabled;
    }

    /** Requests per second for a key of this mode whose organisation has no limit of its own. */
    public int perSecond(Mode mode) {
        return mode == Mode.LIVE ? live : test;
    }

    private static int check(String name, int perSecond) {
        if (perSecond < 1 || perSecond > MOST_PER_SECOND) {
            throw new IllegalArgumentException(name + " must be 1 to " + MOST_PER_SECOND + " requests per second, not " + perSecond);
        }
        return perSecond;
    }
}
