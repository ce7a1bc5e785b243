package io.tenantscreening.conformance.web;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.ApplicationContext;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The request threads (REQUEST_THREADS, docs/operators.md#requests) work on a bounded number
 * of requests at once. POST /orders, rule 7 makes a request with the Idempotency-Key of a
 * placement still under way wait for it; such a wait lends its place meanwhile
 * (docs/design.md#the-request-path), or a few retries of a slow placement would stop the
 * instance from answering anyone else.
 */
class RequestThreadsTest {

    @Test
    void rule7RequestsWaitingForAPlacementUnderWayLeaveTheOtherRequestsServed() throws Exception {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode body = OrderRequests.body();
        int requestThreads = TestServer.bean(ApplicationContext.class)
                .getRequiredProperty("screening.request-threads", Integer.class);
        List<CompletableFuture<ApiResponse>> placements = new ArrayList<>();
        try (Connection holder = TestDatabase.holdingGatewayPayments()) {
            // The first holds the placement (waiting at the gateway); the others wait for it.
            for (int i = 0; i < requestThreads + 2; i++) {
                placements.add(CompletableFuture.supplyAsync(() -> OrderRequests.post(liveKey, body, idempotencyKey).send()));
            }
            awaitWaiting(requestThreads - 1);
            CompletableFuture<ApiResponse> other = CompletableFuture.supplyAsync(() -> Api.get("/properties").key(liveKey).send());
            try {
                assertThat(other.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            } catch (TimeoutException e) {
                fail("GET /properties got no answer in 20 s while " + requestThreads
                        + " requests (the request threads) waited for a placement under way");
            }
            assertThat(placements).as("the placement and the requests waiting for it are all still under way "
                    + "(with the payment gateway held up) when GET /properties answers").noneMatch(CompletableFuture::isDone);
            holder.rollback();
        }
        List<ApiResponse> answers = placements.stream().map(CompletableFuture::join).toList();
        assertThat(answers).extracting(ApiResponse::status).containsOnly(201);
        assertThat(answers).extracting(answer -> answer.json().get("id").asText()).containsOnly(answers.get(0).json().get("id").asText());
    }

    /**
     * Until at least {@code count} requests wait for another request's placement, as the
     * service's gauge of requests waiting for the holder of their Idempotency-Key counts them.
     */
    private static void awaitWaiting(int count) {
        await(count + " requests waiting for the placement")
                .until(() -> TestServer.bean(MeterRegistry.class).get("screening.idempotency.waiting").gauge().value() >= count);
    }
}
