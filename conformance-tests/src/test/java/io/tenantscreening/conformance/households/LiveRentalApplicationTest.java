package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Households.application;
import static io.tenantscreening.conformance.support.Households.member;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /rental_applications and POST /rental_applications/{id}/members in live mode: one
 * charge per member's order, all taken or none, under an Idempotency-Key shared with
 * POST /orders (openapi.yaml, Households under Rental applications).
 */
@ExtendWith(FreshTenants.class)
class LiveRentalApplicationTest {

    @Fresh
    private TestTenant tenant;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String key;

    /**
     * POST /rental_applications, rules 6 and 8: every member's order is charged, one charge
     * per order; rule 7: a repeated request answers the stored 201 with Idempotent-Replayed
     * and charges nothing again.
     */
    @Test
    void rule8EveryMembersOrderIsChargedOnceAndAReplayChargesNothingAgain() {
        ObjectNode body = household();
        String idempotencyKey = UUID.randomUUID().toString();

        ApiResponse created = Households.post(key, body, idempotencyKey).send();

        assertThat(created.status()).isEqualTo(201);
        JsonNode application = created.json();
        assertThat(application.get("live_mode").asBoolean()).isTrue();
        List<String> orderIds = application.get("members").findValuesAsText("order_id");
        assertThat(orderIds).hasSize(3).doesNotHaveDuplicates();
        assertThat(chargedOrders()).containsExactlyInAnyOrderElementsOf(orderIds);
        for (String orderId : orderIds) {
            assertThat(Api.get("/orders/" + orderId).key(key).send().json().get("rental_application_id").asText())
                    .isEqualTo(application.get("id").asText());
        }

        ApiResponse replayed = Households.post(key, body, idempotencyKey).send();

        assertThat(replayed.status()).isEqualTo(201);
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayed.json()).isEqualTo(application);
        assertThat(count("charges")).isEqualTo(3);
        assertThat(count("builtin_gateway_payments")).as("payments the gateway made").isEqualTo(3);
        assertThat(count("rental_applications")).isEqualTo(1);
    }

    /**
     * POST /rental_applications, rule 7: the key space is shared with POST /orders, so a key
     * used for an order and then for an application is another request: 422 on the header.
     */
    @Test
    void rule7AKeyUsedForAnOrderIsRefusedForAnApplication() {
        String idempotencyKey = UUID.randomUUID().toString();
        assertThat(OrderRequests.post(key, OrderRequests.body(), idempotencyKey).send().status()).isEqualTo(201);

        ApiResponse response = Households.post(key, household(), idempotencyKey).send();

        assertThat(response.assertValidationErrors().get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        assertThat(count("rental_applications")).isZero();
        assertThat(count("charges")).as("the order's charge alone").isEqualTo(1);
    }

    /**
     * POST /rental_applications, rule 8: a refused card is the 402 of the refusal, and
     * nothing is created (no application, order, applicant or property); the refused attempt
     * is the only charge kept, none succeeded. Rule 7: the 402 is replayed.
     */
    @Test
    void rule8ADeclinedCardIs402AndCreatesNothing() {
        tenant.billing(PaymentMethod.DECLINED, false);
        ObjectNode body = household();
        String idempotencyKey = UUID.randomUUID().toString();

        Households.post(key, body, idempotencyKey).send().assertError(402, "card_declined");

        for (String table : List.of("rental_applications", "orders", "applicants", "properties")) {
            assertThat(count(table)).as(table).isZero();
        }
        assertThat(TestDatabase.rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant.id()))
                .as("the refused attempt, kept for the books; the other members' charges were never asked")
                .containsExactly(Arrays.asList("refused", null));
        ApiResponse replayed = Households.post(key, body, idempotencyKey).send();
        replayed.assertError(402, "card_declined");
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    }

    /**
     * POST /rental_applications, rule 9: a 404 for a member's terms (an unknown property)
     * charges nothing and keeps nothing, not even the key, which then serves a request that
     * succeeds.
     */
    @Test
    void rule9ARequestRefusedBeforeChargingChargesNothingAndFreesItsKey() {
        ObjectNode unknownProperty = household();
        application(unknownProperty).remove("property");
        application(unknownProperty).put("property_id", "pr_live_unknown");
        String idempotencyKey = UUID.randomUUID().toString();

        Households.post(key, unknownProperty, idempotencyKey).send().assertError(404, "not_found_error");

        assertThat(count("charges")).isZero();
        assertThat(Households.post(key, household(), idempotencyKey).send().status()).isEqualTo(201);
    }

    /**
     * POST /rental_applications/{id}/members, rules 3, 4 and 5: the new member's order is
     * charged once, with one rental_application.member_added event; a repeated request
     * replays the 201 and charges and emits nothing again.
     */
    @Test
    void addMemberRule3TheNewMembersOrderIsChargedOnce() {
        String id = Households.created(key, member(Households.body(), "applicant", "jamie", null)).get("id").asText();
        String idempotencyKey = UUID.randomUUID().toString();
        String added = Households.memberInput("guarantor", "ana", null).toString();

        ApiResponse response = addMember(id, added, idempotencyKey);

        assertThat(response.status()).isEqualTo(201);
        JsonNode members = response.json().get("members");
        assertThat(members).hasSize(2);
        assertThat(members.get(1).get("role").asText()).isEqualTo("guarantor");
        List<String> orderIds = members.findValuesAsText("order_id");
        assertThat(chargedOrders()).containsExactlyInAnyOrderElementsOf(orderIds);

        ApiResponse replayed = addMember(id, added, idempotencyKey);

        assertThat(replayed.status()).isEqualTo(201);
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayed.json()).isEqualTo(response.json());
        assertThat(count("charges")).isEqualTo(2);
        assertThat(count("orders")).isEqualTo(2);
        assertThat(HouseholdSteps.eventTypes(key, id)).containsExactly("rental_application.member_added");
    }

    /**
     * POST /rental_applications/{id}/members, rule 1: a member who repeats one of the
     * application's (the same email) is 422 at its pointer, checked before anything is charged.
     */
    @Test
    void addMemberRule1ARepeatedPersonIsRefusedBeforeAnythingIsCharged() {
        String id = Households.created(key, member(Households.body(), "applicant", "jamie", null)).get("id").asText();

        ApiResponse response = addMember(id, Households.memberInput("guarantor", "JAMIE", null).toString(),
                UUID.randomUUID().toString());

        assertThat(response.assertValidationErrors().get(0).get("source").get("pointer").asText())
                .isEqualTo("/member/applicant/email");
        assertThat(count("charges")).isEqualTo(1);
        assertThat(count("orders")).isEqualTo(1);
    }

    /** POST /rental_applications/{id}/members, rule 3: a refused card is the 402, and nothing is added. */
    @Test
    void addMemberRule3ADeclinedCardAddsNothing() {
        String id = Households.created(key, member(Households.body(), "applicant", "jamie", null)).get("id").asText();
        tenant.billing(PaymentMethod.DECLINED, false);

        addMember(id, Households.memberInput("guarantor", "ana", null).toString(), UUID.randomUUID().toString())
                .assertError(402, "card_declined");

        assertThat(Households.get(key, id).get("members")).hasSize(1);
        assertThat(count("orders")).isEqualTo(1);
        assertThat(count("applicants")).isEqualTo(1);
        assertThat(TestDatabase.rows("SELECT status FROM charges WHERE organization_id = ? ORDER BY created_at", tenant.id()))
                .containsExactly(List.of("succeeded"), List.of("refused"));
    }

    /** A household of three with new applicants: an applicant, a co-applicant and a guarantor. */
    private static ObjectNode household() {
        ObjectNode body = Households.body();
        member(body, "applicant", "jamie", null);
        member(body, "co_applicant", "sam", null);
        member(body, "guarantor", "ana", null);
        return body;
    }

    private ApiResponse addMember(String id, String member, String idempotencyKey) {
        return Api.post("/rental_applications/" + id + "/members").key(key).header("Idempotency-Key", idempotencyKey)
                .json("{\"member\": " + member + "}").send();
    }

    /** The orders of the succeeded charges, one element per charge. */
    private List<Object> chargedOrders() {
        return TestDatabase.rows("SELECT order_id FROM charges WHERE organization_id = ? AND status = 'succeeded'", tenant.id())
                .stream().map(row -> row.get(0)).toList();
    }

    private long count(String table) {
        return TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id());
    }
}
