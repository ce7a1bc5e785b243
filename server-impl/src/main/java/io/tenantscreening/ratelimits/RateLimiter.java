package io.tenantscreening.ratelimits;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.optimization.manual.ManuallySyncingOptimization;
import io.github.bucket4j.distributed.remote.CommandResult;
import io.github.bucket4j.distributed.remote.Request;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.micronaut.core.propagation.PropagatedContext;
import io.micronaut.jdbc.DataSourceResolver;
import io.tenantscreening.common.Mode;
import io.tenantscreening.web.RequestThreads;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The rate limit of each API key, held across every instance: a token bucket per key
 * (Bucket4j) in PostgreSQL (table rate_limit_buckets, locked with SELECT ... FOR UPDATE). Its
 * capacity is the key's limit in requests per second, refilled continuously at that rate.
 *
 * <p>Asking PostgreSQL on every request would cost a transaction per request, so each
 * instance decides from its own copy of a key's bucket (Bucket4j's manually synchronised
 * optimization) and synchronises it in the background, on the request threads, once it has
 * admitted half a second's worth of the key's limit since it last did, or a second has passed
 * at the key's next request: the synchronisation adds what the instance admitted meanwhile to
 * the shared bucket and takes the bucket's state back. So with n instances a key may be
 * admitted up to about n times half its limit more than the bucket allows; the bucket then
 * owes that many tokens and refuses the key until they are paid back (docs/operators.md).
 * Every request is decided at once, on the calling thread, from the copy, except the first
 * of a key on this instance, which reads the shared bucket on the request threads (and holds
 * no thread while it waits). A refused request takes no token.
 *
 * <p>A bucket is named by the key's id and its limit, so a new limit (an organisation's own,
 * or a new default) starts a full bucket of its own; a bucket that has been full for a minute
 * is deleted by {@link FullBucketSweep}.
 */
@Singleton
public class RateLimiter {

    /** How long a full bucket is kept before the sweep may delete it. */
    private static final Duration KEEP_FULL = Duration.ofMinutes(1);
    /** A key's request this long after the last synchronisation of its copy synchronises it again. */
    private static final Duration LONGEST_UNSYNCHRONISED = Duration.ofSeconds(1);
    /** Copies kept per instance; beyond them all are dropped (each owes at most half a second's worth). */
    private static final int MOST_COPIES = 10_000;

    private final RateLimitSettings settings;
    private final AsyncBuckets store;
    private final Map<String, Copy> copies = new ConcurrentHashMap<>();

    public RateLimiter(RateLimitSettings settings, DataSource dataSource, DataSourceResolver resolver,
                       @Named(RequestThreads.NAME) Executor requestThreads) {
        this.settings = settings;
        this.store = new AsyncBuckets(Bucket4jPostgreSQL.selectForUpdateBasedBuilder(resolver.resolve(dataSource))
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table("rate_limit_buckets")
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP_FULL)),
                requestThreads);
    }

    public boolean enabled() {
        return settings.enabled();
    }

    /**
     * Takes a token for one request of the key, whose organisation's own limit for the key's
     * mode is {@code ownLimit} (null: the service's default). Completes at once unless this
     * instance must synchronise with the shared bucket first.
     */
    public CompletionStage<RateLimitDecision> take(String keyId, Mode mode, Integer ownLimit) {
        int limit = ownLimit != null ? ownLimit : settings.perSecond(mode);
        String name = keyId + "/" + limit;
        Copy copy = copies.get(name);
        if (copy == null) {
            if (copies.size() >= MOST_COPIES) {
                copies.clear();
            }
            copy = copies.computeIfAbsent(name, absent -> new Copy(bucket(absent, limit), Math.max(1, limit / 2)));
        }
        Copy taken = copy;
        return copy.bucket.tryConsumeAndReturnRemaining(1).thenApply(probe -> {
            taken.synchroniseWhenDue(probe.isConsumed());
            return RateLimitDecision.of(limit, probe);
        });
    }

    /** Deletes buckets that have been full for a while, at most {@code batch}; how many it deleted. */
    int forgetFullBuckets(int batch) {
        return store.removeExpired(batch);
    }

    private AsyncBucketProxy bucket(String name, int limit) {
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(bandwidth -> bandwidth.capacity(limit).refillGreedy(limit, Duration.ofSeconds(1)))
                .build();
        return store.asAsync().builder()
                .withOptimization(new ManuallySyncingOptimization())
                .build(name, () -> CompletableFuture.completedFuture(configuration));
    }

    /**
     * This instance's copy of one bucket, and when to synchronise it: after {@code everyTokens}
     * admitted requests, or at the first request a second after the last synchronisation; one
     * synchronisation at a time, in the background.
     */
    private static final class Copy {

        private final AsyncBucketProxy bucket;
        private final long everyTokens;
        private final AtomicLong admitted = new AtomicLong();
        private final AtomicBoolean synchronising = new AtomicBoolean();
        private volatile long synchronisedAt = System.nanoTime();

        Copy(AsyncBucketProxy bucket, long everyTokens) {
            this.bucket = bucket;
            this.everyTokens = everyTokens;
        }

        void synchroniseWhenDue(boolean consumed) {
            long since = consumed ? admitted.incrementAndGet() : admitted.get();
            boolean due = since >= everyTokens || System.nanoTime() - synchronisedAt >= LONGEST_UNSYNCHRONISED.toNanos();
            if (due && synchronising.compareAndSet(false, true)) {
                admitted.set(0);
                bucket.getOptimizationController().syncImmediately().whenComplete((done, failure) -> {
                    synchronisedAt = System.nanoTime();
                    synchronising.set(false);
                });
            }
        }
    }

    /**
     * Bucket4j's PostgreSQL store, which speaks JDBC and so only synchronously, offered
     * asynchronously by running each of its transactions on the request threads (with the
     * context of the request that needs it), so that no event-loop thread ever waits for
     * PostgreSQL or for a pooled connection.
     */
    private static final class AsyncBuckets extends PostgreSQLSelectForUpdateBasedProxyManager<String> {

        private final Executor executor;

        AsyncBuckets(Bucket4jPostgreSQL.PostgreSQLSelectForUpdateBasedProxyManagerBuilder<String> builder, Executor executor) {
            super(builder);
            this.executor = executor;
        }

        @Override
        public boolean isAsyncModeSupported() {
            return true;
        }

        @Override
        public <T> CompletableFuture<CommandResult<T>> executeAsync(String key, Request<T> request) {
            Supplier<CommandResult<T>> synchronisation = () -> execute(key, request);
            return CompletableFuture.supplyAsync(PropagatedContext.wrapCurrent(synchronisation), executor);
        }
    }
}
