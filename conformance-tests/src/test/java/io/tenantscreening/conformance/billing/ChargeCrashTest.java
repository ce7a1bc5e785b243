package io.tenantscreening.conformance.billing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;

import java.io.IOException;
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

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md#the-order-and-its-charge: the payment gateway is called outside any
 * transaction, after a pending charge was recorded, and every charge ends in its order even
 * when its instance dies in between. A service killed between the charge and the order
 * leaves the charge on record; the sweep for abandoned placements (run by any instance, here
 * the test server) finishes the order once the lease ran out
 * (docs/design.md#the-idempotent-request), and the client's retry with the same
 * Idempotency-Key gets that order (POST /orders, rule 7). The card is charged once, and the
 * gateway, asked again for that charge after the card was declined, keeps its first answer.
 * The order finished from the stored request keeps its screening policy and monthly rent
 * (POST /orders, rules 10 and 11: a policy with an income ratio, which needs the rent).
 */
@StartsServiceProcesses
class ChargeCrashTest {

    @Test
    void aServiceKilledBetweenChargeAndOrderLeavesTheChargeOnRecordAndAnotherInstanceFinishesTheOrder() throws Exception {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("ssn", "123-45-6789");
        String policy = Policies.create(liveKey, "{\"min_income_to_rent_ratio\": 3}");
        OrderRequests.order(body).put("screening_policy_id", policy).put("monthly_rent", 150_000);

        Map<String, String> crashing = new HashMap<>(JarProcess.testDatabaseEnvironment());
        // Long enough for the checks of what the crash left to run before the test server's
        // sweep may take the placement over; short enough for the wait below.
        crashing.put("ORDER_PLACEMENT_LEASE", "5s");
        crashing.put("TEST_CRASH_AFTER_CHARGE", "true");
        ServiceProcess killed = ServiceProcess.start(crashing);
        boolean answered = post(killed, liveKey, idempotencyKey, body.toString());
        assertThat(killed.exitCode()).isEqualTo(137);

        assertThat(answered).as("the client got no answer").isFalse();
        assertThat(rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant))
                .as("the charge, recorded before the gateway was asked").containsExactly(Arrays.asList("pending", null));
        assertThat(rows("SELECT outcome FROM builtin_gateway_payments WHERE organization_id = ?", tenant))
                .as("what the gateway did").containsExactly(List.of("charged"));
        assertThat(rows("SELECT state FROM idempotency_keys WHERE organization_id = ?", tenant)).containsExactly(List.of("charging"));
        assertThat(count("orders", tenant)).isZero();
        // The gateway answers a reference it was asked before with its first outcome: a card
        // declined since then does not undo the charge that went through.
        tenant.billing(PaymentMethod.DECLINED, false);

        awaitFinished(tenant);
        Object orderId = rows("SELECT order_id FROM idempotency_keys WHERE organization_id = ?", tenant).get(0).get(0);
        assertThat(orderId).as("the order the placement finished with (a refusal has none)").isNotNull();
        assertThat(rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant))
                .containsExactly(List.of("succeeded", orderId));
        assertThat(rows("SELECT c.gateway_reference = p.payment_id FROM charges c JOIN builtin_gateway_payments p "
                + "ON p.reference = c.id WHERE c.organization_id = ?", tenant))
                .as("the order's charge is the payment the gateway made").containsExactly(List.of(true));
        assertThat(count("builtin_gateway_payments", tenant)).as("payments the gateway made").isEqualTo(1);

        ApiResponse retried = OrderRequests.post(liveKey, body, idempotencyKey).send();

        assertThat(retried.status()).isEqualTo(201);
        assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retried.json().get("id").asText()).isEqualTo(orderId);
        JsonNode finished = Api.get("/orders/" + orderId).key(liveKey).send().json();
        assertThat(finished.get("screening_policy_id").asText()).isEqualTo(policy);
        assertThat(finished.get("monthly_rent").asLong()).isEqualTo(150_000);
        assertThat(count("orders", tenant)).isEqualTo(1);
    }

    private static void awaitFinished(TestTenant tenant) {
        await("the placement was finished", Duration.ofSeconds(30)).until(
                () -> rows("SELECT state FROM idempotency_keys WHERE organization_id = ?", tenant).equals(List.of(List.of("finished"))));
    }

    private static List<List<Object>> rows(String sql, TestTenant tenant) {
        return TestDatabase.rows(sql, tenant.id());
    }

    private static long count(String table, TestTenant tenant) {
        return TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id());
    }

    /** Places the order at the instance; false when the connection ended without an answer. */
    private static boolean post(ServiceProcess service, String apiKey, String idempotencyKey, String body)
            throws InterruptedException {
        try {
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(service.baseUrl() + "/orders"))
                            .header("Authorization", "Bearer " + apiKey).header("Content-Type", "application/json")
                            .header("Idempotency-Key", idempotencyKey).timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
