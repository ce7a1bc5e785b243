package io.tenantscreening.auth;

import io.tenantscreening.common.Mode;

import java.time.Instant;

/**
 * A stored API key: never the key itself, only what identifies and limits it. {@code rateLimit}
 * is its organisation's own rate limit for the key's mode (requests per second), null where
 * the service's default applies.
 */
public record ApiKeyRecord(String id, String organizationId, Mode mode, Scope scope, String last4,
                           Instant createdAt, Instant revokedAt, Integer rateLimit) {

    public boolean revoked() {
        return revokedAt != null;
    }
}
