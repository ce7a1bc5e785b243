package io.tenantscreening.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.media.Schema;
import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The size pass over request bodies, on the contract's own schemas. */
class RequestBodyBoundsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ContractOperations CONTRACT = new ContractOperations();

    // Every array of the contract has a maxItems, and one over it is one entry and left out of the full
    // check (docs/design.md#contract-checking-and-hostile-input); enabled_events once had none.
    @Test
    void aHugeEnabledEventsListIsOneEntryAndIsLeftOut() {
        ObjectNode body = JSON.createObjectNode();
        ArrayNode events = body.putObject("webhook_endpoint").put("url", "https://hooks.example.com/x").putArray("enabled_events");
        for (int i = 0; i < 50_000; i++) {
            events.add("order.pending");
        }

        RequestBodyBounds.Result result = RequestBodyBounds.check(body, schema("POST", "/webhook_endpoints"));

        assertThat(result.entries()).singleElement().satisfies(entry -> {
            assertThat(entry.source().pointer()).isEqualTo("/webhook_endpoint/enabled_events");
            assertThat(entry.detail()).isEqualTo("Must have at most 20 items.");
        });
        assertThat(result.boundedBody().get("webhook_endpoint").has("enabled_events")).isFalse();
        assertThat(body.get("webhook_endpoint").get("enabled_events")).hasSize(50_000);
    }

    @Test
    void overlongStringsAreCountedInCharactersNotUtf16Units() {
        JsonNode fits = property("😀".repeat(10));
        JsonNode over = property("😀".repeat(11));

        assertThat(RequestBodyBounds.check(fits, schema("POST", "/properties")).entries()).isEmpty();
        assertThat(RequestBodyBounds.check(over, schema("POST", "/properties")).leftOut()).containsExactly("/property/zipcode");
    }

    @Test
    void anArrayElementLeftOutBecomesNullSoLaterIndexesStay() {
        ObjectNode body = JSON.createObjectNode();
        ArrayNode addOns = body.putObject("order").put("package", "starter").putArray("add_on_products");
        addOns.add(JSON.createObjectNode().put("x", 1)).add("identity_verification");

        RequestBodyBounds.Result result = RequestBodyBounds.check(body, schema("POST", "/orders"));

        assertThat(result.leftOut()).containsExactly("/order/add_on_products/0");
        assertThat(result.boundedBody().get("order").get("add_on_products").get(0).isNull()).isTrue();
        assertThat(result.boundedBody().get("order").get("add_on_products").get(1).asText()).isEqualTo("identity_verification");
    }

    @Test
    void theEntriesStopAtTheCapAndTheFullCheckIsNotWorthRunning() {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode property = body.putObject("property");
        for (int i = 0; i < 200; i++) {
            property.put("unknown_" + i, i);
        }

        RequestBodyBounds.Result result = RequestBodyBounds.check(body, schema("POST", "/properties"));

        assertThat(result.entries()).hasSize(ApiException.MAX_ENTRIES);
        assertThat(result.full()).isTrue();
    }

    @Test
    void invisibleTextIsReportedSeparately() {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("property").put("street", "\u200b").put("city", "Austin").put("state", "TX").put("zipcode", "78701");

        RequestBodyBounds.Result result = RequestBodyBounds.check(body, schema("POST", "/properties"));

        assertThat(result.entries()).isEmpty();
        assertThat(result.invisibleText()).singleElement()
                .satisfies(entry -> assertThat(entry.source().pointer()).isEqualTo("/property/street"));
    }

    /** docs/integrators.md#errors: an unknown member close to one its object accepts is named with it. */
    @Test
    void anUnknownMemberCloseToAKnownOneIsNamed() {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("property").put("stret", "1 Main Street").put("city", "Austin").put("state", "TX")
                .put("zipcode", "78701").put("colour", "red");

        RequestBodyBounds.Result result = RequestBodyBounds.check(body, schema("POST", "/properties"));

        assertThat(result.entries()).extracting(entry -> entry.source().pointer() + " " + entry.detail()).containsExactly(
                "/property/stret Unknown member 'stret'. Did you mean \"street\"?",
                "/property/colour Unknown member 'colour'; see the schema for the members this object accepts.");
    }

    private static JsonNode property(String zipcode) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("property").put("street", "1 Main Street").put("city", "Austin").put("state", "TX").put("zipcode", zipcode);
        return body;
    }

    private static Schema<?> schema(String method, String path) {
        return CONTRACT.find(method, path).orElseThrow().jsonBodySchema().orElseThrow();
    }
}
