package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;

import java.util.UUID;

/** Request bodies for POST /orders, and the call itself with a fresh Idempotency-Key. */
public final class OrderRequests {

    private static final ObjectMapper JSON = new ObjectMapper();

    private OrderRequests() {
    }

    /** An essential order for a new applicant at 12 Oak Street, Austin: inline property and applicant. */
    public static ObjectNode body() {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode order = body.putObject("order");
        order.put("package", "essential");
        order.putObject("property").put("street", "12 Oak Street").put("city", "Austin").put("state", "TX")
                .put("zipcode", "78701");
        order.putObject("applicant").put("email", "jamie.rivera@example.com").put("first_name", "Jamie")
                .put("last_name", "Rivera");
        return body;
    }

    /** The {@code order} member of a body, to change it. */
    public static ObjectNode order(ObjectNode body) {
        return (ObjectNode) body.get("order");
    }

    public static ObjectNode applicant(ObjectNode body) {
        return (ObjectNode) order(body).get("applicant");
    }

    public static Api.Call post(String key, ObjectNode body, String idempotencyKey) {
        return post(key, body, idempotencyKey, "");
    }

    public static Api.Call post(String key, ObjectNode body, String idempotencyKey, String query) {
        return Api.post("/orders" + query).key(key).header("Idempotency-Key", idempotencyKey).json(body.toString());
    }

    /** Places an order that the contract allows, with a new Idempotency-Key. */
    public static ApiResponse place(String key, ObjectNode body) {
        return post(key, body, UUID.randomUUID().toString()).send();
    }

    /** Places an order that must succeed, and returns its id. */
    public static String placed(String key, ObjectNode body) {
        ApiResponse response = place(key, body);
        if (response.status() != 201) {
            throw new AssertionError("expected 201, got " + response.status() + ": " + response.body());
        }
        return response.json().get("id").asText();
    }

    /** An applicant of this organisation in this mode, made through the service, attached to no order yet. */
    public static String unattachedApplicant(TestTenant owner, Mode mode) {
        return TestServer.bean(ApplicantService.class).create(new Tenant(owner.id(), mode),
                new NewApplicant("Alex", "Kim", "alex.kim@example.com", null, null, null)).id();
    }

    /** The usual body, naming this applicant by id instead of an inline one. */
    public static ObjectNode withApplicantId(String applicantId) {
        ObjectNode body = body();
        order(body).remove("applicant");
        order(body).put("applicant_id", applicantId);
        return body;
    }
}
