package io.tenantscreening.conformance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Foundations issue, point 2: the payment gateway is called outside any transaction, after
 * a pending charge was recorded. A service killed between the charge and the order leaves
 * the charge on record; the next start of an instance finishes the order, and the client's
 * retry with the same Idempotency-Key gets that order. The card is charged once.
 */
class ChargeCrashTest {

    @Test
    void aServiceKilledBetweenChargeAndOrderLeavesTheChargeOnRecordAndTheNextStartFinishesTheOrder() throws Exception {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("ssn", "123-45-6789");

        Map<String, String> crashing = environment();
        crashing.put("TEST_CRASH_AFTER_CHARGE", "true");
        Service killed = Service.start(crashing);
        boolean answered = killed.post(liveKey, idempotencyKey, body.toString());
        assertThat(killed.exitCode()).isEqualTo(137);

        assertThat(answered).as("the client got no answer").isFalse();
        assertThat(rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant))
                .as("the charge, recorded before the gateway was asked").containsExactly(Arrays.asList("pending", null));
        assertThat(rows("SELECT outcome FROM builtin_gateway_payments WHERE organization_id = ?", tenant))
                .as("what the gateway did").containsExactly(List.of("charged"));
        assertThat(rows("SELECT state FROM idempotency_keys WHERE organization_id = ?", tenant)).containsExactly(List.of("charging"));
        assertThat(count("orders", tenant)).isZero();

        Service restarted = Service.start(environment());
        try {
            awaitFinished(tenant);
            String orderId = rows("SELECT order_id FROM idempotency_keys WHERE organization_id = ?", tenant).get(0).get(0).toString();
            assertThat(rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant))
                    .containsExactly(List.of("succeeded", orderId));
            assertThat(count("builtin_gateway_payments", tenant)).as("payments the gateway made").isEqualTo(1);

            ApiResponse retried = OrderRequests.post(liveKey, body, idempotencyKey).send();

            assertThat(retried.status()).isEqualTo(201);
            assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
            assertThat(retried.json().get("id").asText()).isEqualTo(orderId);
            assertThat(Api.get("/orders/" + orderId).key(liveKey).send().status()).isEqualTo(200);
            assertThat(count("orders", tenant)).isEqualTo(1);
        } finally {
            restarted.stop();
        }
    }

    private static Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("ORDER_PLACEMENT_LEASE", "1s");
        environment.put("PORT", String.valueOf(freePort()));
        return environment;
    }

    private static void awaitFinished(TestTenant tenant) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!rows("SELECT state FROM idempotency_keys WHERE organization_id = ?", tenant).equals(List.of(List.of("finished")))) {
            assertThat(System.nanoTime()).as("the placement was finished within 30 s of the start").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static List<List<Object>> rows(String sql, TestTenant tenant) {
        return TestDatabase.rows(sql, tenant.id());
    }

    private static long count(String table, TestTenant tenant) {
        return TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id());
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The service as a separate process, so it can die without taking the test with it. */
    private record Service(JarProcess.Started process, int port) {

        static Service start(Map<String, String> environment) throws InterruptedException {
            JarProcess.Started started = JarProcess.start(environment);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!started.stdout().contains("Startup completed")) {
                assertThat(started.process().isAlive()).as("service exited: %s", started.stderr()).isTrue();
                assertThat(System.nanoTime()).as("started within 60 s").isLessThan(deadline);
                Thread.sleep(100);
            }
            return new Service(started, Integer.parseInt(environment.get("PORT")));
        }

        /** Places the order; false when the connection ended without an answer. */
        boolean post(String apiKey, String idempotencyKey, String body) throws InterruptedException {
            try {
                HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/orders"))
                                .header("Authorization", "Bearer " + apiKey).header("Content-Type", "application/json")
                                .header("Idempotency-Key", idempotencyKey).timeout(Duration.ofSeconds(30))
                                .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                        HttpResponse.BodyHandlers.ofString());
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        int exitCode() throws InterruptedException {
            assertThat(process.process().waitFor(30, TimeUnit.SECONDS)).as("the service ended").isTrue();
            return process.process().exitValue();
        }

        void stop() throws InterruptedException {
            process.process().destroy();
            process.process().waitFor(20, TimeUnit.SECONDS);
        }
    }
}
