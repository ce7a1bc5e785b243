package io.tenantscreening.ratelimits;

import io.github.bucket4j.ConsumptionProbe;

/**
 * What the rate limit said about one request: admitted or not, and the key's quota as the
 * fields of draft-ietf-httpapi-ratelimit-headers-10 state it. The policy {@value #POLICY} is
 * a token bucket of {@code limit} requests, refilled continuously at {@code limit} a second:
 * {@code RateLimit-Policy: "default";q=<limit>;w=1}. {@code RateLimit: "default";r=<remaining>;t=<reset>}
 * gives the requests left now and the whole seconds until the bucket is full again; a refusal
 * asks to wait as long ({@code Retry-After}, at least a second).
 */
public record RateLimitDecision(boolean admitted, int limit, long remaining, long resetSeconds) {

    public static final String POLICY_HEADER = "RateLimit-Policy";
    public static final String STATE_HEADER = "RateLimit";
    public static final String POLICY = "default";

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    static RateLimitDecision of(int limit, ConsumptionProbe probe) {
        long reset = (probe.getNanosToWaitForReset() + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
        return new RateLimitDecision(probe.isConsumed(), limit, probe.getRemainingTokens(), reset);
    }

    public String policy() {
        return "\"" + POLICY + "\";q=" + limit + ";w=1";
    }

    public String state() {
        return "\"" + POLICY + "\";r=" + remaining + ";t=" + resetSeconds;
    }

    /** The Retry-After of a refusal: seconds until the quota is whole again, at least one. */
    public long retryAfterSeconds() {
        return Math.max(1, resetSeconds);
    }
}
