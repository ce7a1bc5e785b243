package io.tenantscreening.conformance.jurisdictions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-step screening across instances (openapi.yaml, Two-step screening under Orders;
 * POST /orders/{id}/conditional_offer, rules 1, 6 and 7; docs/operators.md#background-work):
 * a held criminal check is kept in the database, so it survives a restart and a kill -9; the
 * released check's work survives the kill -9 of the instance running it; and two instances
 * racing a conditional offer release the check once. Separate processes on a database of this
 * test's own, quick to notice a dead instance (heartbeats every 200 ms, dead after 4 missed).
 */
@StartsServiceProcesses
class TwoStepScreeningProcessTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private static Map<String, String> environment;
    private static String key;

    @BeforeAll
    static void database() {
        environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("WORK_HEARTBEAT_INTERVAL", "200ms");
        environment.put("WORK_MISSED_HEARTBEATS", "4");
        key = JarProcess.issueTestKey(environment, "Two-step screening").secret();
    }

    /** A held check survives a stop, a kill -9 and a start: the next instance still shows it held, and an offer releases it. */
    @Test
    void aHeldCheckSurvivesARestartAndAKill() {
        String order;
        try (ServiceProcess first = ServiceProcess.start(environment)) {
            order = heldOrder(first);
        }
        ServiceProcess second = ServiceProcess.start(environment);
        assertThat(criminalStatus(second, order)).isEqualTo("held");
        second.kill();
        try (ServiceProcess third = ServiceProcess.start(environment)) {
            assertThat(criminalStatus(third, order)).isEqualTo("held");

            assertThat(offer(third, order).status()).isEqualTo(200);

            awaitVersion(third, order, 2);
            assertReleasedOnce(order);
        }
    }

    /**
     * POST /orders/{id}/conditional_offer, rule 1: the instance running the released check's
     * work is killed (kill -9) while its provider is being asked; another takes the work over
     * and the report gets its second version once.
     */
    @Test
    void theReleasedChecksWorkSurvivesTheKillOfTheInstanceRunningIt() {
        String order;
        try (ServiceProcess first = ServiceProcess.start(environment)) {
            order = heldOrder(first);
        }
        Map<String, String> slow = new HashMap<>(environment);
        slow.put("TEST_SLOW_SCREENING", "60s");
        ServiceProcess doomed = ServiceProcess.start(slow);
        assertThat(offer(doomed, order).status()).isEqualTo(200);
        awaitNumber("the released check's work, picked by the doomed instance", "SELECT count(*) FROM scheduled_tasks "
                + "WHERE task_name = 'screen-released-check' AND task_instance = ? AND picked", 1, order);

        doomed.kill();

        assertThat(number("SELECT version FROM reports WHERE order_id = ?", order)).isEqualTo(1);
        try (ServiceProcess survivor = ServiceProcess.start(environment)) {
            awaitVersion(survivor, order, 2);

            assertReleasedOnce(order);
            assertThat(criminalStatus(survivor, order)).isEqualTo("complete");
        }
    }

    /** POST /orders/{id}/conditional_offer, rule 6: two instances racing offers on one order release its check once. */
    @Test
    void twoInstancesRacingAConditionalOfferReleaseTheCheckOnce() throws Exception {
        ServiceProcess first = ServiceProcess.start(environment);
        ServiceProcess second = ServiceProcess.start(environment);
        try {
            List<ServiceProcess> instances = List.of(first, second);
            String order = heldOrder(first);

            List<ApiResponse> answers = Concurrently.send(6, client -> offer(instances.get(client % 2), order));

            assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).as(answer.body()).isIn(200, 422));
            assertThat(answers).filteredOn(answer -> answer.status() == 200).hasSize(1);
            awaitVersion(second, order, 2);
            assertReleasedOnce(order);
        } finally {
            first.stop();
            second.stop();
        }
    }

    /** A complete test order in New York City (two-step), screened through its other checks: completed, its criminal check held. */
    private static String heldOrder(ServiceProcess instance) {
        ObjectNode body = TwoStepScreeningTest.Place.NEW_YORK_CITY.body();
        String order = OrderRequests.post(key, body, UUID.randomUUID().toString()).at(instance.baseUrl()).send().json().get("id")
                .asText();
        assertThat(Api.post("/test_helpers/orders/" + order + "/submit").at(instance.baseUrl()).key(key).send().status()).isEqualTo(200);
        await("order " + order + " completed", PATIENCE).until(() -> Api.get("/orders/" + order).at(instance.baseUrl()).key(key)
                .send().json().get("status").asText().equals("completed"));
        assertThat(criminalStatus(instance, order)).isEqualTo("held");
        return order;
    }

    private static ApiResponse offer(ServiceProcess instance, String order) {
        return Api.post("/orders/" + order + "/conditional_offer").at(instance.baseUrl()).key(key)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"conditional_offer\": {\"made_on\": \"" + LocalDate.now(ZoneId.of("America/New_York")).minusDays(1)
                        + "\"}}").send();
    }

    private static String criminalStatus(ServiceProcess instance, String order) {
        return Api.get("/orders/" + order).at(instance.baseUrl()).key(key).send().json().get("checks").get(2).get("status").asText();
    }

    private static void awaitVersion(ServiceProcess instance, String order, int version) {
        await("version " + version + " of the report of " + order, PATIENCE).until(() -> {
            JsonNode report = Api.get("/orders/" + order + "/report").at(instance.baseUrl()).key(key).send().json();
            return report.get("version").asInt() == version;
        });
    }

    /** One offer, one new version, one report.updated, the check complete: the release happened exactly once. */
    private static void assertReleasedOnce(String order) {
        assertThat(number("SELECT count(*) FROM conditional_offers WHERE order_id = ?", order)).isEqualTo(1);
        assertThat(number("SELECT version FROM reports WHERE order_id = ?", order)).isEqualTo(2);
        assertThat(number("SELECT count(*) FROM report_versions v JOIN reports r ON r.id = v.report_id WHERE r.order_id = ?", order))
                .isEqualTo(1);
        assertThat(number("SELECT count(*) FROM events e JOIN reports r ON r.id = e.object_id WHERE r.order_id = ? "
                + "AND e.type = 'report.updated'", order)).isEqualTo(1);
        assertThat(number("SELECT count(*) FROM screening_checks WHERE order_id = ? AND check_type = 'criminal' "
                + "AND status = 'complete'", order)).isEqualTo(1);
    }

    private static void awaitNumber(String description, String sql, long expected, Object... parameters) {
        await(description, PATIENCE).until(() -> number(sql, parameters) == expected);
    }

    private static long number(String sql, Object... parameters) {
        return TestDatabase.number(sql, parameters);
    }
}
