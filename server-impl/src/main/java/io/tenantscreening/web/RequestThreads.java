package io.tenantscreening.web;

import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;

/**
 * The threads that work on API requests (their controllers, a body's contract check, an API
 * key's lookup, a rate limit's synchronisation): at most {@code screening.request-threads}
 * requests at once, the rest wait holding no thread, in a queue per organisation served in
 * turn ({@link TakingTurns}). On two cores fewer transactions interleaving
 * cost less CPU per order on both sides (docs/performance.md). A fork-join pool rather than
 * a fixed one, so that a request that waits for something other than the database (another
 * request's placement under the same Idempotency-Key) can say so, with
 * {@link ForkJoinPool#managedBlock}, and the pool lends another thread meanwhile: such waits
 * never hold up the other requests. (Every runnable thread counts: a waiting one is always
 * compensated, not only when it is the last.)
 */
@Factory
public class RequestThreads {

    public static final String NAME = "requests";
    /** The request attribute naming the queue a request waits in: its organisation's id. */
    public static final String QUEUE_ATTRIBUTE = "screening.request-queue";

    /** Spare threads the pool may add while requests wait (beyond its width). */
    private static final int MOST_SPARES = 256;

    @Singleton
    @Named(NAME)
    @Bean(preDestroy = "shutdown")
    ExecutorService requests(@Value("${screening.request-threads:6}") int width) {
        if (width < 1) {
            throw new IllegalArgumentException("REQUEST_THREADS must be at least 1, not " + width);
        }
        return new TakingTurns(new ForkJoinPool(width, pool -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            thread.setName("request-" + thread.getPoolIndex());
            return thread;
        }, null, true, width, width + MOST_SPARES, width, null, 60, TimeUnit.SECONDS));
    }
}
