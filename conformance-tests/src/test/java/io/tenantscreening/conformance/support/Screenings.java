package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Following orders through their lifecycle over the API: waiting for a status (polling,
 * never sleeping longer than needed), driving test orders with the test helpers, and
 * reading the events of a tenant or of one object. Every exchange is contract-checked.
 */
public final class Screenings {

    private Screenings() {
    }

    /** Polls GET /orders/{id} until the order has this status, and answers it then. */
    public static JsonNode awaitStatus(String key, String orderId, String status) {
        return await("order " + orderId + " reached " + status).until(() -> Api.get("/orders/" + orderId).key(key).send().json(),
                order -> order.get("status").asText().equals(status));
    }

    public static JsonNode submit(String key, String orderId) {
        ApiResponse response = Api.post("/test_helpers/orders/" + orderId + "/submit").key(key).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    public static JsonNode complete(String key, String orderId) {
        ApiResponse response = Api.post("/test_helpers/orders/" + orderId + "/complete").key(key).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    /** GET /orders/{id}/report, which must be 200. */
    public static JsonNode report(String key, String orderId) {
        ApiResponse response = Api.get("/orders/" + orderId + "/report").key(key).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    /** Every event the key's tenant has, newest first, read page by page with GET /events. */
    public static List<JsonNode> events(String key) {
        List<JsonNode> events = new ArrayList<>();
        String path = "/events?per_page=100";
        while (path != null) {
            JsonNode page = Api.get(path).key(key).send().json();
            page.get("data").forEach(events::add);
            path = page.get("next_href").isNull() ? null : relative(page.get("next_href").asText());
        }
        return events;
    }

    /** The events about one order or report, in sequence order. */
    public static List<JsonNode> eventsOf(String key, String objectId) {
        return events(key).stream()
                .filter(event -> event.get("data").get("object").get("id").asText().equals(objectId))
                .sorted(Comparator.comparingLong(event -> event.get("sequence").asLong()))
                .toList();
    }

    /** The path and query of one of the service's absolute URLs. */
    public static String relative(String absoluteUrl) {
        assertThat(absoluteUrl).startsWith(TestServer.baseUrl());
        return absoluteUrl.substring(TestServer.baseUrl().length());
    }

    /** Waits until a query's single number reaches a value. */
    public static void awaitNumber(String description, long expected, String sql, Object... parameters) {
        await(description + " reached " + expected).until(() -> TestDatabase.number(sql, parameters) == expected);
    }

    /** The audit rows of an order's changes of state, oldest first: from, to, and who moved it. */
    public static List<List<Object>> transitions(String orderId) {
        return TestDatabase.rows("SELECT from_status, to_status, actor FROM order_transitions WHERE order_id = ? ORDER BY id",
                orderId);
    }
}
