package io.tenantscreening.conformance.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.web.UnexpectedFailureHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error envelope (openapi.yaml#errors, docs/integrators.md#errors): every non-2xx answer
 * is {errors: [...]} with code, detail and, for validation errors, a source naming the body
 * member, parameter or header; several entries for several failing fields, exactly one
 * otherwise. The errors the framework raises before an operation is reached end in the same
 * envelope: malformed JSON and wrong types are 422, unknown route 404, wrong method 405,
 * wrong content type 415, body over 1 MiB 413, and an unexpected failure is 500
 * internal_error with the request id and nothing of its cause (docs/design.md#the-request-path).
 */
@ExtendWith(FreshTenants.class)
class ErrorEnvelopeTest {

    @Fresh
    private String key;

    @Test
    void malformedJsonIsAValidationError() {
        ApiResponse response = Api.post("/properties").key(key).json("{\"property\": {\"street\": ").sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEmpty();
        JsonAssertions.assertDetailMentions(entry, "not valid JSON");
    }

    @Test
    void missingBodyIsAValidationError() {
        ApiResponse response = Api.post("/properties").key(key).header("Content-Type", "application/json").sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEmpty();
    }

    @Test
    void numberWhereTheContractSaysStringIsAValidationError() {
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"street\": 12, \"city\": \"Austin\", \"state\": \"TX\", \"zipcode\": \"78701\"}}")
                .sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        JsonAssertions.assertPointers(errors, "/property/street");
        assertThat(errors.get(0).get("detail").asText()).contains("string").contains("integer");
    }

    @Test
    void nonObjectBodyIsAValidationError() {
        ApiResponse response = Api.post("/properties").key(key).json("[1, 2]").sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(), "");
    }

    @Test
    void everyFailingFieldHasItsOwnEntry() {
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"state\": \"tx\", \"zipcode\": \"7870\", \"colour\": \"red\"}}")
                .sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(),
                "/property/street", "/property/city", "/property/state", "/property/zipcode", "/property/colour");
    }

    /** A required header that is missing is named by source.header (POST /orders, rule 8: Idempotency-Key is required). */
    @Test
    void missingRequiredHeaderNamesTheHeader() {
        ApiResponse response = Api.post("/orders").key(key).json("{\"order\": {\"package\": \"starter\"}}").sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        assertThat(errors.findValues("header").stream().map(JsonNode::asText)).contains("Idempotency-Key");
    }

    @Test
    void nestedMembersArePointedToExactly() {
        ApiResponse response = Api.post("/orders").key(key).header("Idempotency-Key", "k-1")
                .json("{\"order\": {\"package\": \"premium\", \"applicant\": {\"email\": \"a@example.com\", "
                        + "\"ssn\": \"12-345-678\"}, \"add_on_products\": [\"identity_verification\", \"complete\"]}}")
                .sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        JsonAssertions.assertPointers(errors, "/order/package", "/order/applicant/ssn", "/order/add_on_products/1");
        for (JsonNode entry : errors) {
            if (entry.get("source").get("pointer").asText().equals("/order/applicant/ssn")) {
                assertThat(entry.get("detail").asText()).contains("9 digits").doesNotContain("12-345-678");
            }
        }
    }

    /** openapi.yaml#idempotency: the Idempotency-Key is 1 to 255 characters (POST /orders, rule 8). */
    @Test
    void idempotencyKeyLongerThan255CharactersNamesTheHeader() {
        ApiResponse response = Api.post("/orders").key(key).header("Idempotency-Key", "k".repeat(256))
                .json("{\"order\": {\"package\": \"starter\"}}").sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        assertThat(errors.findValues("header").stream().map(JsonNode::asText)).contains("Idempotency-Key");
    }

    @Test
    void outOfRangeQueryParameterNamesTheParameter() {
        ApiResponse response = Api.get("/properties?per_page=101").key(key).sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("parameter").asText()).isEqualTo("per_page");
        JsonAssertions.assertDetailMentions(entry, "100");
    }

    @Test
    void nonNumericQueryParameterNamesTheParameter() {
        ApiResponse response = Api.get("/properties?per_page=ten").key(key).sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("parameter").asText()).isEqualTo("per_page");
    }

    @Test
    void unknownQueryParameterNamesTheParameter() {
        ApiResponse response = Api.get("/properties?perpage=5").key(key).sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("parameter").asText()).isEqualTo("perpage");
        JsonAssertions.assertDetailMentions(entry, "Unknown query parameter 'perpage'. Did you mean \"per_page\"?");
    }

    /** docs/integrators.md#errors: an unknown member within two edits of one the object accepts names that one. */
    @Test
    void anUnknownMemberCloseToAKnownOneIsNamed() {
        ApiResponse response = Api.post("/orders").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"order\": {\"packge\": \"essential\", \"property_id\": \"pr_test_x\", \"applicant_id\": \"ap_test_x\"}}")
                .sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        JsonNode unknown = entryAt(errors, "/order/packge");
        assertThat(unknown.get("detail").asText()).isEqualTo("Unknown member 'packge'. Did you mean \"package\"?");
    }

    /** docs/integrators.md#errors: an unknown member that is close to no member of its object names none. */
    @Test
    void anUnknownMemberCloseToNoKnownOneNamesNone() {
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"street\": \"1 Main Street\", \"city\": \"Austin\", \"state\": \"TX\", "
                        + "\"zipcode\": \"78701\", \"colour\": \"red\"}}")
                .sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/property/colour");
        assertThat(entry.get("detail").asText())
                .isEqualTo("Unknown member 'colour'; see the schema for the members this object accepts.");
    }

    /**
     * docs/integrators.md#errors: a value outside an enum of more than eight values is described
     * with an example; a shorter enum is listed in full. The pointer stays the member's.
     */
    @Test
    void aLongEnumIsDescribedAndAShortOneListed() {
        ApiResponse response = Api.post("/orders").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"order\": {\"package\": \"gold\", \"property\": {\"street\": \"1 Main Street\", "
                        + "\"city\": \"Austin\", \"state\": \"Texas\", \"zipcode\": \"78701\"}, \"applicant_id\": \"ap_test_x\"}}")
                .sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        assertThat(entryAt(errors, "/order/property/state").get("detail").asText())
                .isEqualTo("Must be a two-letter USPS code such as TX.");
        assertThat(entryAt(errors, "/order/package").get("detail").asText())
                .isEqualTo("Must be one of: starter, essential, complete.");
    }

    private static JsonNode entryAt(JsonNode errors, String pointer) {
        for (JsonNode entry : errors) {
            if (entry.path("source").path("pointer").asText().equals(pointer)) {
                assertThat(entry.get("code").asText()).isEqualTo("validation_error");
                return entry;
            }
        }
        throw new AssertionError("No entry at " + pointer + " in " + errors);
    }

    @Test
    void unknownRouteIsNotFound() {
        ApiResponse response = Api.get("/no/such/route").key(key).sendUndocumented("GET", "/properties");

        response.assertError(404, "not_found_error");
    }

    @Test
    void wrongMethodIsMethodNotAllowed() {
        ApiResponse response = Api.call("DELETE", "/openapi.yaml").key(key).sendUndocumented("GET", "/openapi.yaml");

        response.assertError(405, "method_not_allowed");
    }

    @Test
    void wrongContentTypeIsUnsupportedMediaType() {
        ApiResponse response = Api.post("/properties").key(key)
                .body("text/plain", "street=1 Main Street".getBytes(StandardCharsets.UTF_8)).sendInvalid();

        response.assertError(415, "unsupported_media_type");
    }

    @Test
    void bodyOverOneMebibyteIsPayloadTooLarge() {
        String name = "n".repeat(1024 * 1024);
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"name\": \"" + name + "\", \"street\": \"1 Main Street\", \"city\": \"Austin\", "
                        + "\"state\": \"TX\", \"zipcode\": \"78701\"}}")
                .sendInvalid();

        response.assertError(413, "payload_too_large");
    }

    @Test
    void unexpectedFailureRevealsNothingButTheRequestId() {
        try (CapturedLogs logs = CapturedLogs.of(UnexpectedFailureHandler.class)) {
            ApiResponse response = Api.get("/test-only/failure").key(key).sendUndocumented("GET", "/properties");

            JsonNode entry = response.assertError(500, "internal_error");
            String requestId = response.header("Request-Id");
            assertThat(entry.get("detail").asText()).contains(requestId);
            assertThat(response.body())
                    .doesNotContain("SELECT", "PSQLException", "IllegalStateException", "java.", "at io.");
            assertThat(logs.lines()).anyMatch(line -> line.contains(requestId));
        }
    }
}
