package io.tenantscreening.conformance.support;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.web.RequestThreads;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Routes that exist only in the test run: one holds its request thread until the test
 * releases it (or a minute has passed), as a slow request would, so that a test can fill
 * the request threads; the other answers its turn, the order in which a request thread took
 * it up, so that a test sees in which order the requests waiting for the threads are served
 * (the order their answers reach the client is blurred by the client's own threads).
 */
@Controller("/test-only")
public class HoldingTestController {

    private static final AtomicInteger HOLDING = new AtomicInteger();
    private static final AtomicInteger TURNS = new AtomicInteger();
    private static volatile CountDownLatch release = new CountDownLatch(1);

    @Get("/hold")
    @ExecuteOn(RequestThreads.NAME)
    public String hold() throws InterruptedException {
        HOLDING.incrementAndGet();
        try {
            release.await(1, TimeUnit.MINUTES);
            return "released";
        } finally {
            HOLDING.decrementAndGet();
        }
    }

    /** The turn of this request: how many requests of this route a request thread took up before it, plus one. */
    @Get("/turn")
    @ExecuteOn(RequestThreads.NAME)
    public String turn() {
        return String.valueOf(TURNS.incrementAndGet());
    }

    /** How many requests are held now. */
    public static int holding() {
        return HOLDING.get();
    }

    /** Lets every held request go, and holds the next ones again. */
    public static void releaseAll() {
        CountDownLatch released = release;
        release = new CountDownLatch(1);
        released.countDown();
    }
}
