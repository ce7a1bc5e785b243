package io.tenantscreening.organizations;

/**
 * An organisation's own rate limits, set by the operator: requests per second for each of its
 * live keys and each of its test keys; null where the service's default for the mode applies.
 */
public record OwnRateLimits(Integer live, Integer test) {

    public static final OwnRateLimits NONE = new OwnRateLimits(null, null);
}
