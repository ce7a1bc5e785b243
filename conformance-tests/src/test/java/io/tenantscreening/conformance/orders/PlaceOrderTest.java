package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CountingDriver;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Placing an order: POST /orders, rules 1, 2, 3 and 6, the members of the Order schema, the
 * ids of openapi.yaml#ids-and-timestamps, and the initial state of
 * docs/integrators.md#order-lifecycle: a test order is pending at once, except for the
 * applicant-experience profile of docs/integrators.md#test-mode, and a live order waits for
 * its applicant with an application_url whose token only a digest keeps
 * (docs/design.md#secrets-at-rest). A test named ruleN… checks that rule of POST /orders.
 */
@ExtendWith(FreshTenants.class)
class PlaceOrderTest {

    private static final List<String> ORDER_FIELDS = List.of("id", "object", "live_mode", "status", "package", "add_on_products",
            "payer", "payment", "property_id", "applicant_id", "original_requester_id", "application_url", "screening_policy_id",
            "monthly_rent", "rental_application_id", "checks", "created_at", "completed_at", "canceled_at");

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String testKey;

    /** docs/integrators.md#test-mode: an ordinary test order is pending at once, with application_url null. */
    @Test
    void testOrderIsPendingAtOnceWithEveryFieldAndExplicitNulls() {
        ApiResponse response = place(testKey, body());

        assertThat(response.status()).isEqualTo(201);
        JsonNode order = response.json();
        assertThat(order.fieldNames()).toIterable().containsExactlyInAnyOrderElementsOf(ORDER_FIELDS);
        assertThat(order.get("id").asText()).matches("ord_test_[0-9A-Za-z]{24}");
        assertThat(order.get("object").asText()).isEqualTo("order");
        assertThat(order.get("live_mode").asBoolean()).isFalse();
        assertThat(order.get("status").asText()).isEqualTo("pending");
        assertThat(order.get("package").asText()).isEqualTo("essential");
        assertThat(order.get("add_on_products")).isEmpty();
        assertThat(order.get("add_on_products").isArray()).isTrue();
        assertThat(order.get("payer").asText()).isEqualTo("organization");
        assertThat(order.get("payment").isNull()).as("a test order is paid by the organisation").isTrue();
        assertThat(order.get("property_id").asText()).matches("pr_test_[0-9A-Za-z]{24}");
        assertThat(order.get("applicant_id").asText()).matches("ap_test_[0-9A-Za-z]{24}");
        assertThat(order.get("original_requester_id").isNull()).isTrue();
        assertThat(order.get("application_url").isNull()).isTrue();
        assertThat(order.get("screening_policy_id").isNull()).isTrue();
        assertThat(order.get("monthly_rent").isNull()).isTrue();
        assertThat(order.get("rental_application_id").isNull()).isTrue();
        assertThat(order.get("completed_at").isNull()).isTrue();
        assertThat(order.get("canceled_at").isNull()).isTrue();
        ApiResponse fetched = Api.get("/orders/" + order.get("id").asText()).key(testKey).send();
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json()).isEqualTo(order);
    }

    /**
     * openapi.yaml#apply-flow: a live order starts waiting_for_applicant with its
     * application_url; docs/design.md#secrets-at-rest: the token is never stored, only its
     * SHA-256 digest, and every read shows the same link.
     */
    @Test
    void liveOrderWaitsForTheApplicantWithAnApplicationUrlWhoseTokenIsStoredOnlyAsADigest() throws Exception {
        tenant.billing(BillingSettings.PaymentMethod.OK, false);

        ApiResponse response = place(tenant.liveKey(), body());

        assertThat(response.status()).isEqualTo(201);
        JsonNode order = response.json();
        assertThat(order.get("id").asText()).matches("ord_[0-9A-Za-z]{24}");
        assertThat(order.get("live_mode").asBoolean()).isTrue();
        assertThat(order.get("property_id").asText()).matches("pr_[0-9A-Za-z]{24}");
        assertThat(order.get("applicant_id").asText()).matches("ap_[0-9A-Za-z]{24}");
        assertThat(order.get("status").asText()).isEqualTo("waiting_for_applicant");
        String url = order.get("application_url").asText();
        assertThat(url).matches(Pattern.quote(TestServer.baseUrl() + "/apply/") + "[A-Za-z0-9_-]{43}");
        String token = url.substring(url.lastIndexOf('/') + 1);
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        List<List<Object>> stored = TestDatabase.rows("SELECT application_token_digest FROM orders WHERE id = ?",
                order.get("id").asText());
        assertThat((byte[]) stored.get(0).get(0)).isEqualTo(digest);
        for (List<Object> table : TestDatabase.rows("SELECT table_name FROM information_schema.tables "
                + "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")) {
            assertThat(TestDatabase.number("SELECT count(*) FROM " + table.get(0) + " t WHERE t::text LIKE ?", "%" + token + "%"))
                    .as("rows of %s holding the token", table.get(0)).isZero();
        }
        ApiResponse fetched = Api.get("/orders/" + order.get("id").asText()).key(tenant.liveKey()).send();
        assertThat(fetched.json().get("application_url").asText()).isEqualTo(url);
    }

    /** docs/integrators.md#test-mode: an applicant email ending in @apply.test keeps a test order waiting. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"walkthrough@apply.test", "Someone@APPLY.TEST"})
    void applicantExperienceProfileKeepsATestOrderWaitingWithAnApplicationUrl(String email) {
        ObjectNode body = body();
        ((ObjectNode) order(body).get("applicant")).put("email", email);

        ApiResponse response = place(testKey, body);

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(response.json().get("application_url").asText()).startsWith(TestServer.baseUrl() + "/apply/");
    }

    @Test
    void rule1BothPropertyFormsAre422AndNothingIsCreated() {
        ObjectNode body = body();
        order(body).put("property_id", propertyId(testKey));

        ApiResponse response = place(testKey, body);

        assertPointers(response.assertValidationErrors(), "/order/property");
        assertThat(list(testKey).get("count").asLong()).isZero();
    }

    @Test
    void rule1NeitherPropertyFormIs422() {
        ObjectNode body = body();
        order(body).remove("property");

        assertPointers(place(testKey, body).assertValidationErrors(), "/order/property");
    }

    @Test
    void rule1BothOrNeitherApplicantFormIs422() {
        ObjectNode both = body();
        order(both).put("applicant_id", "ap_test_000000000000000000000000");
        ObjectNode neither = body();
        order(neither).remove("applicant");

        assertPointers(place(testKey, both).assertValidationErrors(), "/order/applicant");
        assertPointers(place(testKey, neither).assertValidationErrors(), "/order/applicant");
    }

    @Test
    void rule1BothRequesterFormsAre422ButNeitherIsFine() {
        ObjectNode both = body();
        order(both).put("original_requester_id", "req_000000000000000000000000");
        order(both).putObject("original_requester").put("external_id", "x-1").put("type", "business").put("name", "X");

        assertPointers(place(testKey, both).assertValidationErrors(), "/order/original_requester");
        assertThat(place(testKey, body()).status()).isEqualTo(201);
    }

    @Test
    void rule1EveryFormErrorIsReportedAtOnce() {
        ObjectNode body = body();
        order(body).remove("property");
        order(body).remove("applicant");

        assertPointers(place(testKey, body).assertValidationErrors(), "/order/property", "/order/applicant");
    }

    @Test
    void rule2AnInlineAddressMatchingAnExistingPropertyReusesIt() {
        String existing = propertyId(testKey);
        ObjectNode body = body();
        ((ObjectNode) order(body).get("property")).put("street", "  12 OAK street ").put("zipcode", "78701-1234");

        ApiResponse response = place(testKey, body);

        assertThat(response.json().get("property_id").asText()).isEqualTo(existing);
        assertThat(Api.get("/properties").key(testKey).send().json().get("count").asLong()).isEqualTo(1);
    }

    @Test
    void rule2AnInlineAddressOfAnotherOrganisationCreatesANewProperty() {
        String foreign = propertyId(TestTenant.create().testKey());

        ApiResponse response = place(testKey, body());

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("property_id").asText()).isNotEqualTo(foreign);
    }

    @Test
    void rule3PropertyIdOfAnExistingPropertyIsUsed() {
        String existing = propertyId(testKey);
        ObjectNode body = body();
        order(body).remove("property");
        order(body).put("property_id", existing);

        assertThat(place(testKey, body).json().get("property_id").asText()).isEqualTo(existing);
    }

    @Test
    void rule3PropertyIdUnknownOfAnotherOrganisationOrOfTheOtherModeIs404() {
        String foreign = propertyId(TestTenant.create().testKey());
        String live = propertyId(tenant.liveKey());
        for (String id : List.of("pr_test_000000000000000000000000", foreign, live)) {
            ObjectNode body = body();
            order(body).remove("property");
            order(body).put("property_id", id);

            place(testKey, body).assertError(404, "not_found_error");
        }
        assertThat(list(testKey).get("count").asLong()).isZero();
    }

    /** openapi.yaml#errors: a value outside an enum is 422 on its member. */
    @Test
    void packageOutsideTheCatalogueIs422() {
        ObjectNode body = body();
        order(body).put("package", "premium");

        ApiResponse response = OrderRequests.post(testKey, body, "k-1").sendInvalid();

        assertPointers(response.assertValidationErrors(), "/order/package");
    }

    /** POST /orders, rule 6: the order lists its add-ons sorted alphabetically. */
    @Test
    void addOnsAreReturnedSortedAndEmptyWhenNone() {
        ObjectNode body = body();
        order(body).putArray("add_on_products").add("income_verification").add("identity_verification");

        ApiResponse response = place(testKey, body);

        assertThat(response.json().get("add_on_products").toString()).isEqualTo("[\"identity_verification\",\"income_verification\"]");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"credit", "complete", "starter", "IDENTITY_VERIFICATION"})
    void rule6UnknownAddOnsAndPackageSlugsAre422WithAPointerToTheElement(String value) {
        ObjectNode body = body();
        order(body).putArray("add_on_products").add("identity_verification").add(value);

        ApiResponse response = OrderRequests.post(testKey, body, "k-1").sendInvalid();

        assertPointers(response.assertValidationErrors(), "/order/add_on_products/1");
        assertThat(list(testKey).get("count").asLong()).isZero();
    }

    @Test
    void rule6ARepeatedAddOnIs422OnTheRepeat() {
        ObjectNode body = body();
        order(body).putArray("add_on_products").add("identity_verification").add("income_verification")
                .add("identity_verification");

        ApiResponse response = OrderRequests.post(testKey, body, "k-1").send();

        assertPointers(response.assertValidationErrors(), "/order/add_on_products/2");
        assertThat(list(testKey).get("count").asLong()).isZero();
    }

    /** openapi.yaml#errors: an unknown member of a request object is 422 on its member. */
    @Test
    void unknownMembersOfTheOrderAre422() {
        ObjectNode body = body();
        order(body).put("priority", "high");

        ApiResponse response = OrderRequests.post(testKey, body, "k-1").sendInvalid();

        assertPointers(response.assertValidationErrors(), "/order/priority");
    }

    /** docs/integrators.md#lists: include embeds the related records on POST /orders too. */
    @Test
    void includeEmbedsTheRecordsOnTheCreatedOrder() {
        ApiResponse response = OrderRequests
                .post(testKey, body(), "k-1", "?include=property,applicant,original_requester").send();

        JsonNode order = response.json();
        assertThat(order.get("property").get("id").asText()).isEqualTo(order.get("property_id").asText());
        assertThat(order.get("applicant").get("id").asText()).isEqualTo(order.get("applicant_id").asText());
        assertThat(order.has("original_requester")).isTrue();
        assertThat(order.get("original_requester").isNull()).isTrue();
    }

    /** The include parameter of openapi.yaml: an unknown name is 422 on the parameter, and nothing is placed. */
    @Test
    void anUnknownIncludeIs422OnTheParameterAndPlacesNothing() {
        ApiResponse response = OrderRequests.post(testKey, body(), "k-2", "?include=applicant,report").send();

        assertThat(response.assertValidationErrors().get(0).get("source").get("parameter").asText()).isEqualTo("include");
        assertThat(TestDatabase.number("SELECT count(*) FROM orders WHERE organization_id = ?", tenant.id())).isZero();
    }

    /**
     * docs/performance.md#what-bounds-each-figure (round trips): a live order paid by card, with
     * its property, applicant and requester inline, is eleven statements: the charge and the
     * claim, and the lookup of the default screening policy (POST /orders, rule 10); the
     * gateway's one; the property, the applicant, the requester, the order with its first
     * transition, the invitations (one batch), the key's answer and the charge's booking. The
     * key comes from the cache (the order placed first looked it up); the order is created
     * with the policy the claim found.
     */
    @Test
    void aLiveOrderWithEverythingInlineIsElevenStatements() {
        tenant.billing(BillingSettings.PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        assertThat(place(liveKey, body()).status()).isEqualTo(201);
        ObjectNode next = body();
        order(next).putObject("property").put("street", "14 Oak Street").put("city", "Austin").put("state", "TX")
                .put("zipcode", "78701");
        order(next).putObject("original_requester").put("external_id", "landlord-1").put("type", "business")
                .put("name", "Sunrise Property Group LLC");

        long before = CountingDriver.statements();
        ApiResponse placed = place(liveKey, next);

        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        assertThat(CountingDriver.statements() - before).isEqualTo(11);
    }

    private static String propertyId(String key) {
        return Api.post("/properties").key(key)
                .json("{\"property\":{\"street\":\"12 Oak Street\",\"city\":\"Austin\",\"state\":\"TX\",\"zipcode\":\"78701\"}}")
                .send().json().get("id").asText();
    }

    private static JsonNode list(String key) {
        return Api.get("/orders").key(key).send().json();
    }
}
