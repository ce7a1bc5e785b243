package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Completed orders to take adverse action on, request bodies for POST /adverse_actions and
 * the call itself with a fresh Idempotency-Key, and the text of a notice's PDF.
 */
public final class AdverseActionRequests {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AdverseActionRequests() {
    }

    /**
     * A completed test order of an essential package (credit and eviction) for a new
     * applicant, Jamie Rivera at this email, whose SSN ends in 0005 (a low credit score).
     * An applicant-experience profile (@apply.test) is submitted with the test helper first.
     */
    public static String completedOrder(String key, String email) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", email).put("ssn", "123-45-0005");
        String id = OrderRequests.placed(key, body);
        if (email.endsWith("@apply.test")) {
            Screenings.submit(key, id);
        }
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** A completed test order of an ordinary test applicant (no email is sent to them). */
    public static String completedOrder(String key) {
        return completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
    }

    /** A final denial of the order for an eviction record. */
    public static ObjectNode denial(String orderId) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("adverse_action").put("order_id", orderId).put("decision", "decline")
                .putArray("reasons").add("evictions_above_maximum");
        return body;
    }

    /** A conditional approval of the order with a pre-adverse notice first. */
    public static ObjectNode preAdverse(String orderId) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode input = body.putObject("adverse_action").put("order_id", orderId).put("decision", "conditional")
                .put("conditions", "A co-signer, or a security deposit of two months' rent.").put("notice", "pre_adverse");
        input.putArray("reasons").add("credit_score_below_minimum").add("Rental history could not be confirmed");
        return body;
    }

    /** The {@code adverse_action} member of a body, to change it. */
    public static ObjectNode input(ObjectNode body) {
        return (ObjectNode) body.get("adverse_action");
    }

    public static Api.Call post(String key, ObjectNode body, String idempotencyKey) {
        return Api.post("/adverse_actions").key(key).header("Idempotency-Key", idempotencyKey).json(body.toString());
    }

    /** Takes an adverse action the contract allows, with a new Idempotency-Key. */
    public static ApiResponse take(String key, ObjectNode body) {
        return post(key, body, UUID.randomUUID().toString()).send();
    }

    /** Takes an adverse action that must succeed, and returns it. */
    public static JsonNode taken(String key, ObjectNode body) {
        ApiResponse response = take(key, body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    /** The text of a PDF. */
    public static String text(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
