package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.Screenings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.tenantscreening.conformance.households.HouseholdSteps.cancel;
import static io.tenantscreening.conformance.households.HouseholdSteps.cancelOrder;
import static io.tenantscreening.conformance.households.HouseholdSteps.eventTypes;
import static io.tenantscreening.conformance.households.HouseholdSteps.events;
import static io.tenantscreening.conformance.households.HouseholdSteps.orders;
import static io.tenantscreening.conformance.households.HouseholdSteps.status;
import static io.tenantscreening.conformance.households.HouseholdSteps.waitingMember;
import static io.tenantscreening.conformance.support.Households.member;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rental application's states (openapi.yaml, Households under Rental applications): it
 * completes with its members' orders, is canceled when no applicant or co-applicant counts
 * any more or by POST /rental_applications/{id}/cancel, rules 1 to 3, each change with its
 * rental_application.* event (EventType, EventData), which exist from 2026-11-28 only.
 */
@ExtendWith(FreshTenants.class)
class RentalApplicationLifecycleTest {

    private static final String VERSION = "Service-Tenant-Version";

    @Fresh
    private String key;

    /**
     * Households: when every counted member's order is completed the application is
     * completed, with one rental_application.completed event whose object is the application.
     */
    @Test
    void anApplicationCompletesWhenEveryMembersOrderCompletes() {
        JsonNode created = Households.created(key, member(member(member(Households.body(), "applicant", "jamie", null),
                "co_applicant", "sam", null), "guarantor", "ana", null));
        String id = created.get("id").asText();

        JsonNode completed = Households.awaitStatus(key, id, "completed");

        assertThat(completed.get("completed_at").isNull()).isFalse();
        assertThat(completed.get("canceled_at").isNull()).isTrue();
        assertThat(completed.get("members").findValuesAsText("order_status")).containsOnly("completed");
        for (String order : orders(created)) {
            assertThat(status(key, order)).isEqualTo("completed");
        }
        List<JsonNode> events = events(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("rental_application.completed");
        JsonNode data = events.get(0).get("data");
        assertThat(data.get("object")).isEqualTo(Households.get(key, id));
        assertThat(data.get("object").get("object").asText()).isEqualTo("rental_application");
        assertThat(data.get("previous_status").asText()).isEqualTo("collecting");
        assertThat(Api.get("/events/" + events.get(0).get("id").asText()).key(key).send().json()).isEqualTo(events.get(0));
    }

    /**
     * Households: a member whose order is canceled no longer counts. While another counted
     * member's order waits, the application keeps collecting; once every counted member's
     * order is completed it completes.
     */
    @Test
    void aCanceledMemberNeitherCompletesTheApplicationEarlyNorHoldsItBack() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        waitingMember(body, "co_applicant", "sam");
        waitingMember(body, "guarantor", "ana");
        JsonNode created = Households.created(key, body);
        String id = created.get("id").asText();
        List<String> orders = orders(created);
        Screenings.awaitStatus(key, orders.get(0), "completed");

        cancelOrder(key, orders.get(2));

        JsonNode collecting = Households.get(key, id);
        assertThat(collecting.get("status").asText()).isEqualTo("collecting");
        assertThat(collecting.get("members").get(2).get("order_status").asText()).isEqualTo("canceled");
        assertThat(eventTypes(key, id)).isEmpty();

        cancelOrder(key, orders.get(1));

        JsonNode completed = Households.get(key, id);
        assertThat(completed.get("status").asText()).isEqualTo("completed");
        assertThat(completed.get("completed_at").isNull()).isFalse();
        assertThat(eventTypes(key, id)).containsExactly("rental_application.completed");
    }

    /**
     * Households: when the orders of every applicant and co-applicant are canceled the
     * application is canceled, with its rental_application.canceled event; a guarantor's
     * completed order does not keep it.
     */
    @Test
    void anApplicationWithoutCountedApplicantsIsCanceled() {
        ObjectNode body = Households.body();
        waitingMember(body, "applicant", "jamie");
        waitingMember(body, "co_applicant", "sam");
        member(body, "guarantor", "ana", null);
        JsonNode created = Households.created(key, body);
        String id = created.get("id").asText();
        List<String> orders = orders(created);
        Screenings.awaitStatus(key, orders.get(2), "completed");

        cancelOrder(key, orders.get(0));
        assertThat(Households.get(key, id).get("status").asText()).isEqualTo("collecting");
        cancelOrder(key, orders.get(1));

        JsonNode canceled = Households.get(key, id);
        assertThat(canceled.get("status").asText()).isEqualTo("canceled");
        assertThat(canceled.get("canceled_at").isNull()).isFalse();
        assertThat(canceled.get("completed_at").isNull()).isTrue();
        List<JsonNode> events = events(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("rental_application.canceled");
        assertThat(events.get(0).get("data").get("object")).isEqualTo(canceled);
        assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("collecting");
        assertThat(status(key, orders.get(2))).isEqualTo("completed");
    }

    /**
     * POST /rental_applications/{id}/cancel, rules 1 and 2: the application and every member's
     * order still waiting or pending are canceled, each order with its order.canceled event; a
     * completed order keeps its report; one rental_application.canceled event; a second cancel
     * is 422 on id and changes nothing.
     */
    @Test
    void cancelingCancelsTheApplicationAndTheOrdersThatCanStillBeCanceled() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        waitingMember(body, "co_applicant", "sam");
        waitingMember(body, "guarantor", "ana");
        JsonNode created = Households.created(key, body);
        String id = created.get("id").asText();
        List<String> orders = orders(created);
        Screenings.awaitStatus(key, orders.get(0), "completed");

        ApiResponse response = cancel(key, id);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode canceled = response.json();
        assertThat(canceled.get("status").asText()).isEqualTo("canceled");
        assertThat(canceled.get("canceled_at").isNull()).isFalse();
        assertThat(canceled.get("members").findValuesAsText("order_status")).containsExactly("completed", "canceled", "canceled");
        assertThat(status(key, orders.get(0))).isEqualTo("completed");
        Screenings.report(key, orders.get(0));
        for (String order : orders.subList(1, 3)) {
            assertThat(status(key, order)).isEqualTo("canceled");
            assertThat(Screenings.eventsOf(key, order)).extracting(event -> event.get("type").asText()).containsExactly("order.canceled");
        }
        List<JsonNode> events = events(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("rental_application.canceled");
        assertThat(events.get(0).get("data").get("object")).isEqualTo(canceled);
        assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("collecting");

        JsonNode again = cancel(key, id).assertError(422, "validation_error");

        assertThat(again.get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(eventTypes(key, id)).containsExactly("rental_application.canceled");
        assertThat(Households.get(key, id)).isEqualTo(canceled);
    }

    /** POST /rental_applications/{id}/cancel, rule 1: a completed application can be canceled; its orders keep their reports. */
    @Test
    void aCompletedApplicationCanBeCanceled() {
        String id = Households.created(key, member(Households.body(), "applicant", "jamie", null)).get("id").asText();
        JsonNode completed = Households.awaitStatus(key, id, "completed");

        JsonNode canceled = cancel(key, id).json();

        assertThat(canceled.get("status").asText()).isEqualTo("canceled");
        assertThat(canceled.get("completed_at")).isEqualTo(completed.get("completed_at"));
        Screenings.report(key, orders(completed).get(0));
        List<JsonNode> events = events(key, id);
        assertThat(events).extracting(event -> event.get("type").asText())
                .containsExactly("rental_application.completed", "rental_application.canceled");
        assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("completed");
        assertThat(cancel(key, "rap_test_unknown").status()).isEqualTo(404);
    }

    /**
     * Households: each change of state is checked under a lock of the application, so the
     * last two members' orders completing at once give one rental_application.completed
     * event (the two completions run in two transactions of their own, as on two instances).
     */
    @Test
    void theLastTwoOrdersCompletingAtOnceCompleteTheApplicationOnce() throws Exception {
        for (int round = 0; round < 4; round++) {
            JsonNode created = Households.created(key, waitingMember(waitingMember(Households.body(), "applicant", "jamie"),
                    "co_applicant", "sam"));
            String id = created.get("id").asText();
            List<String> orders = orders(created);
            orders.forEach(order -> Screenings.submit(key, order));

            Concurrently.send(2, client -> Api.post("/test_helpers/orders/" + orders.get(client) + "/complete").key(key).send());

            Households.awaitStatus(key, id, "completed");
            assertThat(eventTypes(key, id)).as("round %d", round).containsExactly("rental_application.completed");
        }
    }

    /**
     * POST /rental_applications/{id}/cancel, rules 1 and 3, racing the completion of the last
     * member's order: the cancel always succeeds; either the order completed first (the
     * application completed, then canceled from completed) or it was canceled with the
     * application (one rental_application.canceled event); never both nor a failure.
     */
    @Test
    void aCancelRacingTheLastCompletionLeavesOneConsistentHistory() throws Exception {
        for (int round = 0; round < 4; round++) {
            JsonNode created = Households.created(key, waitingMember(Households.body(), "applicant", "jamie"));
            String id = created.get("id").asText();
            String order = orders(created).get(0);
            Screenings.submit(key, order);

            List<ApiResponse> answers = Concurrently.send(2, client -> client == 0 ? cancel(key, id)
                    : Api.post("/test_helpers/orders/" + order + "/complete").key(key).send());

            assertThat(answers.get(0).status()).as(answers.get(0).body()).isEqualTo(200);
            assertThat(answers.get(1).status()).as(answers.get(1).body()).isIn(200, 422);
            String orderStatus = status(key, order);
            assertThat(Households.get(key, id).get("status").asText()).isEqualTo("canceled");
            if (orderStatus.equals("completed")) {
                List<JsonNode> events = events(key, id);
                assertThat(events).extracting(event -> event.get("type").asText())
                        .containsExactly("rental_application.completed", "rental_application.canceled");
                assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("completed");
            } else {
                assertThat(orderStatus).isEqualTo("canceled");
                assertThat(eventTypes(key, id)).as("round %d", round).containsExactly("rental_application.canceled");
            }
        }
    }

    /**
     * openapi.yaml#versioning, GET /events rules 3 and 4: under an older version the
     * rental_application.* events are neither listed nor found, and their type is refused.
     */
    @ParameterizedTest
    @ValueSource(strings = {"2026-11-25", "2026-04-29"})
    void underAnOlderVersionRentalApplicationEventsDoNotExist(String older) {
        String id = Households.created(key, member(Households.body(), "applicant", "jamie", null)).get("id").asText();
        Households.awaitStatus(key, id, "completed");
        JsonNode event = events(key, id).get(0);

        JsonNode listed = Api.get("/events?per_page=100").key(key).header(VERSION, older).send().json();

        assertThat(listed.get("data")).isNotEmpty()
                .noneSatisfy(each -> assertThat(each.get("type").asText()).startsWith("rental_application."));
        assertThat(listed.get("count").asLong()).isEqualTo(listed.get("data").size());
        Api.get("/events/" + event.get("id").asText()).key(key).header(VERSION, older).send().assertError(404, "not_found_error");
        JsonNode refused = Api.get("/events?type=rental_application.completed").key(key).header(VERSION, older).send()
                .assertValidationErrors();
        assertThat(refused.get(0).get("source").get("parameter").asText()).isEqualTo("type");
        JsonAssertions.assertDetailMentions(refused.get(0), "API version " + older);
        JsonNode newest = Api.get("/events?type=rental_application.completed").key(key).header(VERSION, "2026-11-28").send().json();
        assertThat(newest.get("data")).hasSize(1);
    }
}
