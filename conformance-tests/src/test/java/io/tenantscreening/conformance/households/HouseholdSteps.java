package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.Screenings;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Steps of the tests of a rental application's life: members that wait, its events, its changes. */
final class HouseholdSteps {

    private HouseholdSteps() {
    }

    /**
     * Adds a member whose order waits for its applicant until a test helper submits it (an
     * email of the applicant-experience profile, {@code @apply.test}). Answers the body.
     */
    static ObjectNode waitingMember(ObjectNode body, String role, String name) {
        ((ArrayNode) Households.application(body).get("members")).add(waitingInput(role, name));
        return body;
    }

    /** One member as sent, whose order waits for its applicant (see {@link #waitingMember}). */
    static ObjectNode waitingInput(String role, String name) {
        ObjectNode member = Households.memberInput(role, name, null);
        ((ObjectNode) member.get("applicant")).put("email", name + "-" + UUID.randomUUID() + "@apply.test");
        return member;
    }

    /** The order ids of the application's members, in order. */
    static List<String> orders(JsonNode application) {
        List<String> ids = new ArrayList<>();
        application.get("members").forEach(member -> ids.add(member.get("order_id").asText()));
        return ids;
    }

    /** The application's events, in sequence order. */
    static List<JsonNode> events(String key, String id) {
        return Screenings.eventsOf(key, id);
    }

    /** The types of the application's events, in sequence order. */
    static List<String> eventTypes(String key, String id) {
        return events(key, id).stream().map(event -> event.get("type").asText()).toList();
    }

    static ApiResponse cancel(String key, String id) {
        return Api.post("/rental_applications/" + id + "/cancel").key(key).send();
    }

    static ApiResponse remove(String key, String id, String orderId) {
        return Api.post("/rental_applications/" + id + "/members/" + orderId + "/remove").key(key).send();
    }

    static ApiResponse add(String key, String id, ObjectNode member) {
        ObjectNode body = member.objectNode();
        body.set("member", member);
        return Api.post("/rental_applications/" + id + "/members").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json(body.toString()).send();
    }

    static JsonNode cancelOrder(String key, String orderId) {
        ApiResponse response = Api.post("/orders/" + orderId + "/cancel").key(key).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    static String status(String key, String orderId) {
        return Api.get("/orders/" + orderId).key(key).send().json().get("status").asText();
    }
}
