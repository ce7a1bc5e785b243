package io.tenantscreening.conformance.payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.conformance.support.StripeApi;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#applicants-payments is tested against a stand-in of Stripe's API
 * ({@link StripeApi}); this checks that what the stand-in sends is what Stripe sends, against
 * an extract of Stripe's own OpenAPI description at the API version stripe-java pins
 * (src/test/resources/stripe-openapi, with its provenance): every JSON object the stand-in
 * emits (Checkout Session, Refund, error) has every required field of its schema, no field the
 * schema does not have, and each value of a declared type (null only where the schema allows
 * it, a value of its enum when it has one).
 */
class StripeApiShapesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    @DisplayName("docs/operators.md#applicants-payments: the stand-in's Checkout Sessions (open, complete, expired) have the fields and types of Stripe's checkout.session")
    void sessionsHaveStripesShape() throws Exception {
        String base = StripeApi.start();
        HttpResponse<String> created = post(base + "/v1/checkout/sessions", "mode=payment&customer_email=shape%40example.com"
                + "&client_reference_id=cko_shape&metadata%5Bcheckout_id%5D=cko_shape&success_url=https%3A%2F%2Fx.example%2Fok"
                + "&cancel_url=https%3A%2F%2Fx.example%2Fno&line_items%5B0%5D%5Bquantity%5D=1"
                + "&line_items%5B0%5D%5Bprice_data%5D%5Bcurrency%5D=usd&line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=2500");
        JsonNode session = JSON.readTree(created.body());
        HttpResponse<String> expired = post(base + "/v1/checkout/sessions/" + session.get("id").asText() + "/expire", "");

        assertThat(created.statusCode()).isEqualTo(200);
        assertThat(violations("checkout.session", session)).isEmpty();
        assertThat(session.get("metadata").get("checkout_id").asText()).isEqualTo("cko_shape");
        assertThat(expired.statusCode()).isEqualTo(200);
        assertThat(violations("checkout.session", JSON.readTree(expired.body()))).isEmpty();
        assertThat(JSON.readTree(expired.body()).get("status").asText()).isEqualTo("expired");
        assertThat(violations("checkout.session", JSON.readTree(StripeApi.session("cs_test_shape", Map.of(), "complete", "paid",
                "pi_shape"))))
                .isEmpty();
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: the stand-in's Refunds have the fields and types of Stripe's refund")
    void refundsHaveStripesShape() throws Exception {
        HttpResponse<String> refund = post(StripeApi.start() + "/v1/refunds", "payment_intent=pi_shape");

        assertThat(refund.statusCode()).isEqualTo(200);
        assertThat(violations("refund", JSON.readTree(refund.body()))).isEmpty();
        assertThat(violations("refund", JSON.readTree(StripeApi.refund("re_shape", "pi_shape", 2500, "failed")))).isEmpty();
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: the stand-in's errors (400, 402, 404, 429, 500, and expiring a session that is not open) are Stripe's error object")
    void errorsHaveStripesShape() throws Exception {
        String base = StripeApi.start();
        List<String> errors = new ArrayList<>(List.of(
                StripeApi.Answer.invalidRequest("email_invalid", "customer_email", "Invalid email address: x").body(),
                StripeApi.Answer.error(402, "card_error", "card_declined", null, "Your card was declined.").body(),
                StripeApi.Answer.rateLimited().body(), StripeApi.Answer.serverError().body()));
        HttpResponse<String> unknown = post(base + "/v1/nothing", "");
        HttpResponse<String> missing = post(base + "/v1/checkout/sessions/cs_test_none/expire", "");
        errors.add(unknown.body());
        errors.add(missing.body());

        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(missing.statusCode()).isEqualTo(404);
        for (String error : errors) {
            JsonNode body = JSON.readTree(error);
            assertThat(violations("error", body)).as(error).isEmpty();
            assertThat(violations("api_errors", body.get("error"))).as(error).isEmpty();
        }
    }

    /** What of {@code object} its schema in the extract does not allow; empty when it fits. */
    private static List<String> violations(String schemaName, JsonNode object) throws IOException {
        JsonNode schema = extract().get("schemas").get(schemaName);
        List<String> found = new ArrayList<>();
        schema.get("required").forEach(required -> {
            if (!object.has(required.asText())) {
                found.add(schemaName + ": required " + required.asText() + " missing");
            }
        });
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode property = schema.get("properties").get(field.getKey());
            if (property == null) {
                found.add(schemaName + ": " + field.getKey() + " is not a field of Stripe's schema");
                continue;
            }
            JsonNode value = field.getValue();
            if (value.isNull()) {
                if (!property.get("nullable").asBoolean()) {
                    found.add(schemaName + ": " + field.getKey() + " is null, which the schema does not allow");
                }
                continue;
            }
            List<String> types = new ArrayList<>();
            property.get("types").forEach(type -> types.add(type.asText()));
            if (!types.contains(typeOf(value))) {
                found.add(schemaName + ": " + field.getKey() + " is " + typeOf(value) + ", not " + types);
            }
            if (property.has("enum") && value.isTextual()) {
                List<String> values = new ArrayList<>();
                property.get("enum").forEach(allowed -> values.add(allowed.asText()));
                if (!values.contains(value.asText())) {
                    found.add(schemaName + ": " + field.getKey() + " is '" + value.asText() + "', not one of " + values);
                }
            }
        }
        return found;
    }

    private static String typeOf(JsonNode value) {
        if (value.isTextual()) {
            return "string";
        }
        if (value.isIntegralNumber()) {
            return "integer";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        return value.isArray() ? "array" : "object";
    }

    private static JsonNode extract() throws IOException {
        try (InputStream in = StripeApiShapesTest.class.getResourceAsStream("/stripe-openapi/extract.json")) {
            return JSON.readTree(in);
        }
    }

    private static HttpResponse<String> post(String url, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
