package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CountingDriver;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.ScriptedIncomeProvider;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Expected completion times (openapi.yaml#expected-completion-times): GET /orders/{id}, rules 3
 * to 7, GET /orders, rule 5, and the Test mode table (openapi.yaml#test-mode); a list reads the
 * checks of all its pending live orders in one statement (docs/design.md#the-request-path). Live
 * orders become pending the way the applicant's submission makes them (OrderLifecycle). The
 * test server answers live checks with the sandbox (1 s delay, its typical turnaround) and
 * income checks with {@link ScriptedIncomeProvider} (which declares a day, corrected to
 * {@link TestServer#INCOME_TURNAROUND} by the operator's setting, docs/operators.md#orders-and-screening).
 * A server of its own, whose clock some tests stop: at a moment real time does not reach during
 * the run, the screening work of orders placed then never runs, so estimates are read as the
 * service makes them with nothing answered yet, and the screening queue is exactly what the
 * test put in it.
 */
@OwnDatabase
@ExtendWith(FreshTenants.class)
class ExpectedCompletionTest {

    private static final String SCREENING = "screen-order";

    @Fresh(cardOnFile = true)
    private TestTenant tenant;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;
    @Fresh
    private String testKey;

    /** GET /orders/{id}, rules 3 and 4: nothing is expected of an order waiting for its applicant; the clock starts at submission. */
    @Test
    void anOrderWaitingForItsApplicantHasChecksWithoutEstimates() {
        ApiResponse created = place(liveKey, body());
        String id = created.json().get("id").asText();

        for (JsonNode order : List.of(created.json(), get(liveKey, id))) {
            assertThat(order.get("status").asText()).isEqualTo("waiting_for_applicant");
            assertThat(order.get("checks")).extracting(check -> check.get("type").asText() + " " + check.get("status").asText())
                    .containsExactly("credit waiting_for_applicant", "eviction waiting_for_applicant");
            assertThat(order.get("checks")).allSatisfy(check -> {
                assertThat(check.get("estimated_completion_at").isNull()).isTrue();
                assertThat(check.get("overdue").asBoolean()).isFalse();
            });
        }
        end(liveKey, List.of(id));
    }

    /**
     * GET /orders/{id}, rules 3 and 4, and openapi.yaml#expected-completion-times (the order in an
     * event shows its checks as they were): every check of a pending order has an estimate, and a
     * check loses it once answered while the others keep theirs.
     */
    @Test
    void everyPendingCheckHasAnEstimateUntilItIsAnswered() {
        String id = placed(liveKey, withIncome("Slow"));
        Instant submitted = submit(id);

        JsonNode pending = get(liveKey, id);

        assertThat(pending.get("checks")).extracting(check -> check.get("type").asText() + " " + check.get("status").asText())
                .containsExactly("credit pending", "eviction pending", "income_verification pending");
        assertThat(pending.get("checks")).allSatisfy(check -> {
            assertThat(Instant.parse(check.get("estimated_completion_at").asText())).isAfter(submitted);
            assertThat(check.get("overdue").asBoolean()).isFalse();
        });
        JsonNode answered = await("the sandbox's checks answered").until(() -> get(liveKey, id),
                order -> order.get("checks").get(0).get("status").asText().equals("complete"));
        assertThat(answered.get("status").asText()).isEqualTo("pending");
        assertThat(answered.get("checks")).extracting(check -> check.get("type").asText() + " " + check.get("status").asText()
                        + " " + check.get("estimated_completion_at").isNull())
                .containsExactly("credit complete true", "eviction complete true", "income_verification pending false");
        JsonNode event = Screenings.eventsOf(liveKey, id).get(0);
        assertThat(event.get("type").asText()).isEqualTo("order.pending");
        assertThat(event.get("data").get("object").get("checks")).hasSize(3)
                .allSatisfy(check -> assertThat(check.get("estimated_completion_at").isNull()).isFalse());
        end(liveKey, List.of(id));
    }

    /** GET /orders/{id}, rules 3 and 4: no estimate once every check is complete, nor for any check of a canceled order. */
    @Test
    void aCompletedOrCanceledOrderHasNoEstimates() {
        String completed = placed(testKey, body());
        String canceledWaiting = placed(liveKey, body());
        String canceledPending = placed(liveKey, withIncome("Slow"));
        submit(canceledPending);

        List<JsonNode> orders = List.of(Screenings.complete(testKey, completed), cancel(liveKey, canceledWaiting),
                cancel(liveKey, canceledPending), get(testKey, completed), get(liveKey, canceledPending));

        assertThat(orders).extracting(order -> order.get("checks").findValuesAsText("status").stream().distinct().toList())
                .containsExactly(List.of("complete"), List.of("canceled"), List.of("canceled"), List.of("complete"),
                        List.of("canceled"));
        assertThat(orders).allSatisfy(order -> assertThat(order.get("checks")).allSatisfy(check -> {
            assertThat(check.get("estimated_completion_at").isNull()).isTrue();
            assertThat(check.get("overdue").asBoolean()).isFalse();
        }));
        end(testKey, List.of(completed));
        end(liveKey, List.of(canceledWaiting, canceledPending));
    }

    /**
     * GET /orders/{id}, rule 7, and the table of openapi.yaml#test-mode: a test order's checks are
     * expected at the moment it became pending (its creation; the submission for the
     * applicant-experience profile) plus each check type's duration, read later (before the
     * shortest duration has passed) as when it was answered first.
     */
    @Test
    void testModeEstimatesAreTheMomentTheOrderBecamePendingPlusTheTable() {
        MovableClock clock = TestServer.clock();
        Instant placedAt = unreachedMoment();
        List<String> ids = new ArrayList<>();
        try {
            clock.stopAt(placedAt);
            ObjectNode everything = body();
            order(everything).put("package", "complete").putArray("add_on_products").add("identity_verification")
                    .add("income_verification");
            ApiResponse created = place(testKey, everything);
            ids.add(created.json().get("id").asText());
            ObjectNode walking = body();
            applicant(walking).put("email", "walk@apply.test");
            ids.add(placed(testKey, walking));
            Instant submittedAt = placedAt.plusSeconds(30);
            clock.stopAt(submittedAt);
            JsonNode submitted = Screenings.submit(testKey, ids.get(1));
            clock.stopAt(placedAt.plusSeconds(50));

            assertThat(Instant.parse(created.json().get("created_at").asText())).isEqualTo(placedAt);
            for (JsonNode order : List.of(created.json(), get(testKey, ids.get(0)))) {
                assertThat(estimates(order)).containsExactly(
                        "credit " + placedAt.plus(Duration.ofMinutes(1)), "eviction " + placedAt.plus(Duration.ofMinutes(3)),
                        "criminal " + placedAt.plus(Duration.ofMinutes(5)),
                        "identity_verification " + placedAt.plus(Duration.ofMinutes(1)),
                        "income_verification " + placedAt.plus(Duration.ofMinutes(2)));
            }
            for (JsonNode order : List.of(submitted, get(testKey, ids.get(1)))) {
                assertThat(estimates(order)).containsExactly("credit " + submittedAt.plus(Duration.ofMinutes(1)),
                        "eviction " + submittedAt.plus(Duration.ofMinutes(3)));
            }
        } finally {
            end(testKey, ids);
            clock.reset();
        }
    }

    /**
     * GET /orders/{id}, rule 5: the time a provider said it would answer beats its typical
     * turnaround. The scripted provider answers in an hour ({@link ScriptedIncomeProvider#SLOW}),
     * the sandbox at its delay; the service's clock stands still, so nothing is answered and no
     * screening waits in the queue.
     */
    @Test
    void theTimeAProviderSaidItWouldAnswerBeatsItsTypicalTurnaround() {
        MovableClock clock = TestServer.clock();
        Instant asked = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String id = placed(liveKey, starterWithIncome("Slow"));
        try {
            clock.stopAt(asked);
            submit(id);
            Screenings.awaitNumber("the providers' announced times stored", 2,
                    "SELECT count(*) FROM screening_checks WHERE order_id = ? AND answer_expected_at IS NOT NULL", id);

            JsonNode order = get(liveKey, id);

            assertThat(estimates(order)).containsExactly("credit " + asked.plusSeconds(1),
                    "income_verification " + asked.plus(ScriptedIncomeProvider.SLOW));
            assertThat(order.get("checks").findValuesAsText("overdue")).containsOnly("false");
        } finally {
            end(liveKey, List.of(id));
            clock.reset();
        }
    }

    /**
     * GET /orders/{id}, rule 5: a check not asked yet is expected at the moment the order became
     * pending plus its provider's typical turnaround: what the sandbox declares (its delay, 1 s
     * here), and for income checks the operator's setting over what the scripted provider declares.
     */
    @Test
    void aCheckNotAskedYetTakesItsProvidersTypicalTurnaroundAsTheOperatorSetsIt() {
        MovableClock clock = TestServer.clock();
        Instant submittedAt = unreachedMoment();
        String id = placed(liveKey, starterWithIncome("Rivera"));
        try {
            clock.stopAt(submittedAt);
            submit(id);

            JsonNode order = get(liveKey, id);

            assertThat(estimates(order)).containsExactly("credit " + submittedAt.plusSeconds(1),
                    "income_verification " + submittedAt.plus(TestServer.INCOME_TURNAROUND));
        } finally {
            end(liveKey, List.of(id));
            clock.reset();
        }
    }

    /**
     * GET /orders/{id}, rule 5: the screening queue's delay (how long its oldest waiting screening
     * has waited) is added. The first order's screening is due and waits (its work is scheduled
     * at a moment real time does not reach), ten minutes by the service's clock when the second
     * order is read.
     */
    @Test
    void theScreeningQueuesDelayIsAddedToEveryEstimate() {
        MovableClock clock = TestServer.clock();
        Instant first = unreachedMoment();
        Instant second = first.plus(Duration.ofMinutes(10));
        List<String> ids = new ArrayList<>();
        try {
            ids.add(placed(liveKey, body()));
            ids.add(placed(liveKey, body()));
            clock.stopAt(first);
            submit(ids.get(0));
            clock.stopAt(second);
            submit(ids.get(1));

            assertThat(estimates(get(liveKey, ids.get(1)))).containsExactly(
                    "credit " + second.plusSeconds(1).plus(Duration.ofMinutes(10)),
                    "eviction " + second.plusSeconds(1).plus(Duration.ofMinutes(10)));
            assertThat(estimates(get(liveKey, ids.get(0)))).as("the waiting order is late by the queue, not overdue")
                    .containsExactly("credit " + first.plusSeconds(1).plus(Duration.ofMinutes(10)),
                            "eviction " + first.plusSeconds(1).plus(Duration.ofMinutes(10)));
        } finally {
            end(liveKey, ids);
            clock.reset();
        }
    }

    /**
     * GET /orders/{id}, rule 6: an estimate is never in the past. The scripted provider fails
     * whenever asked, so the checks stay pending past their typical turnarounds: each is then
     * overdue and estimated again from the moment of the answer.
     */
    @Test
    void aLateCheckIsOverdueAndEstimatedAgainFromNow() {
        String id = placed(liveKey, starterWithIncome("Failing"));
        Instant submitted = submit(id);
        try {
            await("the income check overdue").until(() -> get(liveKey, id),
                    order -> order.get("checks").get(1).get("overdue").asBoolean());
            Instant read = Instant.now();

            JsonNode order = get(liveKey, id);

            assertThat(order.get("status").asText()).isEqualTo("pending");
            assertThat(order.get("checks")).allSatisfy(check -> {
                assertThat(check.get("status").asText()).isEqualTo("pending");
                assertThat(check.get("overdue").asBoolean()).isTrue();
                assertThat(Instant.parse(check.get("estimated_completion_at").asText())).as("never before the answer")
                        .isAfterOrEqualTo(read).isBefore(read.plus(Duration.ofMinutes(1)));
            });
            assertThat(read).as("estimated again only after the typical turnaround passed")
                    .isAfter(submitted.plus(TestServer.INCOME_TURNAROUND));
        } finally {
            end(liveKey, List.of(id));
        }
    }

    /**
     * GET /orders, rule 5: every item has its checks and estimates, and docs/design.md#the-request-path:
     * the checks of every pending live order of a page are read in one statement, so fifteen take
     * as many statements as one.
     */
    @Test
    void listingPendingLiveOrdersTakesAsManyStatementsForFifteenAsForOne() {
        String path = "/orders?per_page=100";
        List<String> ids = new ArrayList<>();
        try {
            ids.add(placed(liveKey, withIncome("Slow")));
            submit(ids.get(0));
            get(liveKey, path);
            long one = statementsFor(path);
            for (int i = 1; i < 15; i++) {
                ids.add(placed(liveKey, withIncome("Slow")));
                submit(ids.get(i));
            }

            long fifteen = statementsFor(path);

            JsonNode data = Api.get(path).key(liveKey).send().json().get("data");
            assertThat(data).hasSize(15).allSatisfy(item -> {
                assertThat(item.get("status").asText()).isEqualTo("pending");
                assertThat(item.get("checks").get(2).get("estimated_completion_at").isNull()).isFalse();
            });
            assertThat(one).isPositive();
            assertThat(fifteen).isEqualTo(one);
        } finally {
            end(liveKey, ids);
        }
    }

    /** A moment of the service's clock that real time does not reach while the class runs: work scheduled for it never runs. */
    private static Instant unreachedMoment() {
        return Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
    }

    /** Moves a live order to pending as the applicant's submission does; answers when (by the real clock, before it). */
    private Instant submit(String orderId) {
        Instant before = Instant.now();
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), orderId, OrderLifecycle.Actor.APPLICANT,
                Set.of());
        return before;
    }

    /**
     * Cancels the orders a test placed and waits until no screening work of theirs is left, so
     * that no later test finds it in the screening queue: work due soon runs and ends (the order
     * is canceled); work scheduled later than a minute from now (real time) is removed.
     */
    private static void end(String key, List<String> ids) {
        for (String id : ids) {
            JsonNode order = get(key, id);
            if (order.get("status").asText().equals("waiting_for_applicant") || order.get("status").asText().equals("pending")) {
                cancel(key, id);
            }
            await("no screening work left for " + id).until(() -> {
                TestDatabase.rows("DELETE FROM scheduled_tasks WHERE task_name = ? AND task_instance = ? AND NOT picked "
                        + "AND execution_time > now() + interval '1 minute' RETURNING task_instance", SCREENING, id);
                return TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?",
                        SCREENING, id) == 0;
            });
        }
    }

    private static JsonNode cancel(String key, String id) {
        ApiResponse canceled = Api.post("/orders/" + id + "/cancel").key(key).send();
        assertThat(canceled.status()).as(canceled.body()).isEqualTo(200);
        return canceled.json();
    }

    private static JsonNode get(String key, String path) {
        return Api.get(path.startsWith("/") ? path : "/orders/" + path).key(key).send().json();
    }

    /** Each check's type and estimate, in the order's order. */
    private static List<String> estimates(JsonNode order) {
        List<String> estimates = new ArrayList<>();
        order.get("checks").forEach(check -> estimates.add(check.get("type").asText() + " "
                + Instant.parse(check.get("estimated_completion_at").asText())));
        return estimates;
    }

    private long statementsFor(String path) {
        long before = CountingDriver.statements();
        Api.get(path).key(liveKey).send().json();
        return CountingDriver.statements() - before;
    }

    /** An essential order with the income add-on, whose applicant's last name scripts the income provider. */
    private static ObjectNode withIncome(String lastName) {
        ObjectNode body = body();
        order(body).putArray("add_on_products").add("income_verification");
        applicant(body).put("last_name", lastName);
        return body;
    }

    /** A starter order (credit) with the income add-on. */
    private static ObjectNode starterWithIncome(String lastName) {
        ObjectNode body = withIncome(lastName);
        order(body).put("package", "starter");
        return body;
    }
}
