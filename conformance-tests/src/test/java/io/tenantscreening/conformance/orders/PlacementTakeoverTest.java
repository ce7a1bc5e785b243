package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /orders, rule 7, across a lease that ran out (docs/design.md#the-idempotent-request,
 * steps 3 and 4): a live placement whose holder is held up past its lease (here at the
 * payment gateway) is taken over by the next request with the same key, and then both
 * holders go on to finish it (and so may the sweep of abandoned placements, a holder too
 * once the lease ran out). One order is created and charged, and both requests answer with
 * it: the first holder to finish with its 201, the others with the replay of that answer.
 */
@StartsServiceProcesses
class PlacementTakeoverTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * With the applicant inline, each holder writes its own; with an applicant referenced by
     * id, the holder that finishes second cannot attach it (the first did), and must still
     * answer with the first's order, not refund its charge or free its key.
     */
    @ParameterizedTest(name = "applicant referenced by id: {0}")
    @ValueSource(booleans = {false, true})
    void rule7TwoHoldersFinishingOnePlacementCreateOneOrderAndBothAnswerWithIt(boolean referencedApplicant) throws Exception {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode body = OrderRequests.body();
        if (referencedApplicant) {
            OrderRequests.order(body).remove("applicant");
            OrderRequests.order(body).put("applicant_id", OrderRequests.unattachedApplicant(tenant, Mode.LIVE));
        }
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("ORDER_PLACEMENT_LEASE", "1s");
        // The gateway is held here by a table lock for as long as the takeover takes (seconds on
        // a loaded machine): the first holder waits for it, as it would for a slow processor,
        // instead of giving up at the 5 s lock timeout (a 500 that is not this test's subject).
        environment.put("DATABASE_LOCK_TIMEOUT", "60s");
        environment.put("DATABASE_STATEMENT_TIMEOUT", "60s");
        environment.put("DATABASE_SOCKET_TIMEOUT", "70");
        ServiceProcess slow = ServiceProcess.start(environment);
        CompletableFuture<HttpResponse<String>> first;
        CompletableFuture<ApiResponse> second;
        try (Connection holder = TestDatabase.holdingGatewayPayments()) {
            first = HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(URI.create(slow.baseUrl() + "/orders"))
                            .header("Authorization", "Bearer " + liveKey).header("Content-Type", "application/json")
                            .header("Idempotency-Key", idempotencyKey).timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                    HttpResponse.BodyHandlers.ofString());
            awaitKey(tenant, "locked_until < now()", "the first holder's lease ran out while it waited for the gateway");
            second = CompletableFuture.supplyAsync(() -> OrderRequests.post(liveKey, body, idempotencyKey).send());
            // The test server's lease is a minute long: a lease that far ahead is the second holder's.
            awaitKey(tenant, "locked_until > now() + interval '10 seconds'", "the placement was taken over");
            holder.rollback();
        }
        try {
            HttpResponse<String> firstAnswer = first.join();
            ApiResponse secondAnswer = second.join();

            assertThat(firstAnswer.statusCode()).as(firstAnswer.body()).isEqualTo(201);
            assertThat(secondAnswer.status()).as(secondAnswer.body()).isEqualTo(201);
            String orderId = JSON.readTree(firstAnswer.body()).get("id").asText();
            assertThat(secondAnswer.json().get("id").asText()).isEqualTo(orderId);
            assertThat(Stream.of(firstAnswer.headers().firstValue("Idempotent-Replayed").orElse(null),
                    secondAnswer.header("Idempotent-Replayed")).filter(Objects::isNull))
                    .as("answers that are not replays (the sweep may have finished the placement before both)").hasSizeLessThanOrEqualTo(1);
            assertThat(count("orders", tenant)).isEqualTo(1);
            assertThat(count("applicants", tenant)).as("an inline applicant of the order rolled back is gone with it").isEqualTo(1);
            assertThat(TestDatabase.rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant.id()))
                    .containsExactly(List.of("succeeded", orderId));
            assertThat(count("builtin_gateway_payments", tenant)).as("payments the gateway made").isEqualTo(1);
        } finally {
            slow.stop();
        }
    }

    private static void awaitKey(TestTenant tenant, String condition, String what) {
        await(what).until(() -> TestDatabase.number("SELECT count(*) FROM idempotency_keys WHERE organization_id = ? AND "
                + condition, tenant.id()) > 0);
    }

    private static long count(String table, TestTenant tenant) {
        return TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id());
    }
}
