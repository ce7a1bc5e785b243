package io.tenantscreening.auth;

import io.tenantscreening.common.Mode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#authentication (a revoked key is 401), with the key cache of
 * docs/design.md#the-request-path: it answers only while the revocation listener vouches for
 * it, forgets a revoked key, and never keeps what a lookup read while a revocation arrived;
 * API_KEY_CACHE_TTL 0s turns it off (docs/operators.md#requests).
 */
class ApiKeyCacheTest {

    private static final byte[] DIGEST = {1, 2, 3};
    private static final ApiKeyRecord KEY = new ApiKeyRecord("key_1", "org_1", Mode.TEST, Scope.FULL, "abcd", Instant.EPOCH, null, null);

    private final ApiKeyCache cache = new ApiKeyCache(Duration.ofSeconds(60));
    private final AtomicInteger lookups = new AtomicInteger();

    private Optional<ApiKeyRecord> find() {
        return find(cache);
    }

    private Optional<ApiKeyRecord> find(ApiKeyCache on) {
        return on.find(DIGEST, () -> {
            lookups.incrementAndGet();
            return Optional.of(KEY);
        });
    }

    @Test
    void whileTheListenerVouchesASeenKeyIsAnsweredFromMemory() {
        cache.confirmed(System.nanoTime());

        find();
        find();

        assertThat(lookups).hasValue(1);
    }

    @Test
    void withoutTheListenerEveryRequestLooksItsKeyUp() {
        find();
        find();
        cache.confirmed(System.nanoTime() - ApiKeyCache.TRUST.toNanos() - 1);
        find();

        assertThat(lookups).hasValue(3);
    }

    @Test
    void aLostListenerEmptiesTheCache() {
        cache.confirmed(System.nanoTime());
        find();

        cache.distrust();
        cache.confirmed(System.nanoTime());
        find();

        assertThat(lookups).hasValue(2);
    }

    @Test
    void aRevokedKeyIsLookedUpAgain() {
        cache.confirmed(System.nanoTime());
        find();

        cache.revoked("key_1");
        find();

        assertThat(lookups).hasValue(2);
    }

    @Test
    void aLookupThatARevocationOvertookIsNotKept() {
        cache.confirmed(System.nanoTime());
        cache.find(DIGEST, () -> {
            lookups.incrementAndGet();
            cache.revoked("key_1");
            return Optional.of(KEY);
        });

        find();

        assertThat(lookups).hasValue(2);
    }

    @Test
    void aZeroLifetimeTurnsTheCacheOff() {
        ApiKeyCache off = new ApiKeyCache(Duration.ZERO);
        off.confirmed(System.nanoTime());

        find(off);
        find(off);

        assertThat(lookups).hasValue(2);
    }

    /** What the authentication filter decides on the event loop: only what the cache can vouch for, never a lookup. */
    @Test
    void theLookupWithoutIoAnswersOnlyAVouchedKey() {
        assertThat(cache.cached(DIGEST)).isEmpty();
        cache.confirmed(System.nanoTime());
        assertThat(cache.cached(DIGEST)).isEmpty();
        find();

        assertThat(cache.cached(DIGEST)).contains(KEY);
        cache.confirmed(System.nanoTime() - ApiKeyCache.TRUST.toNanos() - 1);
        assertThat(cache.cached(DIGEST)).isEmpty();
        cache.confirmed(System.nanoTime());
        cache.revoked("key_1");
        assertThat(cache.cached(DIGEST)).isEmpty();
        assertThat(lookups).hasValue(1);
    }
}
