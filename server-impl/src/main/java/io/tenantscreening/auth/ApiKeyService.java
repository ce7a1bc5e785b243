package io.tenantscreening.auth;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** Issues, revokes, lists and authenticates API keys. */
@Singleton
public class ApiKeyService {

    private final ApiKeyRepository keys;
    private final ApiKeyCache cache;
    private final OrganizationService organizations;
    private final Clock clock;

    public ApiKeyService(ApiKeyRepository keys, ApiKeyCache cache, OrganizationService organizations, Clock clock) {
        this.keys = keys;
        this.cache = cache;
        this.organizations = organizations;
        this.clock = clock;
    }

    /** A new key for the organisation; the returned secret exists nowhere else afterwards. */
    @Transactional
    public IssuedKey issue(String organizationId, Mode mode, Scope scope) {
        organizations.require(organizationId);
        String secret = ApiKeys.generate(mode);
        ApiKeyRecord key = new ApiKeyRecord(PublicIds.newId("key"), organizationId, mode, scope, ApiKeys.last4(secret),
                Timestamps.now(clock), null, null);
        keys.insert(key, ApiKeys.digest(secret));
        return new IssuedKey(key, secret);
    }

    /** Revokes the key; every instance stops accepting it within {@link ApiKeyCache#TRUST}. */
    @Transactional
    public Optional<ApiKeyRecord> revoke(String keyId) {
        Optional<ApiKeyRecord> revoked = keys.revoke(keyId);
        revoked.ifPresent(key -> {
            keys.announceRevocation(key.id());
            cache.revoked(key.id());
        });
        return revoked;
    }

    /**
     * The organisation's rate limits changed (its row of rate_limits, committed): every
     * instance looks its keys up again within {@link ApiKeyCache#TRUST}, and so applies them.
     */
    @Transactional
    public void rateLimitsChanged(String organizationId) {
        keys.announceRateLimits(organizationId);
        cache.organizationChanged(organizationId);
    }

    @Transactional
    public List<ApiKeyRecord> list(String organizationId) {
        return keys.listByOrganization(organizationId);
    }

    /**
     * The caller a presented key stands for, or empty when it is malformed, unknown or
     * revoked; answered from {@link ApiKeyCache} when it can vouch for the key.
     */
    public Optional<Caller> authenticate(String presentedKey) {
        if (ApiKeys.modeOf(presentedKey).isEmpty()) {
            return Optional.empty();
        }
        byte[] digest = ApiKeys.digest(presentedKey);
        return caller(cache.find(digest, () -> keys.findByDigest(digest)));
    }

    /**
     * The caller of a key that {@link ApiKeyCache} can vouch for, without any I/O (so it may
     * run on an event-loop thread); empty when only {@link #authenticate} can tell.
     */
    public Optional<Caller> authenticateFromCache(String presentedKey) {
        return ApiKeys.modeOf(presentedKey).isEmpty() ? Optional.empty()
                : caller(cache.cached(ApiKeys.digest(presentedKey)));
    }

    private static Optional<Caller> caller(Optional<ApiKeyRecord> key) {
        return key.filter(record -> !record.revoked())
                .map(record -> new Caller(new Tenant(record.organizationId(), record.mode()), record.scope(), record.id(),
                        record.rateLimit()));
    }

    /** A freshly issued key together with its one-time secret. */
    public record IssuedKey(ApiKeyRecord record, String secret) {
    }
}
