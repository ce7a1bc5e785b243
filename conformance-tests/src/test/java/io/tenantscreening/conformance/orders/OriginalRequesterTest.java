package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings;
import io.tenantscreening.requesters.RequesterService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The original requester of an order: POST /orders, rules 1 and 5 (at most one of
 * original_requester_id and original_requester; created, or updated and reused by its
 * external_id within the organisation and mode; an id unknown, of another organisation, of
 * the other mode or deactivated is 404, the external_id of a deactivated requester 422, see
 * docs/operators.md#the-operator-command-line), with the members and their checks as the
 * OriginalRequesterInput and OriginalRequester schemas of openapi.yaml describe them.
 */
@ExtendWith(FreshTenants.class)
class OriginalRequesterTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    @Test
    void inlineRequesterIsCreatedWithEveryField() {
        ObjectNode body = withRequester("landlord-8841");
        requester(body).put("email", "leasing@sunrise.example").put("phone_number", "512-555-0199")
                .put("street", "400 Congress Avenue").put("unit", "Suite 1200").put("city", "Austin").put("state", "TX")
                .put("zipcode", "78701");

        JsonNode order = placeIncludingRequester(body);

        JsonNode requester = order.get("original_requester");
        assertThat(order.get("original_requester_id").asText()).matches("req_[0-9A-Za-z]{24}").isEqualTo(requester.get("id").asText());
        assertThat(requester.get("object").asText()).isEqualTo("original_requester");
        assertThat(requester.get("external_id").asText()).isEqualTo("landlord-8841");
        assertThat(requester.get("type").asText()).isEqualTo("business");
        assertThat(requester.get("name").asText()).isEqualTo("Sunrise Property Group LLC");
        assertThat(requester.get("email").asText()).isEqualTo("leasing@sunrise.example");
        assertThat(requester.get("phone_number").asText()).isEqualTo("+15125550199");
        assertThat(requester.get("street").asText()).isEqualTo("400 Congress Avenue");
        assertThat(requester.get("unit").asText()).isEqualTo("Suite 1200");
        assertThat(requester.get("city").asText()).isEqualTo("Austin");
        assertThat(requester.get("state").asText()).isEqualTo("TX");
        assertThat(requester.get("zipcode").asText()).isEqualTo("78701");
    }

    @Test
    void requesterWithoutOptionalMembersHasExplicitNulls() {
        JsonNode requester = placeIncludingRequester(withRequester("r-1")).get("original_requester");

        for (String member : List.of("email", "phone_number", "street", "unit", "city", "state", "zipcode")) {
            assertThat(requester.get(member).isNull()).as(member).isTrue();
        }
    }

    @Test
    void rule5ASecondOrderWithTheSameExternalIdUpdatesAndReusesTheRequester() {
        ObjectNode first = withRequester("landlord-1");
        requester(first).put("email", "old@example.com");
        JsonNode created = placeIncludingRequester(first).get("original_requester");
        ObjectNode second = withRequester("landlord-1");
        requester(second).put("type", "individual").put("name", "Pat Lee");

        JsonNode updated = placeIncludingRequester(second).get("original_requester");

        assertThat(updated.get("id").asText()).isEqualTo(created.get("id").asText());
        assertThat(updated.get("type").asText()).isEqualTo("individual");
        assertThat(updated.get("name").asText()).isEqualTo("Pat Lee");
        assertThat(updated.get("email").isNull()).isTrue();
        assertThat(updated.get("created_at").asText()).isEqualTo(created.get("created_at").asText());
    }

    @Test
    void externalIdsAreSeparatePerOrganisationAndMode() {
        String mine = placeIncludingRequester(withRequester("shared-id")).get("original_requester_id").asText();
        String otherOrganisation = placedRequester(TestTenant.create().testKey(), withRequester("shared-id"));
        tenant.billing(BillingSettings.PaymentMethod.OK, false);
        String live = placedRequester(tenant.liveKey(), withRequester("shared-id"));

        assertThat(List.of(mine, otherOrganisation, live)).doesNotHaveDuplicates();
        assertThat(live).matches("req_[0-9A-Za-z]{24}");
    }

    @Test
    void rule5ARegisteredRequesterIdIsUsed() {
        String requester = placedRequester(key, withRequester("landlord-2"));
        ObjectNode body = body();
        order(body).put("original_requester_id", requester);

        assertThat(place(key, body).json().get("original_requester_id").asText()).isEqualTo(requester);
    }

    @Test
    void rule5RequesterIdUnknownOfAnotherOrganisationOrOfTheOtherModeIs404() {
        String foreign = placedRequester(TestTenant.create().testKey(), withRequester("x"));
        tenant.billing(BillingSettings.PaymentMethod.OK, false);
        String live = placedRequester(tenant.liveKey(), withRequester("y"));
        for (String id : List.of("req_000000000000000000000000", foreign, live)) {
            ObjectNode body = body();
            order(body).put("original_requester_id", id);

            place(key, body).assertError(404, "not_found_error");
        }
    }

    @Test
    void rule5ADeactivatedRequesterIdIs404AndItsExternalIdIs422() {
        String requester = placedRequester(key, withRequester("gone-1"));
        TestServer.bean(RequesterService.class).deactivate(requester);
        ObjectNode byId = body();
        order(byId).put("original_requester_id", requester);

        ObjectNode byExternalId = withRequester("gone-1");
        ((ObjectNode) order(byExternalId).get("property")).put("street", "99 Elm Street");

        place(key, byId).assertError(404, "not_found_error");
        assertPointers(place(key, byExternalId).assertValidationErrors(), "/order/original_requester/external_id");
        for (String table : List.of("orders", "applicants", "properties")) {
            assertThat(TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id()))
                    .as("%s: only the first order's rows, nothing of the refused requests", table).isEqualTo(1);
        }
    }

    @Test
    void concurrentOrdersWithOneNewExternalIdShareOneRequester() throws Exception {
        List<ObjectNode> bodies = new ArrayList<>();
        for (int client = 0; client < 8; client++) {
            ObjectNode body = withRequester("landlord-race");
            ((ObjectNode) order(body).get("property")).put("street", (client + 1) + " Elm Street");
            bodies.add(body);
        }

        List<ApiResponse> responses = Concurrently.send(bodies.size(), client -> place(key, bodies.get(client)));

        assertThat(responses).allMatch(response -> response.status() == 201);
        assertThat(responses.stream().map(response -> response.json().get("original_requester_id").asText()).distinct())
                .hasSize(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM original_requesters WHERE organization_id = ?", tenant.id()))
                .isEqualTo(1);
    }

    @Test
    void aPartialAddressIs422OnEachMissingMember() {
        ObjectNode body = withRequester("r-2");
        requester(body).put("street", "400 Congress Avenue").put("state", "TX");

        assertPointers(place(key, body).assertValidationErrors(),
                "/order/original_requester/city", "/order/original_requester/zipcode");
    }

    @Test
    void unitIsOptionalWithTheAddress() {
        ObjectNode body = withRequester("r-3");
        requester(body).put("street", "400 Congress Avenue").put("city", "Austin").put("state", "TX").put("zipcode", "78701");

        assertThat(placeIncludingRequester(body).get("original_requester").get("unit").isNull()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"+44 20 7946 0958", "12"})
    void nonUsPhoneNumbersAre422(String phone) {
        ObjectNode body = withRequester("r-4");
        requester(body).put("phone_number", phone);

        assertPointers(place(key, body).assertValidationErrors(), "/order/original_requester/phone_number");
    }

    @Test
    void typeMustBeIndividualOrBusiness() {
        ObjectNode body = withRequester("r-5");
        requester(body).put("type", "company");

        assertPointers(OrderRequests.post(key, body, UUID.randomUUID().toString()).sendInvalid().assertValidationErrors(),
                "/order/original_requester/type");
    }

    @Test
    void externalIdTypeAndNameAreRequired() {
        ObjectNode body = body();
        order(body).putObject("original_requester");

        assertPointers(OrderRequests.post(key, body, UUID.randomUUID().toString()).sendInvalid().assertValidationErrors(),
                "/order/original_requester/external_id", "/order/original_requester/type", "/order/original_requester/name");
    }

    @Test
    void withoutARequesterTheIdIsNullAndTheIncludedRecordNull() {
        JsonNode order = placeIncludingRequester(body());

        assertThat(order.get("original_requester_id").isNull()).isTrue();
        assertThat(order.get("original_requester").isNull()).isTrue();
    }

    private static ObjectNode withRequester(String externalId) {
        ObjectNode body = body();
        order(body).putObject("original_requester").put("external_id", externalId).put("type", "business")
                .put("name", "Sunrise Property Group LLC");
        return body;
    }

    private static ObjectNode requester(ObjectNode body) {
        return (ObjectNode) order(body).get("original_requester");
    }

    private static String placedRequester(String apiKey, ObjectNode body) {
        ApiResponse response = place(apiKey, body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("original_requester_id").asText();
    }

    private JsonNode placeIncludingRequester(ObjectNode body) {
        ApiResponse response = OrderRequests.post(key, body, UUID.randomUUID().toString(), "?include=original_requester").send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }
}
