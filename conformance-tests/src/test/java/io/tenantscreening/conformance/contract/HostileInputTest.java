package io.tenantscreening.conformance.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.web.UnexpectedFailureHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile input (docs/design.md#contract-checking-and-hostile-input): whatever a client
 * sends, the answer is a clear error in the envelope, never a 500, and the work it causes is
 * bounded before any pattern runs. The rules are those of openapi.yaml#errors: at most 50
 * entries, sizes checked first, 405 with Allow, 414 and 431, request bodies read strictly
 * (one JSON value in UTF-8, no repeated member, no unpaired surrogate), and text members
 * that are single lines with a visible character. Each test names the case it guards.
 */
@ExtendWith(FreshTenants.class)
class HostileInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    // An unknown HTTP method is 405 with Allow, never a 500 (openapi.yaml#errors).
    @ParameterizedTest
    @ValueSource(strings = {"PROPFIND", "MKCOL", "BREW"})
    void unknownMethodOnThePublicDocumentIsMethodNotAllowedWithAllow(String method) {
        ApiResponse response = Api.call(method, "/openapi.yaml").sendUndocumented("GET", "/openapi.yaml");

        JsonNode entry = response.assertError(405, "method_not_allowed");
        assertThat(response.header("Allow")).contains("GET");
        JsonAssertions.assertDetailMentions(entry, "GET");
    }

    @Test
    void unknownMethodOnAnOperationIsMethodNotAllowedWithAllow() {
        ApiResponse response = Api.call("PROPFIND", "/orders").key(key).sendUndocumented("GET", "/orders");

        response.assertError(405, "method_not_allowed");
        assertThat(response.header("Allow")).contains("GET").contains("POST");
    }

    // Sizes are checked before patterns (openapi.yaml#errors), so a long string that also breaks its
    // pattern is refused by its length, and no pattern runs over it (a pattern over such a string
    // could overflow the stack: a 500). A tab breaks the single-line pattern of text members;
    // 3,000 digits break the ZIP and SSN patterns.
    @ParameterizedTest
    @CsvSource({"zipcode, 10", "street, 200", "city, 100", "unit, 50", "name, 200"})
    void overlongPropertyTextIsRefusedByItsLength(String member, int limit) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode property = body.putObject("property").put("street", "1 Main Street").put("city", "Austin")
                .put("state", "TX").put("zipcode", "78701");
        property.put(member, overlong(member));

        ApiResponse response = Api.post("/properties").key(key).json(body.toString()).sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/property/" + member);
        JsonAssertions.assertDetailMentions(entry, "at most " + limit + " characters");
    }

    @ParameterizedTest
    @CsvSource({"ssn, 11", "first_name, 50", "full_name, 200"})
    void overlongApplicantTextIsRefusedByItsLength(String member, int limit) {
        ObjectNode body = OrderRequests.body();
        ObjectNode applicant = OrderRequests.applicant(body);
        if (member.equals("full_name")) {
            applicant.remove("first_name");
            applicant.remove("last_name");
        }
        applicant.put(member, overlong(member));

        ApiResponse response = OrderRequests.post(key, body, UUID.randomUUID().toString()).sendInvalid();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/order/applicant/" + member);
        JsonAssertions.assertDetailMentions(entry, "at most " + limit + " characters");
    }

    /** A POST /properties body as raw JSON text: these members, then state TX and zipcode 78702. */
    private static String propertyBody(String members) {
        return "{\"property\": {" + members + ", \"state\": \"TX\", \"zipcode\": \"78702\"}}";
    }

    private static String overlong(String member) {
        return member.equals("zipcode") || member.equals("ssn") ? "1".repeat(3000) : "\t" + "1".repeat(2999);
    }

    /** A failure that is an Error, not an Exception, is a 500 in the envelope like any other (docs/design.md#the-request-path). */
    @Test
    void anErrorRatherThanAnExceptionEndsInTheEnvelopeAndTheLogCarriesTheRequestId() {
        try (CapturedLogs logs = CapturedLogs.of(UnexpectedFailureHandler.class)) {
            ApiResponse response = Api.get("/test-only/stack-overflow").key(key).sendUndocumented("GET", "/properties");

            JsonNode entry = response.assertError(500, "internal_error");
            String requestId = response.header("Request-Id");
            assertThat(entry.get("detail").asText()).contains(requestId);
            assertThat(response.body()).doesNotContain("StackOverflow", "SELECT");
            assertThat(logs.lines()).anyMatch(line -> line.contains(requestId));
        }
    }

    // An array over its maxItems is one entry and is not checked further: the work stays linear
    // in the size of the body (docs/design.md#contract-checking-and-hostile-input).
    @Test
    void aHugeArrayIsRefusedByItsSizeWithOneEntry() {
        ObjectNode body = OrderRequests.body();
        ArrayNode addOns = OrderRequests.order(body).putArray("add_on_products");
        for (int i = 0; i < 200_000; i++) {
            addOns.add("x");
        }

        // sendRaw: the test client's own contract check of such a request would take minutes.
        ApiResponse response = OrderRequests.post(key, body, UUID.randomUUID().toString()).sendRaw();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/order/add_on_products");
        JsonAssertions.assertDetailMentions(entry, "at most 10 items");
    }

    /** openapi.yaml#errors: a validation answer lists at most 50 entries. */
    @Test
    void anAnswerListsAtMostFiftyEntries() {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode property = body.putObject("property");
        for (int i = 0; i < 5_000; i++) {
            property.put("unknown_" + i, i);
        }

        ApiResponse response = Api.post("/properties").key(key).json(body.toString()).sendRaw();

        assertThat(response.assertValidationErrors()).hasSize(50);
    }

    /** openapi.yaml#errors: a value over its size is not checked further, and the other problems come in the same answer. */
    @Test
    void oversizedValuesAreReportedTogetherWithTheOtherProblemsOfTheBody() {
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"street\": \"" + "s".repeat(300) + "\", \"state\": \"Texas\", \"zipcode\": \"787\","
                        + " \"colour\": \"red\"}}")
                .sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(), "/property/street", "/property/city",
                "/property/state", "/property/zipcode", "/property/colour");
    }

    // A member repeated within one object is refused (openapi.yaml#errors): otherwise the check could read
    // one of its values and the controller another.
    @Test
    void aRepeatedMemberIsRefusedAndNothingIsStored() {
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"street\": \"1 Dup Street\", \"city\": \"Austin\", \"state\": \"TX\", "
                        + "\"zipcode\": \"not-a-zip\", \"zipcode\": \"78702\"}}")
                .sendRaw();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/property/zipcode");
        assertThat(TestDatabase.number("SELECT count(*) FROM properties WHERE organization_id = ?", tenant.id())).isZero();
    }

    @Test
    void aRepeatedStreetCannotSmuggleAControlCharacter() {
        ApiResponse response = Api.post("/properties").key(key)
                .json(propertyBody("\"street\": \"1 Bell\\u0007 Street\", \"street\": \"1 Bell Street\", \"city\": \"Austin\""))
                .sendRaw();

        assertThat(response.assertError(422, "validation_error").get("source").get("pointer").asText())
                .isEqualTo("/property/street");
    }

    @Test
    void aRepeatedSsnWithABadFirstValueIsAValidationError() {
        String body = OrderRequests.body().toString()
                .replace("\"last_name\":\"Rivera\"", "\"last_name\":\"Rivera\",\"ssn\":\"12\",\"ssn\":\"123-45-6789\"");

        ApiResponse response = Api.post("/orders").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json(body).sendRaw();

        assertThat(response.assertError(422, "validation_error").get("source").get("pointer").asText())
                .isEqualTo("/order/applicant/ssn");
    }

    // Bytes after the JSON value are refused, with the pointer "" (openapi.yaml#errors).
    @ParameterizedTest
    @ValueSource(strings = {"garbage", " {\"property\": {}}", "]"})
    void bytesAfterTheValueAreRefused(String trailing) {
        ApiResponse response = Api.post("/properties").key(key)
                .json(propertyBody("\"street\": \"1 Trail Street\", \"city\": \"Austin\"") + trailing)
                .sendRaw();

        assertThat(response.assertError(422, "validation_error").get("source").get("pointer").asText()).isEmpty();
        assertThat(TestDatabase.number("SELECT count(*) FROM properties WHERE organization_id = ?", tenant.id())).isZero();
    }

    // An unpaired surrogate escape is refused rather than stored as '?', and text of invisible characters
    // only is blank (openapi.yaml#errors).
    @Test
    void anUnpairedSurrogateEscapeIsRefusedWithAPointer() {
        ApiResponse response = Api.post("/properties").key(key)
                .json(propertyBody("\"street\": \"1 \\ud800 St\", \"city\": \"Austin\""))
                .sendRaw();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/property/street");
        JsonAssertions.assertDetailMentions(entry, "surrogate");
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] prefix = "{\"property\": {\"street\": \"1 ".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = " St\", \"city\": \"Austin\", \"state\": \"TX\", \"zipcode\": \"78702\"}}".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[prefix.length + 2 + suffix.length];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        body[prefix.length] = (byte) 0xC3;
        body[prefix.length + 1] = (byte) 0x28;
        System.arraycopy(suffix, 0, body, prefix.length + 2, suffix.length);

        ApiResponse response = Api.post("/properties").key(key).body("application/json", body).sendRaw();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEmpty();
        JsonAssertions.assertDetailMentions(entry, "UTF-8");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\u200b\\u200b", "\\u2060", "\\u3164", "\\u00a0\\u200d"})
    void textOfInvisibleCharactersOnlyIsRefused(String street) {
        ApiResponse response = Api.post("/properties").key(key)
                .json(propertyBody("\"street\": \"" + street + "\", \"city\": \"Austin\""))
                .sendRaw();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/property/street");
        JsonAssertions.assertDetailMentions(entry, "visible character");
    }

    @Test
    void anOptionalTextOfInvisibleCharactersOnlyIsRefused() {
        ApiResponse response = Api.post("/properties").key(key)
                .json(propertyBody("\"name\": \"\\u200b\", \"street\": \"1 Main Street\", \"city\": \"Austin\""))
                .sendRaw();

        assertThat(response.assertError(422, "validation_error").get("source").get("pointer").asText())
                .isEqualTo("/property/name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\u202eAustin", "Aus\\u2066tin", "Austin\\u202a"})
    void bidirectionalControlsAreRefusedInAddresses(String city) {
        ApiResponse response = Api.post("/properties").key(key)
                .json(propertyBody("\"street\": \"1 Main Street\", \"city\": \"" + city + "\""))
                .sendInvalid();

        assertThat(response.assertError(422, "validation_error").get("source").get("pointer").asText())
                .isEqualTo("/property/city");
    }

    @Test
    void bidirectionalControlsAreRefusedInNames() {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("last_name", "Rivera\u202e");

        ApiResponse response = OrderRequests.post(key, body, UUID.randomUUID().toString()).sendInvalid();

        assertThat(response.assertError(422, "validation_error").get("source").get("pointer").asText())
                .isEqualTo("/order/applicant/last_name");
    }

    @Test
    void rightToLeftNamesWithoutOverridesAreAccepted() {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("first_name", "ליאור").put("last_name", "حداد");

        assertThat(OrderRequests.place(key, body).status()).isEqualTo(201);
    }

    @Test
    void nestingDeeperThanSixteenLevelsIsRefused() {
        String deep = "[".repeat(40) + "]".repeat(40);

        ApiResponse response = Api.post("/properties").key(key).json("{\"property\": " + deep + "}").sendInvalid();

        JsonAssertions.assertDetailMentions(response.assertError(422, "validation_error"), "16 levels");
    }

    // A body not sent as application/json in UTF-8 is 415 (openapi.yaml#errors). Found by the fuzz test: a
    // body without Content-Type skipped the contract check (then a 500).
    @Test
    void aBodyWithoutContentTypeIsUnsupportedMediaType() {
        RawHttp.Response raw = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("POST", "/properties",
                Map.of("Authorization", "Bearer " + key), "{\"property\": null}".getBytes(StandardCharsets.UTF_8)),
                Duration.ofSeconds(10));

        Api.checked("POST", "/properties", raw).assertError(415, "unsupported_media_type");
    }

    @Test
    void aBodyInAnotherCharsetIsUnsupportedMediaType() {
        ApiResponse response = Api.post("/properties").key(key)
                .body("application/json; charset=iso-8859-1", "{\"property\": {}}".getBytes(StandardCharsets.ISO_8859_1))
                .sendRaw();

        response.assertError(415, "unsupported_media_type");
    }

    // No CORS headers, and a request with Origin is served like any other (openapi.yaml#authentication).
    // Found by the fuzz test: any Origin header was refused with a bare 403 outside the envelope.
    @Test
    void aRequestCarryingAnOriginHeaderIsServedWithoutCorsHeaders() {
        ApiResponse response = Api.get("/properties").key(key).header("Origin", "https://app.example.com").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isNull();
    }

    // Every request is checked against the operation it reaches (openapi.yaml#errors). Found by the fuzz
    // test: the router serves /orders/ as /orders, so the check must too.
    @Test
    void aTrailingSlashIsCheckedAsTheSameOperation() {
        ApiResponse response = Api.get("/orders/?per_page=500").key(key).sendUndocumented("GET", "/orders");

        assertThat(response.assertError(422, "validation_error").get("source").get("parameter").asText()).isEqualTo("per_page");
    }

    // Found while building reports: routes with a path variable are generated as /orders/{id:64},
    // which the check did not recognise as the document's /orders/{id}, so it skipped them.
    @Test
    void operationsWithAPathVariableAreCheckedToo() {
        String id = OrderRequests.placed(key, OrderRequests.body());

        for (ApiResponse response : List.of(Api.get("/orders/" + id + "?bogus=1").key(key).sendInvalid(),
                Api.get("/orders/" + id + "/report?bogus=1").key(key).sendInvalid(),
                Api.post("/orders/" + id + "/cancel?bogus=1").key(key).sendInvalid())) {
            assertThat(response.assertError(422, "validation_error").get("source").get("parameter").asText()).isEqualTo("bogus");
        }
        assertThat(Api.get("/orders/" + id).key(key).send().json().get("status").asText()).as("not canceled").isNotEqualTo("canceled");
    }

    // A long request line is 414 and large headers are 431, not 413, which names the body (openapi.yaml#errors).
    @Test
    void aLongRequestLineIsUriTooLong() {
        RawHttp.Response raw = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET",
                "/properties?cursor=" + "c".repeat(5000), Map.of("Authorization", "Bearer " + key), null), Duration.ofSeconds(10));

        ApiResponse response = Api.checked("GET", "/properties", raw);
        response.assertError(414, "uri_too_long");
        assertThat(response.header("Request-Id")).startsWith("rq_");
    }

    @Test
    void largeHeadersAreRequestHeaderFieldsTooLarge() {
        RawHttp.Response raw = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", "/properties",
                Map.of("Authorization", "Bearer " + key, "X-Padding", "p".repeat(10_000)), null), Duration.ofSeconds(10));

        ApiResponse response = Api.checked("GET", "/properties", raw);
        response.assertError(431, "request_header_fields_too_large");
        assertThat(response.header("Request-Id")).startsWith("rq_");
    }
}
