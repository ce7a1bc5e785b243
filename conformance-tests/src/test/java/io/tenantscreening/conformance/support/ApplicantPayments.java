package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applicant-paid live orders in the tests: placing one, reading where its payment stands,
 * waiting for it, and sending a payment gateway's notification to the service as a
 * processor would (a plain HTTP POST: the notification endpoint is not part of the contract).
 */
public final class ApplicantPayments {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ApplicantPayments() {
    }

    /** A placed live order with payer applicant: its key, id, application link and the applicant's email. */
    public record PaidOrder(String key, String id, String applicationUrl, String email) {
    }

    /** Places an essential order (2500 cents) that its applicant pays, with a fresh email address. */
    public static PaidOrder place(TestTenant tenant) {
        String key = tenant.liveKey();
        String email = "payer-" + UUID.randomUUID() + "@example.com";
        ObjectNode body = body();
        order(body).put("payer", "applicant");
        applicant(body).put("email", email);
        String id = placed(key, body);
        return new PaidOrder(key, id, read(key, id).get("application_url").asText(), email);
    }

    /** The order as GET /orders/{id} answers it. */
    /** The id of the order's newest checkout. */
    public static String newestCheckout(PaidOrder order) {
        return (String) TestDatabase.rows("SELECT id FROM applicant_checkouts WHERE order_id = ? ORDER BY created_at DESC LIMIT 1",
                order.id()).get(0).get(0);
    }

    public static JsonNode read(String key, String id) {
        ApiResponse response = Api.get("/orders/" + id).key(key).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    /** Waits until the order's payment has this status; the order as read then. */
    public static JsonNode awaitPayment(PaidOrder order, String status) {
        return await("the payment of " + order.id() + " became " + status).until(() -> read(order.key(), order.id()),
                read -> read.get("payment").get("status").asText().equals(status));
    }

    /** An answer of the notification endpoint. */
    public record Answer(int status, JsonNode json) {
    }

    /** POSTs a notification to {@code baseUrl}'s endpoint of the gateway, with one signature header. */
    public static Answer sendNotification(String baseUrl, String gateway, String header, String signature, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/payment_notifications/" + gateway))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (signature != null) {
            request.header(header, signature);
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer(response.statusCode(), JSON.readTree(response.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
