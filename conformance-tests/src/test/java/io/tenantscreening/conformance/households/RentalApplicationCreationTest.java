package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.tenantscreening.conformance.support.Households.application;
import static io.tenantscreening.conformance.support.Households.member;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /rental_applications in test mode, GET /rental_applications/{id} and
 * GET /rental_applications (openapi.yaml, Households under Rental applications): one order
 * per member, created together or not at all, each carrying the application's id.
 */
@ExtendWith(FreshTenants.class)
class RentalApplicationCreationTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;
    private final String otherKey = TestTenant.create().testKey();

    /** POST /rental_applications, rule 6: one order per member, with the application's terms and id. */
    @Test
    void everyMemberIsScreenedByAnOrderOfTheirOwn() {
        ObjectNode body = Households.body();
        application(body).put("monthly_rent", 250000).putArray("add_on_products").add("income_verification");
        member(body, "applicant", "jamie", null);
        member(body, "co_applicant", "sam", null);
        member(body, "guarantor", "ana", null);

        ApiResponse response = Households.create(key, body);

        assertThat(response.status()).isEqualTo(201);
        JsonNode created = response.json();
        assertThat(created.get("id").asText()).startsWith("rap_test_");
        assertThat(created.get("object").asText()).isEqualTo("rental_application");
        assertThat(created.get("status").asText()).isEqualTo("collecting");
        assertThat(created.get("recommendation").isNull()).isTrue();
        JsonNode members = created.get("members");
        assertThat(members).hasSize(3);
        assertThat(members.findValuesAsText("role")).containsExactly("applicant", "co_applicant", "guarantor");
        for (JsonNode member : members) {
            assertThat(member.has("order")).isFalse();
            JsonNode order = Api.get("/orders/" + member.get("order_id").asText()).key(key).send().json();
            assertThat(order.get("rental_application_id").asText()).isEqualTo(created.get("id").asText());
            assertThat(order.get("applicant_id").asText()).isEqualTo(member.get("applicant_id").asText());
            assertThat(order.get("property_id").asText()).isEqualTo(created.get("property_id").asText());
            assertThat(order.get("package").asText()).isEqualTo("essential");
            assertThat(order.get("monthly_rent").asLong()).isEqualTo(250000);
            assertThat(order.get("add_on_products").get(0).asText()).isEqualTo("income_verification");
        }
        JsonNode single = Api.get("/orders/" + OrderRequests.placed(key, OrderRequests.body())).key(key).send().json();
        assertThat(single.get("rental_application_id").isNull()).isTrue();
    }

    /** GET /rental_applications/{id}, rules 1 and 2; GET /rental_applications, rules 1 to 3. */
    @Test
    void anApplicationIsReadListedAndEmbedsItsOrdersOnRequest() {
        JsonNode first = Households.created(key, member(member(Households.body(), "applicant", "jamie", null),
                "co_applicant", "sam", null));
        JsonNode second = Households.created(key, member(Households.body(), "applicant", "lee", null));

        JsonNode read = Api.get("/rental_applications/" + first.get("id").asText() + "?include=orders").key(key).send().json();
        assertThat(read.get("members").get(1).get("order").get("id").asText())
                .isEqualTo(read.get("members").get(1).get("order_id").asText());
        assertThat(Api.get("/rental_applications/" + first.get("id").asText()).key(otherKey).send().status()).isEqualTo(404);
        assertThat(Api.get("/rental_applications/" + first.get("id").asText() + "?include=property").key(key).send().status())
                .isEqualTo(422);

        JsonNode page = Api.get("/rental_applications?per_page=1&include=orders").key(key).send().json();
        assertThat(page.get("count").asLong()).isEqualTo(2);
        assertThat(page.get("data").get(0).get("id").asText()).isEqualTo(second.get("id").asText());
        assertThat(page.get("data").get(0).get("members").get(0).get("order").get("rental_application_id").asText())
                .isEqualTo(second.get("id").asText());
        assertThat(page.get("next_href").asText()).contains("include=orders");
        assertThat(Api.get("/rental_applications").key(otherKey).send().json().get("count").asLong()).isZero();
    }

    /** POST /rental_applications, rule 7: in test mode one Idempotency-Key creates as many applications as it is sent. */
    @Test
    void aTestModeKeyNeverDeduplicates() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        ApiResponse first = Households.post(key, body, "one-key").send();
        ((ObjectNode) application(body).get("members").get(0).get("applicant")).put("email", "lee@example.com");
        ApiResponse second = Households.post(key, body, "one-key").send();

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("id").asText()).isNotEqualTo(first.json().get("id").asText());
        assertThat(second.header("Idempotent-Replayed")).isNull();
    }

    /** GET /rental_applications, rule 3: a cursor another list issued is refused on the parameter. */
    @Test
    void aCursorOfAnotherListIsRefused() {
        OrderRequests.placed(key, OrderRequests.body());
        OrderRequests.placed(key, OrderRequests.body());
        String ordersCursor = Api.get("/orders?per_page=1").key(key).send().json().get("next_cursor").asText();

        ApiResponse refused = Api.get("/rental_applications?cursor=" + ordersCursor).key(key).send();

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("errors").get(0).get("source").get("parameter").asText()).isEqualTo("cursor");
    }

    /** POST /rental_applications, rule 2: an application without an applicant (a guarantor alone) is refused; nothing is created. */
    @Test
    void anApplicationNeedsAnApplicant() {
        List<Object> before = records();
        ApiResponse response = Households.create(key, member(member(Households.body(), "guarantor", "ana", null),
                "co_applicant", "sam", null));

        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/members");
        assertThat(records()).isEqualTo(before);
    }

    /** POST /rental_applications, rule 4: the same person twice is refused at the repeat. */
    @Test
    void theSamePersonIsNotTwoMembers() {
        List<Object> before = records();
        ObjectNode body = member(member(Households.body(), "applicant", "jamie", null), "co_applicant", "sam", null);
        member(body, "guarantor", "ana", null);
        ((ObjectNode) application(body).get("members").get(2).get("applicant")).put("email", "SAM@example.com");

        ApiResponse byEmail = Households.create(key, body);

        assertThat(byEmail.status()).isEqualTo(422);
        assertThat(byEmail.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/members/2/applicant/email");

        String applicantId = OrderRequests.unattachedApplicant(tenant, Mode.TEST);
        before = records();
        ObjectNode twice = Households.body();
        application(twice).putArray("members").addObject().put("role", "applicant").put("applicant_id", applicantId);
        ((ArrayNode) application(twice).get("members")).addObject().put("role", "co_applicant")
                .put("applicant_id", applicantId);
        ApiResponse byId = Households.create(key, twice);
        assertThat(byId.status()).isEqualTo(422);
        assertThat(byId.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/members/1/applicant_id");
        assertThat(records()).isEqualTo(before);
    }

    /**
     * POST /rental_applications, rules 3 and 9: an applicant already attached to an order is
     * refused at its member, and the members before it are not created either.
     */
    @Test
    void anAttachedApplicantRefusesTheWholeApplication() {
        String attached = OrderRequests.unattachedApplicant(tenant, Mode.TEST);
        OrderRequests.placed(key, OrderRequests.withApplicantId(attached));
        List<Object> before = records();
        ObjectNode body = member(member(Households.body(), "applicant", "jamie", null), "co_applicant", "sam", null);
        ((ArrayNode) application(body).get("members")).addObject().put("role", "guarantor")
                .put("applicant_id", attached);

        ApiResponse response = Households.create(key, body);

        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/members/2/applicant_id");
        assertThat(records()).isEqualTo(before);
    }

    /** POST /rental_applications, rules 5 and 9: another organisation's policy is a 404; nothing is created. */
    @Test
    void anotherOrganisationsPolicyIsNotFound() {
        String foreign = Policies.create(otherKey, "{\"min_credit_score\": 600}");
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        application(body).put("screening_policy_id", foreign);
        List<Object> before = records();

        assertThat(Households.create(key, body).status()).isEqualTo(404);
        assertThat(records()).isEqualTo(before);
    }

    /**
     * POST /rental_applications, rule 1 (POST /properties, rule 6): an inline address in a county
     * that holds part of a covered city, without the city stated, is refused at the
     * application's property, as POST /orders refuses it at the order's.
     */
    @Test
    void anUnsettledPlaceIsRefusedAtTheProperty() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        application(body).putObject("property").put("street", "400 Pine Street").put("city", "Seattle").put("state", "WA")
                .put("zipcode", "98104");
        List<Object> before = records();

        ApiResponse response = Households.create(key, body);

        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("errors").get(0).get("code").asText()).isEqualTo("jurisdiction_ambiguous");
        assertThat(response.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/property/jurisdiction");
        assertThat(records()).isEqualTo(before);
        ObjectNode order = OrderRequests.body();
        OrderRequests.order(order).set("property", application(body).get("property"));
        assertThat(OrderRequests.place(key, order).json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/order/property/jurisdiction");
    }

    /** POST /rental_applications, rule 2: more than 10 members break the contract and are refused. */
    @Test
    void tenMembersAtMost() {
        List<Object> before = records();
        ObjectNode body = member(Households.body(), "applicant", "m0", null);
        for (int i = 1; i <= 10; i++) {
            member(body, "co_applicant", "m" + i, null);
        }
        ApiResponse response = Api.post("/rental_applications").key(key).header("Idempotency-Key", "k").json(body.toString())
                .sendInvalid();

        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/members");
        assertThat(records()).isEqualTo(before);
    }

    /** How many applications, orders, applicants and properties the organisation has. */
    private List<Object> records() {
        return TestDatabase.rows("SELECT (SELECT count(*) FROM rental_applications WHERE organization_id = ?), "
                + "(SELECT count(*) FROM orders WHERE organization_id = ?), (SELECT count(*) FROM applicants "
                + "WHERE organization_id = ?), (SELECT count(*) FROM properties WHERE organization_id = ?)",
                tenant.id(), tenant.id(), tenant.id(), tenant.id()).get(0);
    }
}
