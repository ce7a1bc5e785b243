package io.tenantscreening.auth;

import io.tenantscreening.common.Mode;

import java.time.Instant;

/** A stored API key: never the key itself, only what identifies and limits it. */
public record ApiKeyRecord(String id, String organizationId, Mode mode, Scope scope, String last4,
                           Instant createdAt, Instant revokedAt) {

    public boolean revoked() {
        return revokedAt != null;
    }
}
