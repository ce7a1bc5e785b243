package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.awaitStatus;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The states of an order and their transitions (openapi.yaml#orders-and-their-states,
 * docs/integrators.md#order-lifecycle): the state machine, its final states, the audit row
 * and the event of every transition (docs/integrators.md#events,
 * docs/design.md#order-lifecycle-and-screening); reports produced asynchronously, from
 * canned answers in test mode, where ordinary test orders complete on their own after
 * TEST_SCREENING_DELAY, the applicant-experience profile waits for its applicant, and the
 * test helpers move test orders on (docs/integrators.md#test-mode); cancelling,
 * POST /orders/{id}/cancel, rules 1 to 3; another organisation's or mode's order is 404 and
 * a read_only key 403 (openapi.yaml#authentication).
 */
@ExtendWith(FreshTenants.class)
class OrderLifecycleTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * docs/integrators.md#test-mode: an ordinary test order is pending at once and completes
     * with its canned report after TEST_SCREENING_DELAY (docs/operators.md#orders-and-screening);
     * its events count from 1, the first with previous_status null
     * (docs/integrators.md#order-lifecycle, docs/integrators.md#events).
     */
    @Test
    void anOrdinaryTestOrderIsPendingAtOnceAndCompletesOnItsOwnWithItsReportAndEvents() {
        String id = placed(key, body());

        JsonNode completed = awaitStatus(key, id, "completed");

        Instant created = Instant.parse(completed.get("created_at").asText());
        Instant done = Instant.parse(completed.get("completed_at").asText());
        assertThat(Duration.between(created, done)).as("the configured delay of a test order (1 s)")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(completed.get("canceled_at").isNull()).isTrue();
        JsonNode report = Screenings.report(key, id);
        assertThat(report.get("completed_at").asText()).isEqualTo(completed.get("completed_at").asText());
        assertThat(report.get("provider").asText()).isEqualTo("test");

        List<JsonNode> orderEvents = eventsOf(key, id);
        assertThat(orderEvents).extracting(event -> event.get("type").asText()).containsExactly("order.pending", "order.completed");
        assertThat(orderEvents).extracting(event -> event.get("sequence").asLong()).containsExactly(1L, 2L);
        assertThat(orderEvents.get(0).get("data").get("previous_status").isNull()).as("created pending").isTrue();
        assertThat(orderEvents.get(1).get("data").get("previous_status").asText()).isEqualTo("pending");
        assertThat(orderEvents.get(1).get("data").get("object")).as("the order as GET /orders/{id} shows it")
                .isEqualTo(Api.get("/orders/" + id).key(key).send().json());
        assertThat(orderEvents).allSatisfy(event -> assertThat(event.get("id").asText()).startsWith("evt_test_"));
        List<JsonNode> reportEvents = eventsOf(key, report.get("id").asText());
        assertThat(reportEvents).extracting(event -> event.get("type").asText()).containsExactly("report.completed");
        assertThat(reportEvents.get(0).get("sequence").asLong()).isEqualTo(1);
        assertThat(reportEvents.get(0).get("data").get("object")).isEqualTo(report);
        assertThat(Screenings.transitions(id)).containsExactly(Arrays.asList(null, "pending", "api"), List.of("pending", "completed", "screening"));
    }

    /** docs/integrators.md#test-mode: the apply-flow profile waits for its applicant, then goes on as any test order. */
    @Test
    void theApplicantExperienceProfileWaitsUntilSubmittedThenCompletesOnItsOwn() {
        String id = placed(key, walkingApplicant());
        assertThat(screeningScheduled(id)).as("nothing to screen while waiting").isFalse();

        JsonNode submitted = Screenings.submit(key, id);

        assertThat(submitted.get("status").asText()).isEqualTo("pending");
        assertThat(submitted.get("application_url").isNull()).as("application_url is null once pending").isTrue();
        awaitStatus(key, id, "completed");
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("order.pending", "order.completed");
        assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(Screenings.transitions(id)).containsExactly(Arrays.asList(null, "waiting_for_applicant", "api"),
                List.of("waiting_for_applicant", "pending", "test_helper"), List.of("pending", "completed", "screening"));
    }

    /** docs/integrators.md#test-mode: the complete helper completes a pending test order at once with its canned report. */
    @Test
    void completeMakesTheCannedReportAtOnceAndEmitsBothEvents() {
        String id = placed(key, body());

        JsonNode completed = Screenings.complete(key, id);

        assertThat(Screenings.transitions(id).get(1)).isEqualTo(List.of("pending", "completed", "test_helper"));

        assertThat(completed.get("status").asText()).isEqualTo("completed");
        assertThat(completed.get("completed_at").asText()).isNotBlank();
        JsonNode report = Screenings.report(key, id);
        assertThat(eventsOf(key, report.get("id").asText())).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed");
        assertThat(eventsOf(key, id)).extracting(event -> event.get("type").asText()).containsExactly("order.pending", "order.completed");
    }

    /** docs/integrators.md#test-mode: complete needs a pending order, so a waiting one is 422 until submitted. */
    @Test
    void completeIs422ForAWaitingOrderUntilItIsSubmitted() {
        String id = placed(key, walkingApplicant());

        JsonNode errors = Api.post("/test_helpers/orders/" + id + "/complete").key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(errors.get(0).get("detail").asText()).contains("waiting_for_applicant").contains("submit it first");
        Screenings.submit(key, id);
        assertThat(Screenings.complete(key, id).get("status").asText()).isEqualTo("completed");
    }

    /** docs/integrators.md#test-mode: the test helpers refuse every other state with 422. */
    @Test
    void theTestHelpersRefuseEveryOtherState() {
        String completed = placed(key, body());
        Screenings.complete(key, completed);
        String canceled = placed(key, body());
        Api.post("/orders/" + canceled + "/cancel").key(key).send();
        String pending = placed(key, body());

        for (String id : List.of(completed, canceled, pending)) {
            Api.post("/test_helpers/orders/" + id + "/submit").key(key).send().assertValidationErrors();
        }
        for (String id : List.of(completed, canceled)) {
            Api.post("/test_helpers/orders/" + id + "/complete").key(key).send().assertValidationErrors();
        }
        assertThat(Api.get("/orders/" + pending).key(key).send().json().get("status").asText()).isEqualTo("pending");
    }

    /** docs/integrators.md#test-mode: with a live key the test helpers' paths are 404. */
    @Test
    void forALiveKeyTheTestHelpersDoNotExist() {
        tenant.billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String live = placed(liveKey, body());

        for (String helper : List.of("submit", "complete")) {
            String path = "/test_helpers/orders/" + live + "/" + helper;
            ApiResponse response = Api.post(path).key(liveKey).send();

            response.assertError(404, "not_found_error");
            assertThat(response.json().get("errors").get(0).get("detail").asText())
                    .isEqualTo("No resource matches POST " + path + ". See GET /openapi.yaml for the routes this API serves.");
        }
        assertThat(Api.get("/orders/" + live).key(liveKey).send().json().get("status").asText()).isEqualTo("waiting_for_applicant");
    }

    /** openapi.yaml#authentication: another organisation's order is 404, and a read_only key may only GET. */
    @Test
    void theTestHelpersScopeByOrganisationAndNeedAFullKey() {
        String foreign = placed(TestTenant.create().testKey(), walkingApplicant());
        String own = placed(key, walkingApplicant());
        String readOnly = tenant.key(Mode.TEST, Scope.READ_ONLY).secret();

        Api.post("/test_helpers/orders/" + foreign + "/submit").key(key).send().assertError(404, "not_found_error");
        Api.post("/test_helpers/orders/" + foreign + "/complete").key(key).send().assertError(404, "not_found_error");
        Api.post("/test_helpers/orders/" + own + "/submit").key(readOnly).send().assertError(403, "forbidden");
        Api.post("/test_helpers/orders/" + own + "/complete").key(readOnly).send().assertError(403, "forbidden");
    }

    /** POST /orders/{id}/cancel, rule 1, with the audit row of docs/integrators.md#order-lifecycle. */
    @Test
    void cancelingAWaitingOrderEndsItsApplicationUrlAndIsKeptForAudit() {
        String id = placed(key, walkingApplicant());

        ApiResponse canceled = Api.post("/orders/" + id + "/cancel").key(key).send();

        assertThat(canceled.status()).isEqualTo(200);
        JsonNode order = canceled.json();
        assertThat(order.get("status").asText()).isEqualTo("canceled");
        assertThat(order.get("canceled_at").asText()).isNotBlank();
        assertThat(order.get("completed_at").isNull()).isTrue();
        assertThat(order.get("application_url").isNull()).isTrue();
        assertThat(Screenings.transitions(id)).containsExactly(Arrays.asList(null, "waiting_for_applicant", "api"),
                List.of("waiting_for_applicant", "canceled", "api"));
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("order.canceled");
        assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(events.get(0).get("data").get("object")).isEqualTo(order);
    }

    /** POST /orders/{id}/cancel, rule 1: the screening under way stops and no report is produced. */
    @Test
    void cancelingAPendingOrderStopsItsScreening() {
        String id = placed(key, body());

        JsonNode order = Api.post("/orders/" + id + "/cancel").key(key).send().json();

        assertThat(order.get("status").asText()).isEqualTo("canceled");
        Screenings.awaitNumber("screening work left for the canceled order", 0,
                "SELECT count(*) FROM scheduled_tasks WHERE task_name = 'screen-order' AND task_instance = ?", id);
        assertThat(Api.get("/orders/" + id).key(key).send().json().get("status").asText()).isEqualTo("canceled");
        Api.get("/orders/" + id + "/report").key(key).send().assertError(404, "not_found_error");
        assertThat(TestDatabase.number("SELECT count(*) FROM screening_checks WHERE order_id = ?", id))
                .as("no provider was asked").isZero();
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("order.pending", "order.canceled");
        assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("pending");
        assertThat(events.get(1).get("sequence").asLong()).isEqualTo(2);
    }

    /** POST /orders/{id}/cancel, rule 1, in live mode; its events have live ids (openapi.yaml#ids-and-timestamps). */
    @Test
    void aLiveOrderWaitingForItsApplicantCanBeCanceled() {
        tenant.billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String id = placed(liveKey, body());

        JsonNode order = Api.post("/orders/" + id + "/cancel").key(liveKey).send().json();

        assertThat(order.get("status").asText()).isEqualTo("canceled");
        assertThat(order.get("live_mode").asBoolean()).isTrue();
        assertThat(eventsOf(liveKey, id)).extracting(event -> event.get("id").asText())
                .allSatisfy(eventId -> assertThat(eventId).startsWith("evt_").doesNotStartWith("evt_test_"));
    }

    /** POST /orders/{id}/cancel, rule 2. */
    @Test
    void cancelingAFinalOrderIs422OnTheId() {
        String completed = placed(key, body());
        Screenings.complete(key, completed);
        String canceled = placed(key, body());
        Api.post("/orders/" + canceled + "/cancel").key(key).send();

        for (String id : List.of(completed, canceled)) {
            JsonNode errors = Api.post("/orders/" + id + "/cancel").key(key).send().assertValidationErrors();

            assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
            assertThat(errors.get(0).get("detail").asText()).contains("can no longer be canceled");
        }
        assertThat(Api.get("/orders/" + completed).key(key).send().json().get("canceled_at").isNull()).isTrue();
    }

    /** openapi.yaml#authentication: another organisation's or mode's order is 404, and a read_only key may only GET. */
    @Test
    void cancelingAnotherOrganisationsOrModesOrderIs404AndAReadOnlyKeyIs403() {
        String foreign = placed(TestTenant.create().testKey(), body());
        tenant.billing(PaymentMethod.OK, false);
        String live = placed(tenant.liveKey(), body());
        String own = placed(key, walkingApplicant());

        Api.post("/orders/" + foreign + "/cancel").key(key).send().assertError(404, "not_found_error");
        Api.post("/orders/" + live + "/cancel").key(key).send().assertError(404, "not_found_error");
        Api.post("/orders/" + own + "/cancel").key(tenant.key(Mode.TEST, Scope.READ_ONLY).secret()).send()
                .assertError(403, "forbidden");
        assertThat(Api.get("/orders/" + own).key(key).send().json().get("status").asText()).isEqualTo("waiting_for_applicant");
    }

    /** POST /orders/{id}/cancel, rule 3, as docs/design.md#order-lifecycle-and-screening serialises it. */
    @Test
    void aCancelRacingACompletionLeavesExactlyOneFinalState() throws Exception {
        int orders = 12;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            ids.add(placed(key, body()));
        }

        List<ApiResponse> answers = Concurrently.send(2 * orders, client -> {
            String id = ids.get(client / 2);
            return client % 2 == 0
                    ? Api.post("/orders/" + id + "/cancel").key(key).send()
                    : Api.post("/test_helpers/orders/" + id + "/complete").key(key).send();
        });

        for (int i = 0; i < orders; i++) {
            String id = ids.get(i);
            ApiResponse cancel = answers.get(2 * i);
            ApiResponse complete = answers.get(2 * i + 1);
            JsonNode order = Api.get("/orders/" + id).key(key).send().json();
            String status = order.get("status").asText();
            assertThat(status).isIn("completed", "canceled");
            assertThat(order.get("completed_at").isNull()).isEqualTo(status.equals("canceled"));
            assertThat(order.get("canceled_at").isNull()).isEqualTo(status.equals("completed"));
            List<Object> last = Screenings.transitions(id).get(Screenings.transitions(id).size() - 1);
            assertThat(last.subList(0, 2)).isEqualTo(List.of("pending", status));
            assertThat(cancel.status()).as("cancel of %s", id).isEqualTo(status.equals("canceled") ? 200 : 422);
            assertThat(complete.status()).as("complete of %s (it may have completed on its own first)", id)
                    .isEqualTo(last.get(2).equals("test_helper") ? 200 : 422);
            assertThat(eventsOf(key, id)).extracting(event -> event.get("type").asText())
                    .containsExactly("order.pending", "order." + status);
            assertThat(TestDatabase.number("SELECT count(*) FROM reports WHERE order_id = ?", id))
                    .isEqualTo(status.equals("completed") ? 1 : 0);
        }
    }

    private static ObjectNode walkingApplicant() {
        ObjectNode body = body();
        applicant(body).put("email", "walk@apply.test");
        return body;
    }

    private static boolean screeningScheduled(String orderId) {
        return TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'screen-order' AND task_instance = ?",
                orderId) > 0;
    }

}
