package io.tenantscreening.conformance.web;

import io.micronaut.context.ApplicationContext;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.scheduling.instrument.InstrumentedExecutorService;
import io.tenantscreening.conformance.support.HoldingTestController;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.web.RequestThreads;
import io.tenantscreening.web.TakingTurns;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fair sharing (docs/operators.md#requests, docs/design.md#the-request-path): one organisation
 * that floods an instance must not hold up another organisation's requests; the request
 * threads (REQUEST_THREADS) serve the organisations with waiting requests in turn. Here one
 * organisation holds every request thread and has forty more requests waiting when another
 * organisation's request arrives: that request is served within the first turns once threads
 * are free, not after the forty. (Served in arrival order, it comes after nearly all of them.)
 */
class FairSharingTest {

    private static final int QUEUED = 40;

    @Test
    void anotherOrganisationsRequestIsServedBeforeAFloodThatArrivedFirst() throws Exception {
        int width = TestServer.bean(ApplicationContext.class).getRequiredProperty("screening.request-threads", Integer.class);
        ExecutorService requestThreads = TestServer.bean(ApplicationContext.class)
                .getBean(ExecutorService.class, Qualifiers.byName(RequestThreads.NAME));
        while (requestThreads instanceof InstrumentedExecutorService instrumented) {
            requestThreads = instrumented.getTarget();
        }
        TakingTurns queue = (TakingTurns) requestThreads;
        String flooding = TestTenant.create().testKey();
        String other = TestTenant.create().testKey();
        ExecutorService clients = Executors.newFixedThreadPool(width + QUEUED + 1);
        try {
            // Each key answered once first, so that its lookup and rate limit are at hand
            // and each request waits for a thread once only, for its controller.
            turn(flooding);
            turn(other);
            List<CompletableFuture<Integer>> held = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                held.add(CompletableFuture.supplyAsync(() -> RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET",
                        "/test-only/hold", Map.of("Authorization", "Bearer " + flooding), null), Duration.ofMinutes(1)).status(), clients));
            }
            await("every request thread held", HoldingTestController::holding, width);
            List<CompletableFuture<Integer>> flood = new ArrayList<>();
            for (int i = 0; i < QUEUED; i++) {
                flood.add(CompletableFuture.supplyAsync(() -> turn(flooding), clients));
            }
            await("the flood waiting for a thread", queue::waiting, QUEUED);
            CompletableFuture<Integer> steady = CompletableFuture.supplyAsync(() -> turn(other), clients);
            await("the other organisation's request waiting too", queue::waiting, QUEUED + 1);

            HoldingTestController.releaseAll();

            int steadyTurn = steady.get(30, TimeUnit.SECONDS);
            List<Integer> floodTurns = new ArrayList<>();
            for (CompletableFuture<Integer> request : flood) {
                floodTurns.add(request.get(30, TimeUnit.SECONDS));
            }
            assertThat(held).allSatisfy(request -> assertThat(request.get(30, TimeUnit.SECONDS)).isEqualTo(200));
            assertThat(floodTurns.stream().filter(turn -> turn > steadyTurn).count())
                    .as("requests of the flood served after the other organisation's (served %s of %s)",
                            floodTurns.stream().filter(turn -> turn < steadyTurn).count() + 1, QUEUED + 1)
                    .isGreaterThanOrEqualTo(QUEUED / 2);
        } finally {
            HoldingTestController.releaseAll();
            clients.shutdownNow();
        }
    }

    /** GET /test-only/turn with the key: the turn in which a request thread served it. */
    private static int turn(String key) {
        RawHttp.Response answer = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", "/test-only/turn",
                Map.of("Authorization", "Bearer " + key), null), Duration.ofMinutes(1));
        assertThat(answer.status()).isEqualTo(200);
        return Integer.parseInt(answer.body().trim());
    }

    private static void await(String what, IntSupplier count, int expected) {
        Waits.await(what, Duration.ofSeconds(30)).until(() -> count.getAsInt() >= expected);
    }
}
