package io.tenantscreening.auth;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The valid keys this instance has recently seen, so that most requests authenticate
 * without a database round trip. It is trusted only while {@link RevokedKeyListener} has
 * confirmed, within {@link #TRUST}, that it has received every revocation committed
 * before its last check: a revocation (on any instance, or by the operator command) then
 * takes effect here within that bound. When the listener falls silent (its connection
 * lost), every lookup goes to the database again and the cache is emptied. Unknown and
 * revoked keys are never cached, and no entry lives longer than {@code API_KEY_CACHE_TTL}.
 */
@Singleton
public class ApiKeyCache {

    /** How long a check of the listener vouches for the cache: the revocation bound. */
    static final Duration TRUST = Duration.ofSeconds(2);
    private static final int MAX_ENTRIES = 10_000;

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    /** Changes whenever a revocation arrives, so that a lookup racing it is not cached. */
    private final AtomicLong revocations = new AtomicLong();
    private final long ttlNanos;
    /** {@link System#nanoTime()} when the listener's last check began; null while it has none. */
    private volatile Long confirmedAt;

    public ApiKeyCache(@Value("${screening.api-keys.cache-ttl:60s}") Duration ttl) {
        this.ttlNanos = ttl.toNanos();
    }

    /**
     * The record for a digest when the cache holds it and can vouch for it; empty otherwise
     * (not cached, too old, or the listener silent), never asking the database.
     */
    Optional<ApiKeyRecord> cached(byte[] digest) {
        long now = System.nanoTime();
        if (!trusted(now)) {
            return Optional.empty();
        }
        Entry entry = entries.get(HexFormat.of().formatHex(digest));
        return entry != null && now - entry.loadedAt <= ttlNanos ? Optional.of(entry.key) : Optional.empty();
    }

    /** The record for a digest: from the cache while it is trusted, else from {@code load}. */
    Optional<ApiKeyRecord> find(byte[] digest, Supplier<Optional<ApiKeyRecord>> load) {
        Optional<ApiKeyRecord> cached = cached(digest);
        if (cached.isPresent()) {
            return cached;
        }
        long now = System.nanoTime();
        boolean trusted = trusted(now);
        String hex = HexFormat.of().formatHex(digest);
        long seen = revocations.get();
        Optional<ApiKeyRecord> loaded = load.get();
        if (trusted && loaded.isPresent() && !loaded.get().revoked()) {
            if (entries.size() >= MAX_ENTRIES) {
                entries.clear();
            }
            entries.put(hex, new Entry(loaded.get(), now));
            if (revocations.get() != seen) {
                entries.remove(hex);
            }
        }
        return loaded;
    }

    private boolean trusted(long now) {
        Long confirmed = confirmedAt;
        return ttlNanos > 0 && confirmed != null && now - confirmed <= TRUST.toNanos();
    }

    /** A key was revoked: forget it (for each notification, and at once on the revoking instance). */
    void revoked(String keyId) {
        revocations.incrementAndGet();
        entries.values().removeIf(entry -> entry.key.id().equals(keyId));
    }

    /** The organisation's rate limits changed: forget its keys, so that they are looked up again with them. */
    void organizationChanged(String organizationId) {
        revocations.incrementAndGet();
        entries.values().removeIf(entry -> entry.key.organizationId().equals(organizationId));
    }

    /**
     * The listener has received every revocation committed before {@code checkStartedAt}
     * ({@link System#nanoTime()} taken before its check began).
     */
    void confirmed(long checkStartedAt) {
        confirmedAt = checkStartedAt;
    }

    /** The listener lost its connection: nothing cached can be vouched for any more. */
    void distrust() {
        confirmedAt = null;
        revocations.incrementAndGet();
        entries.clear();
    }

    private record Entry(ApiKeyRecord key, long loadedAt) {
    }
}
