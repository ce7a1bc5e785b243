package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Screenings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.tenantscreening.conformance.households.HouseholdSteps.add;
import static io.tenantscreening.conformance.households.HouseholdSteps.cancel;
import static io.tenantscreening.conformance.households.HouseholdSteps.eventTypes;
import static io.tenantscreening.conformance.households.HouseholdSteps.events;
import static io.tenantscreening.conformance.households.HouseholdSteps.orders;
import static io.tenantscreening.conformance.households.HouseholdSteps.remove;
import static io.tenantscreening.conformance.households.HouseholdSteps.status;
import static io.tenantscreening.conformance.households.HouseholdSteps.waitingInput;
import static io.tenantscreening.conformance.households.HouseholdSteps.waitingMember;
import static io.tenantscreening.conformance.support.Households.member;
import static io.tenantscreening.conformance.support.Households.memberInput;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adding a member in test mode (POST /rental_applications/{id}/members, rules 1 to 4) and
 * removing one (POST /rental_applications/{id}/members/{order_id}/remove, rules 1 to 4), with
 * what they do to the application's state (openapi.yaml, Households under Rental applications).
 */
@ExtendWith(FreshTenants.class)
class RentalApplicationMembersTest {

    @Fresh
    private String key;

    /**
     * POST /rental_applications/{id}/members, rules 3 and 4: the new member comes last with an
     * order of the application's terms; a completed application collects again until that
     * order completes, then completes again with a second rental_application.completed event.
     */
    @Test
    void addingAMemberToACompletedApplicationCollectsUntilItsOrderCompletes() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        Households.application(body).put("monthly_rent", 180000);
        String id = Households.created(key, body).get("id").asText();
        Households.awaitStatus(key, id, "completed");

        ApiResponse response = add(key, id, memberInput("guarantor", "ana", null));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode added = response.json();
        assertThat(added.get("status").asText()).isEqualTo("collecting");
        assertThat(added.get("completed_at").isNull()).isTrue();
        assertThat(added.get("members")).hasSize(2);
        JsonNode newMember = added.get("members").get(1);
        assertThat(newMember.get("role").asText()).isEqualTo("guarantor");
        JsonNode order = Screenings.awaitStatus(key, newMember.get("order_id").asText(), "completed");
        assertThat(order.get("rental_application_id").asText()).isEqualTo(id);
        assertThat(order.get("monthly_rent").asLong()).isEqualTo(180000);
        JsonNode completed = Households.awaitStatus(key, id, "completed");
        assertThat(completed.get("completed_at").isNull()).isFalse();
        List<JsonNode> events = events(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("rental_application.completed",
                "rental_application.member_added", "rental_application.completed");
        assertThat(events.get(1).get("data").get("object")).isEqualTo(added);
        assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("completed");
        assertThat(events.get(2).get("data").get("previous_status").asText()).isEqualTo("collecting");
    }

    /** POST /rental_applications/{id}/members, rule 2: a canceled application takes no member; 422 on id. */
    @Test
    void aCanceledApplicationTakesNoMember() {
        String id = Households.created(key, waitingMember(Households.body(), "applicant", "jamie")).get("id").asText();
        cancel(key, id);

        JsonNode refused = add(key, id, memberInput("guarantor", "ana", null)).assertError(422, "validation_error");

        assertThat(refused.get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(Households.get(key, id).get("members")).hasSize(1);
        assertThat(add(key, "rap_test_unknown", memberInput("guarantor", "ana", null)).status()).isEqualTo(404);
    }

    /** POST /rental_applications/{id}/members, rule 2: ten members, removed ones included, are the most. */
    @Test
    void anApplicationHasTenMembersAtMost() {
        ObjectNode body = waitingMember(Households.body(), "applicant", "m0");
        for (int i = 1; i < 10; i++) {
            waitingMember(body, "co_applicant", "m" + i);
        }
        JsonNode created = Households.created(key, body);
        String id = created.get("id").asText();
        assertThat(remove(key, id, orders(created).get(9)).status()).isEqualTo(200);

        JsonNode refused = add(key, id, waitingInput("guarantor", "ana")).assertError(422, "validation_error");

        assertThat(refused.get("source").get("pointer").asText()).isEqualTo("/member");
        assertThat(Households.get(key, id).get("members")).hasSize(10);
        assertThat(eventTypes(key, id)).isEmpty();
    }

    /**
     * POST /rental_applications/{id}/members, rule 1: a member already in the application
     * (the same email in another case, or the same applicant) is refused at the member.
     */
    @Test
    void theSamePersonIsNotAddedTwice() {
        ObjectNode body = waitingMember(Households.body(), "applicant", "jamie");
        JsonNode created = Households.created(key, body);
        String id = created.get("id").asText();
        String email = Households.application(body).get("members").get(0).get("applicant").get("email").asText();
        ObjectNode again = waitingInput("guarantor", "ana");
        ((ObjectNode) again.get("applicant")).put("email", email.toUpperCase());

        JsonNode byEmail = add(key, id, again).assertValidationErrors();

        assertThat(byEmail.get(0).get("source").get("pointer").asText()).isEqualTo("/member/applicant/email");
        ObjectNode sameApplicant = Households.memberInput("guarantor", "ana", null);
        sameApplicant.remove("applicant");
        sameApplicant.put("applicant_id", created.get("members").get(0).get("applicant_id").asText());
        JsonNode byId = add(key, id, sameApplicant).assertValidationErrors();
        assertThat(byId.get(0).get("source").get("pointer").asText()).isEqualTo("/member/applicant_id");
        assertThat(Households.get(key, id).get("members")).hasSize(1);
        assertThat(eventTypes(key, id)).isEmpty();
    }

    /**
     * POST /rental_applications/{id}/members/{order_id}/remove, rules 1 and 2: the member stays
     * listed with removed_at, its waiting order is canceled; removing it again is 422 on
     * order_id; an order that is not a member is 404.
     */
    @Test
    void aRemovedMemberStaysListedAndItsOrderIsCanceled() {
        JsonNode created = Households.created(key, waitingMember(waitingMember(Households.body(), "applicant", "jamie"),
                "guarantor", "ana"));
        String id = created.get("id").asText();
        String guarantor = orders(created).get(1);

        ApiResponse response = remove(key, id, guarantor);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode removed = response.json();
        assertThat(removed.get("status").asText()).isEqualTo("collecting");
        assertThat(removed.get("members")).hasSize(2);
        assertThat(removed.get("members").get(1).get("removed_at").isNull()).isFalse();
        assertThat(removed.get("members").get(1).get("order_status").asText()).isEqualTo("canceled");
        assertThat(removed.get("members").get(0).get("removed_at").isNull()).isTrue();
        assertThat(status(key, guarantor)).isEqualTo("canceled");
        assertThat(Screenings.eventsOf(key, guarantor)).extracting(event -> event.get("type").asText())
                .containsExactly("order.canceled");

        JsonNode twice = remove(key, id, guarantor).assertError(422, "validation_error");
        assertThat(twice.get("source").get("parameter").asText()).isEqualTo("order_id");
        String stranger = OrderRequests.placed(key, OrderRequests.body());
        remove(key, id, stranger).assertError(404, "not_found_error");
        remove(key, id, "ord_test_unknown").assertError(404, "not_found_error");
        remove(key, "rap_test_unknown", guarantor).assertError(404, "not_found_error");
        assertThat(Households.get(key, id)).isEqualTo(removed);
        assertThat(eventTypes(key, id)).isEmpty();
    }

    /**
     * POST /rental_applications/{id}/members/{order_id}/remove, rule 3: the last counted
     * applicant or co-applicant is not removed (422 on order_id); a guarantor does not count
     * as one.
     */
    @Test
    void theLastCountedApplicantIsNotRemoved() {
        JsonNode created = Households.created(key, waitingMember(waitingMember(waitingMember(Households.body(), "applicant",
                "jamie"), "co_applicant", "sam"), "guarantor", "ana"));
        String id = created.get("id").asText();
        List<String> orders = orders(created);
        assertThat(remove(key, id, orders.get(1)).status()).isEqualTo(200);

        JsonNode refused = remove(key, id, orders.get(0)).assertError(422, "validation_error");

        assertThat(refused.get("source").get("parameter").asText()).isEqualTo("order_id");
        assertThat(status(key, orders.get(0))).isEqualTo("waiting_for_applicant");
        assertThat(Households.get(key, id).get("members").get(0).get("removed_at").isNull()).isTrue();
    }

    /**
     * POST /rental_applications/{id}/members/{order_id}/remove, rules 1 and 4: removing the
     * last member whose order was not completed completes the application in the same
     * request, with its event; the completed order keeps its report.
     */
    @Test
    void removingTheLastPendingMemberCompletesTheApplication() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        waitingMember(body, "co_applicant", "sam");
        JsonNode created = Households.created(key, body);
        String id = created.get("id").asText();
        List<String> orders = orders(created);
        Screenings.awaitStatus(key, orders.get(0), "completed");

        JsonNode completed = remove(key, id, orders.get(1)).json();

        assertThat(completed.get("status").asText()).isEqualTo("completed");
        assertThat(completed.get("completed_at").isNull()).isFalse();
        assertThat(completed.get("members").get(1).get("removed_at").isNull()).isFalse();
        List<JsonNode> events = events(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("rental_application.completed");
        assertThat(events.get(0).get("data").get("object")).isEqualTo(completed);
        Screenings.report(key, orders.get(0));
    }

    /** POST /rental_applications/{id}/members/{order_id}/remove, rule 2: no member of a canceled application is removed; 422 on id. */
    @Test
    void noMemberOfACanceledApplicationIsRemoved() {
        JsonNode created = Households.created(key, waitingMember(waitingMember(Households.body(), "applicant", "jamie"),
                "guarantor", "ana"));
        String id = created.get("id").asText();
        cancel(key, id);

        JsonNode refused = remove(key, id, orders(created).get(1)).assertError(422, "validation_error");

        assertThat(refused.get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(Households.get(key, id).get("members").get(1).get("removed_at").isNull()).isTrue();
    }
}
