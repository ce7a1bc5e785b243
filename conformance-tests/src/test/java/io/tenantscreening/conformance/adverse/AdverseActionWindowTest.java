package io.tenantscreening.conformance.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.AdverseActionRequests;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /adverse_actions, rule 5 (the adverse action notice follows by itself when the
 * response window ends), POST /adverse_actions/{id}/cancel, rule 3 (when a cancel meets the
 * end of the window, exactly one of them happens) and openapi.yaml#test-mode (the operator's
 * test window, here 2 seconds). The end of a window is background work
 * (docs/operators.md#adverse-actions, docs/operators.md#background-work): it happens once
 * even when the instance that runs it is killed in the middle, and when instances race to end
 * one window. The instances are separate processes on a database of this test's own, and
 * notice a dead instance quickly (heartbeats every 200 ms, dead after 4 missed).
 */
@StartsServiceProcesses
class AdverseActionWindowTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Duration WINDOW = Duration.ofSeconds(2);

    private static Map<String, String> environment;
    private static String key;

    @BeforeAll
    static void database() {
        environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("WORK_HEARTBEAT_INTERVAL", "200ms");
        environment.put("WORK_MISSED_HEARTBEATS", "4");
        environment.put("ADVERSE_ACTION_TEST_WINDOW", WINDOW.toSeconds() + "s");
        key = JarProcess.issueTestKey(environment, "Adverse action windows").secret();
    }

    /**
     * POST /adverse_actions, rule 5, in test mode: the window ends by itself at
     * response_deadline, with the notice and adverse_action.completed (previous_status pending).
     */
    @Test
    void theWindowEndsByItselfAtItsDeadline() {
        try (ServiceProcess instance = ServiceProcess.start(environment)) {
            JsonNode taken = takePreAdverse(instance, key);
            String id = taken.get("id").asText();

            JsonNode completed = awaitStatus(instance, key, id, "completed");

            Instant deadline = Instant.parse(taken.get("response_deadline").asText());
            assertThat(Instant.parse(taken.get("created_at").asText()).plus(WINDOW)).isEqualTo(deadline);
            assertThat(Instant.parse(completed.get("adverse_action_notice_sent_at").asText())).isAfterOrEqualTo(deadline);
            assertThat(Api.get("/adverse_actions/" + id + "/adverse_action_notice").at(instance.baseUrl()).key(key).send().status())
                    .isEqualTo(200);
            List<JsonNode> events = new ArrayList<>();
            Api.get("/events?type=adverse_action.completed&per_page=100").at(instance.baseUrl()).key(key).send().json().get("data")
                    .forEach(event -> {
                        if (event.get("data").get("object").get("id").asText().equals(id)) {
                            events.add(event);
                        }
                    });
            assertThat(events).hasSize(1);
            assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("pending");
            assertThat(events.get(0).get("data").get("object")).isEqualTo(completed);
        }
    }

    /**
     * docs/operators.md#background-work (work of a dead instance is run again by another): an
     * instance killed (kill -9) while it ends a window, after making the adverse action notice
     * and before committing, keeps nothing of it; another instance takes the work over, and
     * the applicant gets exactly one adverse action notice and one event.
     */
    @Test
    void anInstanceKilledWhileEndingTheWindowLeavesItToAnotherAndTheNoticeGoesOutOnce() {
        Map<String, String> crashing = new HashMap<>(environment);
        crashing.put("TEST_CRASH_AT_WINDOW_END", "true");
        ServiceProcess doomed = ServiceProcess.start(crashing);
        String id = takePreAdverse(doomed, key).get("id").asText();

        assertThat(doomed.exitCode()).as("killed at the end of the window").isEqualTo(137);

        assertThat(rows("SELECT status FROM adverse_actions WHERE id = ?", id)).containsExactly(List.of("pending"));
        assertThat(number("SELECT count(*) FROM adverse_action_notices WHERE adverse_action_id = ? AND kind = 'adverse_action'", id))
                .as("the notice of the rolled-back transaction").isZero();
        assertThat(number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'end-adverse-action-window' "
                + "AND task_instance = ? AND picked", id)).as("the work, still claimed by the dead instance").isEqualTo(1);
        try (ServiceProcess survivor = ServiceProcess.start(environment)) {
            awaitStatus(survivor, key, id, "completed");

            assertExactlyOnce(id);
        }
    }

    /**
     * POST /adverse_actions/{id}/cancel, rule 3: two instances, each asked to end every window
     * (the test helper) and to cancel it, right at its deadline, while their background work
     * ends the same windows: each adverse action ends exactly once (completed with one notice
     * and one event, or canceled with none).
     */
    @Test
    void instancesRacingToEndOrCancelAWindowEndItExactlyOnce() throws Exception {
        Map<String, String> longerWindow = new HashMap<>(environment);
        longerWindow.put("ADVERSE_ACTION_TEST_WINDOW", "5s");
        ServiceProcess first = ServiceProcess.start(longerWindow);
        ServiceProcess second = ServiceProcess.start(longerWindow);
        try {
            List<ServiceProcess> instances = List.of(first, second);
            List<String> orders = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                orders.add(OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(first.baseUrl()).send()
                        .json().get("id").asText());
            }
            orders.forEach(order -> awaitOrderCompleted(first, key, order));
            List<JsonNode> actions = new ArrayList<>();
            for (int i = 0; i < orders.size(); i++) {
                actions.add(take(instances.get(i % 2), key, orders.get(i)));
            }
            List<ApiResponse> answers = new ArrayList<>();
            for (JsonNode action : actions) {
                String id = action.get("id").asText();
                Instant deadline = Instant.parse(action.get("response_deadline").asText());
                await("the response deadline of " + id + " came", PATIENCE).until(() -> !Instant.now().isBefore(deadline));
                answers.addAll(Concurrently.send(4, client -> Api.post(client < 2 ? "/test_helpers/adverse_actions/" + id + "/complete"
                        : "/adverse_actions/" + id + "/cancel").at(instances.get(client % 2).baseUrl()).key(key).send()));
            }
            for (JsonNode action : actions) {
                awaitNumber("the end of " + action.get("id").asText(), "SELECT count(*) FROM adverse_actions WHERE id = ? "
                        + "AND status <> 'pending'", 1, action.get("id").asText());
            }

            assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).as(answer.body()).isIn(200, 422));
            assertThat(answers).filteredOn(answer -> answer.status() == 200).hasSizeLessThanOrEqualTo(actions.size());
            for (JsonNode action : actions) {
                String id = action.get("id").asText();
                String status = (String) rows("SELECT status FROM adverse_actions WHERE id = ?", id).get(0).get(0);
                assertThat(number("SELECT count(*) FROM events WHERE object_id = ? AND type IN ('adverse_action.completed', "
                        + "'adverse_action.canceled')", id)).as("the ends of %s", id).isEqualTo(1);
                assertThat(number("SELECT count(*) FROM adverse_action_notices WHERE adverse_action_id = ? "
                        + "AND kind = 'adverse_action'", id)).as("notices of %s", id).isEqualTo(status.equals("completed") ? 1 : 0);
            }
        } finally {
            first.stop();
            second.stop();
        }
    }

    private static JsonNode takePreAdverse(ServiceProcess instance, String key) {
        String order = OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(instance.baseUrl()).send()
                .json().get("id").asText();
        awaitOrderCompleted(instance, key, order);
        return take(instance, key, order);
    }

    /** A pre-adverse adverse action on a completed order. */
    private static JsonNode take(ServiceProcess instance, String key, String order) {
        ApiResponse response = AdverseActionRequests.post(key, AdverseActionRequests.preAdverse(order), UUID.randomUUID().toString())
                .at(instance.baseUrl()).send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    /** One completed adverse action: one notice of each kind, created and completed once each, no work left. */
    private static void assertExactlyOnce(String id) {
        assertThat(rows("SELECT kind, count(*) FROM adverse_action_notices WHERE adverse_action_id = ? GROUP BY kind ORDER BY kind", id))
                .containsExactly(List.of("adverse_action", 1L), List.of("pre_adverse", 1L));
        assertThat(rows("SELECT type, count(*) FROM events WHERE object_id = ? GROUP BY type ORDER BY type", id))
                .containsExactly(List.of("adverse_action.completed", 1L), List.of("adverse_action.created", 1L));
        // A task's row is deleted just after the transaction of its work commits.
        awaitNumber("work left", "SELECT count(*) FROM scheduled_tasks WHERE task_name = 'end-adverse-action-window' AND task_instance = ?",
                0, id);
    }

    private static void awaitOrderCompleted(ServiceProcess instance, String key, String order) {
        await("order " + order + " completed", PATIENCE).until(
                () -> Api.get("/orders/" + order).at(instance.baseUrl()).key(key).send().json().get("status").asText().equals("completed"));
    }

    private static JsonNode awaitStatus(ServiceProcess instance, String key, String id, String status) {
        return await("adverse action " + id + " " + status, PATIENCE).until(
                () -> Api.get("/adverse_actions/" + id).at(instance.baseUrl()).key(key).send().json(),
                action -> action.get("status").asText().equals(status));
    }

    private static void awaitNumber(String description, String sql, long expected, Object... parameters) {
        await(description, PATIENCE).until(() -> number(sql, parameters) == expected);
    }

    private static List<List<Object>> rows(String sql, Object... parameters) {
        return TestDatabase.rows(sql, parameters);
    }

    private static long number(String sql, Object... parameters) {
        return TestDatabase.number(sql, parameters);
    }
}
