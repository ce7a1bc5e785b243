package io.tenantscreening.conformance.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Sends requests from many threads released at one instant, for tests of what must hold
 * under races (the database constraints, not Java checks, have to make it hold).
 */
public final class Concurrently {

    private Concurrently() {
    }

    /** Runs {@code request} for clients 0 to {@code clients - 1} at once; the answers in client order. */
    public static List<ApiResponse> send(int clients, IntFunction<ApiResponse> request) throws Exception {
        return run(clients, request);
    }

    /** Like {@link #send}, for any kind of answer (pages, say). */
    public static <T> List<T> run(int clients, IntFunction<T> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                int client = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    return request.apply(client);
                }));
            }
            start.countDown();
            List<T> responses = new ArrayList<>();
            for (Future<T> future : futures) {
                responses.add(future.get());
            }
            return responses;
        } finally {
            pool.shutdownNow();
        }
    }
}
