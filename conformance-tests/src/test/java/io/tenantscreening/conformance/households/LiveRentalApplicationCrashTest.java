package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.JarProcess;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Households.member;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /rental_applications, rules 7 and 8, across a crash: a service killed (as by kill -9)
 * right after the first member's charge went through at the gateway leaves that charge on
 * record, and the sweep of abandoned placements (run here by the test server, once the
 * lease ran out) finishes the placement from the sealed request, all or none: the
 * application with every member's order, each charge booked once against its order; or,
 * when the second member's charge is refused, the 402 with the first charge refunded and
 * nothing created. The client's retry with the same key gets the stored answer.
 */
@StartsServiceProcesses
class LiveRentalApplicationCrashTest {

    /** POST /rental_applications, rules 6 and 7: the resumed placement creates the whole application, each order charged once. */
    @Test
    void rule7AServiceKilledAfterTheFirstChargeLeavesItOnRecordAndTheSweepFinishesTheApplication() throws Exception {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode body = household();

        crashAfterFirstCharge(tenant, idempotencyKey, body);
        awaitFinished(tenant);

        Object applicationId = rows("SELECT rental_application_id FROM idempotency_keys WHERE organization_id = ?", tenant)
                .get(0).get(0);
        assertThat(applicationId).as("the application the placement finished with (a refusal has none)").isNotNull();
        assertThat(count("rental_applications", tenant)).isEqualTo(1);
        List<List<Object>> orders = rows("SELECT id FROM orders WHERE organization_id = ? AND rental_application_id = ?",
                tenant, applicationId);
        assertThat(orders).hasSize(2);
        assertThat(rows("SELECT status, order_id FROM charges WHERE organization_id = ? ORDER BY order_id", tenant))
                .as("each member's order charged once")
                .containsExactlyInAnyOrder(List.of("succeeded", orders.get(0).get(0)), List.of("succeeded", orders.get(1).get(0)));
        assertThat(count("builtin_gateway_payments", tenant)).as("payments the gateway made").isEqualTo(2);

        ApiResponse retried = Households.post(tenant.liveKey(), body, idempotencyKey).send();

        assertThat(retried.status()).isEqualTo(201);
        assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retried.json().get("id").asText()).isEqualTo(applicationId);
        assertThat(retried.json().get("members")).hasSize(2);
    }

    /**
     * POST /rental_applications, rule 8: the second member's charge is refused (the card was
     * declined after the first went through), so the first is refunded and nothing is
     * created; the retry gets the 402.
     */
    @Test
    void rule8WhenTheSecondMembersChargeIsRefusedTheFirstIsRefundedAndNothingIsCreated() throws Exception {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode body = household();

        crashAfterFirstCharge(tenant, idempotencyKey, body);
        // The gateway keeps its first answer for the first charge; the second is asked only now.
        tenant.billing(PaymentMethod.DECLINED, false);
        awaitFinished(tenant);

        assertThat(rows("SELECT status FROM charges WHERE organization_id = ? ORDER BY status", tenant))
                .containsExactly(List.of("refunded"), List.of("refused"));
        assertThat(rows("SELECT outcome, refunded_at IS NOT NULL FROM builtin_gateway_payments WHERE organization_id = ? "
                + "ORDER BY outcome", tenant)).containsExactly(List.of("card_declined", false), List.of("charged", true));
        for (String table : List.of("rental_applications", "orders", "applicants", "properties")) {
            assertThat(count(table, tenant)).as(table).isZero();
        }

        ApiResponse retried = Households.post(tenant.liveKey(), body, idempotencyKey).send();

        retried.assertError(402, "card_declined");
        assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
    }

    /** Two members with new applicants. */
    private static ObjectNode household() {
        ObjectNode body = Households.body();
        member(body, "applicant", "jamie", null);
        member(body, "co_applicant", "sam", null);
        return body;
    }

    /** Sends the application to an instance that dies right after the first charge went through; checks what it left. */
    private static void crashAfterFirstCharge(TestTenant tenant, String idempotencyKey, ObjectNode body) throws Exception {
        Map<String, String> crashing = new HashMap<>(JarProcess.testDatabaseEnvironment());
        // Long enough for the checks below to run before the test server's sweep may take the
        // placement over; short enough for the wait after them.
        crashing.put("ORDER_PLACEMENT_LEASE", "5s");
        crashing.put("TEST_CRASH_AFTER_CHARGE", "true");
        ServiceProcess killed = ServiceProcess.start(crashing);
        boolean answered = post(killed, tenant.liveKey(), idempotencyKey, body.toString());
        assertThat(killed.exitCode()).isEqualTo(137);
        assertThat(answered).as("the client got no answer").isFalse();
        assertThat(rows("SELECT status FROM charges WHERE organization_id = ?", tenant))
                .as("both charges, recorded before the gateway was asked").containsExactly(List.of("pending"), List.of("pending"));
        assertThat(rows("SELECT outcome FROM builtin_gateway_payments WHERE organization_id = ?", tenant))
                .as("what the gateway did: the first charge").containsExactly(List.of("charged"));
        assertThat(rows("SELECT state, operation, cardinality(charge_ids) FROM idempotency_keys WHERE organization_id = ?",
                tenant)).containsExactly(List.of("charging", "rental_application", 2));
        assertThat(count("rental_applications", tenant)).isZero();
    }

    private static void awaitFinished(TestTenant tenant) {
        await("the placement was finished", Duration.ofSeconds(30)).until(
                () -> rows("SELECT state FROM idempotency_keys WHERE organization_id = ?", tenant).equals(List.of(List.of("finished"))));
    }

    private static List<List<Object>> rows(String sql, TestTenant tenant, Object... more) {
        Object[] parameters = new Object[more.length + 1];
        parameters[0] = tenant.id();
        System.arraycopy(more, 0, parameters, 1, more.length);
        return TestDatabase.rows(sql, parameters);
    }

    private static long count(String table, TestTenant tenant) {
        return TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id());
    }

    /** Creates the application at the instance; false when the connection ended without an answer. */
    private static boolean post(ServiceProcess service, String apiKey, String idempotencyKey, String body)
            throws InterruptedException {
        try {
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(service.baseUrl() + "/rental_applications"))
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
