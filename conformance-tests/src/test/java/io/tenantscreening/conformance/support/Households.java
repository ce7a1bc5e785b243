package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/** Requests of rental applications (households), for tests: bodies, and creating one that must succeed. */
public final class Households {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Households() {
    }

    /** An essential application at 12 Oak Street, Austin, with no members yet: add them with {@link #member}. */
    public static ObjectNode body() {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode application = body.putObject("rental_application");
        application.put("package", "essential");
        application.putObject("property").put("street", "12 Oak Street").put("city", "Austin").put("state", "TX")
                .put("zipcode", "78701");
        application.putArray("members");
        return body;
    }

    /** The {@code rental_application} member of a body, to change it. */
    public static ObjectNode application(ObjectNode body) {
        return (ObjectNode) body.get("rental_application");
    }

    /**
     * Adds a member with a new inline applicant: {@code name} gives the email
     * ({@code <name>@example.com}) and first name, {@code ssnEnding} the test outcome profile
     * (null: no SSN). Answers the body.
     */
    public static ObjectNode member(ObjectNode body, String role, String name, String ssnEnding) {
        ((ArrayNode) application(body).get("members")).add(memberInput(role, name, ssnEnding));
        return body;
    }

    /** One member as sent: a role and a new inline applicant (see {@link #member}). */
    public static ObjectNode memberInput(String role, String name, String ssnEnding) {
        ObjectNode member = JSON.createObjectNode().put("role", role);
        ObjectNode applicant = member.putObject("applicant").put("email", name + "@example.com").put("first_name", name)
                .put("last_name", "Household");
        if (ssnEnding != null) {
            applicant.put("ssn", "123-45-" + ssnEnding);
        }
        return member;
    }

    public static Api.Call post(String key, ObjectNode body, String idempotencyKey) {
        return Api.post("/rental_applications").key(key).header("Idempotency-Key", idempotencyKey).json(body.toString());
    }

    /** Creates an application the contract allows, with a new Idempotency-Key. */
    public static ApiResponse create(String key, ObjectNode body) {
        return post(key, body, UUID.randomUUID().toString()).send();
    }

    /** Creates an application that must succeed, and answers it. */
    public static JsonNode created(String key, ObjectNode body) {
        ApiResponse response = create(key, body);
        if (response.status() != 201) {
            throw new AssertionError("expected 201, got " + response.status() + ": " + response.body());
        }
        return response.json();
    }

    public static JsonNode get(String key, String id) {
        return Api.get("/rental_applications/" + id).key(key).send().json();
    }

    /** Waits until the application has the status, and answers it. */
    public static JsonNode awaitStatus(String key, String id, String status) {
        JsonNode[] last = new JsonNode[1];
        Waits.await("rental application " + id + " " + status).until(() -> {
            last[0] = get(key, id);
            return status.equals(last[0].get("status").asText());
        });
        return last[0];
    }
}
