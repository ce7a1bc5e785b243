package io.tenantscreening.conformance.support;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.web.RequestThreads;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A route that exists only in the test run and holds its request thread until the test
 * releases it (or a minute has passed), as a slow request would: lets a test fill the
 * request threads and see in which order the requests waiting for them are served.
 */
@Controller("/test-only")
public class HoldingTestController {

    private static final AtomicInteger HOLDING = new AtomicInteger();
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
