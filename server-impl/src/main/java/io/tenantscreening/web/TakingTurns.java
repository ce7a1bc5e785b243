package io.tenantscreening.web;

import io.micronaut.http.context.ServerRequestContext;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * The request threads' queue, served by organisation in turn: each request waits in the
 * queue of its organisation (the request attribute {@link RequestThreads#QUEUE_ATTRIBUTE},
 * set when its key is known; work of no organisation has a queue of its own), and each time
 * a thread is free it serves the next organisation with waiting requests, round-robin, the
 * oldest request of that organisation first. So a flood from one organisation delays another's
 * request by at most one request per organisation with waiting work, not by the whole flood.
 *
 * <p>The fork-join pool still decides when a thread is free: each submission hands the pool
 * one turn, and a turn runs whichever request is next; so the pool's bound, and its spare
 * threads for requests waiting in a managed block, are as they were. Only organisations with
 * waiting requests have a queue: it is dropped when it empties.
 */
public final class TakingTurns extends AbstractExecutorService {

    /** The queue of work submitted outside any organisation's request (key lookups, say). */
    private static final String NO_ORGANISATION = "";

    private final ForkJoinPool pool;
    private final Object lock = new Object();
    private final Map<String, ArrayDeque<Runnable>> waiting = new HashMap<>();
    /** The organisations with waiting work, in the order they are served. */
    private final ArrayDeque<String> turns = new ArrayDeque<>();
    /** The requests waiting in all the queues. */
    private int count;

    TakingTurns(ForkJoinPool pool) {
        this.pool = pool;
    }

    @Override
    public void execute(Runnable task) {
        String organization = ServerRequestContext.currentRequest()
                .flatMap(request -> request.getAttribute(RequestThreads.QUEUE_ATTRIBUTE, String.class))
                .orElse(NO_ORGANISATION);
        synchronized (lock) {
            waiting.computeIfAbsent(organization, first -> {
                turns.addLast(first);
                return new ArrayDeque<>();
            }).addLast(task);
            count++;
        }
        pool.execute(this::takeTurn);
    }

    /** One turn: the oldest waiting request of the organisation whose turn it is. */
    private void takeTurn() {
        Runnable task;
        synchronized (lock) {
            String organization = turns.removeFirst();
            ArrayDeque<Runnable> queue = waiting.get(organization);
            task = queue.removeFirst();
            count--;
            if (queue.isEmpty()) {
                waiting.remove(organization);
            } else {
                turns.addLast(organization);
            }
        }
        task.run();
    }

    /** How many requests wait for a thread now. */
    public int waiting() {
        synchronized (lock) {
            return count;
        }
    }

    @Override
    public void shutdown() {
        pool.shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return pool.shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return pool.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return pool.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.awaitTermination(timeout, unit);
    }
}
