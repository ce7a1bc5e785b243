package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.WebhookReceiver;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Background work (docs/operators.md#background-work, docs/operators.md#several-instances,
 * docs/design.md#background-work) is shared by every instance on one database, happens
 * exactly once, and survives a kill -9; so do webhook deliveries. The instances here are
 * separate processes on a database of this test's own (so that only they work on it); where
 * one is killed, they notice a dead instance quickly (heartbeats every 200 ms, dead after 4
 * missed). The others keep the default heartbeats, whose leases a busy machine does not
 * outrun.
 */
@StartsServiceProcesses
class BackgroundWorkersTest {

    /**
     * How long the work may take: these tests check that nothing is lost or done twice, not
     * how fast (one endpoint drains about 20 deliveries a second today, so 501 take 25 s on an
     * idle machine and past a minute on a busy one; the webhook benchmark measures speed).
     */
    private static final Duration PATIENCE = Duration.ofSeconds(180);

    private static Map<String, String> environment;

    @BeforeAll
    static void database() {
        environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
    }

    @Test
    void twoInstancesOnOneDatabaseCompleteEveryOrderExactlyOnce() throws Exception {
        String key = JarProcess.issueTestKey(environment, "Two instances").secret();
        ServiceProcess first = ServiceProcess.start(environment);
        ServiceProcess second = ServiceProcess.start(environment);
        try {
            List<String> orders = place(key, 200, List.of(first, second));

            awaitCompleted(orders);

            assertExactlyOnce(orders);
            for (ServiceProcess instance : List.of(first, second)) {
                JsonNode completed = Api.get("/events?type=order.completed&per_page=1").at(instance.baseUrl()).key(key).send().json();
                assertThat(completed.get("count").asLong()).isEqualTo(200);
            }
        } finally {
            first.stop();
            second.stop();
        }
    }

    @Test
    void aWorkerKilledInTheMiddleOfScreeningsLeavesNothingStuckAndAnotherInstanceFinishes() throws Exception {
        Map<String, String> quickToNotice = new HashMap<>(environment);
        quickToNotice.put("WORK_HEARTBEAT_INTERVAL", "200ms");
        quickToNotice.put("WORK_MISSED_HEARTBEATS", "4");
        String key = JarProcess.issueTestKey(quickToNotice, "Kill -9").secret();
        Map<String, String> slow = new HashMap<>(quickToNotice);
        slow.put("TEST_SLOW_SCREENING", "3s");
        ServiceProcess doomed = ServiceProcess.start(slow);
        List<String> orders = place(key, 20, List.of(doomed));
        awaitNumber("screenings the doomed instance is in the middle of", "SELECT count(*) > 0 FROM scheduled_tasks "
                + "WHERE task_name = 'screen-order' AND picked", 1);

        doomed.kill();

        assertThat(number("SELECT count(*) FROM orders WHERE status = 'completed' AND id = ANY (?)", (Object) orders.toArray(new String[0])))
                .as("none finished before the kill").isZero();
        assertThat(number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'screen-order' AND picked"))
                .as("work still claimed by the dead instance").isPositive();
        ServiceProcess survivor = ServiceProcess.start(quickToNotice);
        try {
            awaitCompleted(orders);

            assertExactlyOnce(orders);
        } finally {
            survivor.stop();
        }
    }

    /**
     * Webhook deliveries are background work like the rest (docs/operators.md#background-work):
     * two instances deliver 501 events (167 orders) to one receiver that answers 200, each
     * event exactly once.
     */
    @Test
    void twoInstancesDeliverEveryEventToAReceiverExactlyOnce() throws Exception {
        String key = JarProcess.issueTestKey(environment, "Two deliverers").secret();
        Map<String, String> loopback = new HashMap<>(environment);
        loopback.put("WEBHOOK_ALLOW_LOOPBACK", "true");
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            ServiceProcess first = ServiceProcess.start(loopback);
            ServiceProcess second = ServiceProcess.start(loopback);
            try {
                String endpoint = Api.post("/webhook_endpoints").at(first.baseUrl()).key(key)
                        .json("{\"webhook_endpoint\":{\"url\":\"" + receiver.url() + "\"}}").send().json().get("id").asText();
                List<String> orders = place(key, 167, List.of(first, second));
                awaitCompleted(orders);
                long events = number("SELECT count(*) FROM events WHERE organization_id = "
                        + "(SELECT organization_id FROM webhook_endpoints WHERE id = ?)", endpoint);

                awaitNumber("deliveries that succeeded", "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? "
                        + "AND status = 'succeeded'", events, endpoint);

                assertThat(events).isEqualTo(3 * 167);
                assertThat(number("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?", endpoint)).isEqualTo(events);
                assertThat(number("SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                        + "WHERE d.endpoint_id = ?", endpoint)).as("attempts").isEqualTo(events);
                List<String> delivered = receiver.received().stream().map(request -> request.header("Service-Event-Id")).toList();
                assertThat(delivered).hasSize((int) events).doesNotHaveDuplicates();
            } finally {
                first.stop();
                second.stop();
            }
        }
    }

    /** Places test orders from 8 clients, spread over the instances; their ids. */
    private static List<String> place(String key, int count, List<ServiceProcess> instances) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<ApiResponse>> placing = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServiceProcess instance = instances.get(i % instances.size());
                placing.add(clients.submit(() -> OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString())
                        .at(instance.baseUrl()).send()));
            }
            List<String> ids = new ArrayList<>();
            for (Future<ApiResponse> placed : placing) {
                ApiResponse response = placed.get();
                assertThat(response.status()).as(response.body()).isEqualTo(201);
                ids.add(response.json().get("id").asText());
            }
            return ids;
        } finally {
            clients.shutdownNow();
        }
    }

    private static void awaitCompleted(List<String> orders) {
        awaitNumber("completed orders", "SELECT count(*) FROM orders WHERE status = 'completed' AND id = ANY (?)", orders.size(),
                (Object) orders.toArray(new String[0]));
    }

    /**
     * Every order completed once: two transitions, one report, exactly one order.pending,
     * order.completed and report.completed event each, sequences 1, 2 (order) and 1
     * (report) without gaps, no work left.
     */
    private static void assertExactlyOnce(List<String> orders) {
        Object ids = orders.toArray(new String[0]);
        int n = orders.size();
        assertThat(number("SELECT count(*) FROM orders WHERE status = 'completed' AND completed_at IS NOT NULL "
                + "AND canceled_at IS NULL AND id = ANY (?)", ids)).isEqualTo(n);
        assertThat(number("SELECT count(*) FROM reports WHERE order_id = ANY (?)", ids)).isEqualTo(n);
        assertThat(number("SELECT count(*) FROM order_transitions WHERE order_id = ANY (?)", ids)).isEqualTo(2L * n);
        assertThat(number("SELECT count(*) FROM screening_checks WHERE status = 'complete' AND order_id = ANY (?)", ids))
                .as("credit and eviction of each essential order").isEqualTo(2L * n);
        assertThat(TestDatabase.rows("SELECT type, count(*) FROM events WHERE object_id = ANY (?) "
                        + "OR object_id IN (SELECT id FROM reports WHERE order_id = ANY (?)) GROUP BY type ORDER BY type", ids, ids))
                .containsExactly(List.of("order.completed", (long) n), List.of("order.pending", (long) n),
                        List.of("report.completed", (long) n));
        assertThat(number("SELECT count(*) FROM (SELECT object_id FROM events WHERE object_id = ANY (?) "
                + "OR object_id IN (SELECT id FROM reports WHERE order_id = ANY (?)) GROUP BY object_id "
                + "HAVING min(sequence) <> 1 OR max(sequence) <> count(*) OR count(DISTINCT sequence) <> count(*)) AS gaps", ids, ids))
                .as("objects whose sequences have gaps or repeats").isZero();
        // A task's row is deleted just after the transaction that completed its order commits.
        awaitNumber("work left", "SELECT count(*) FROM scheduled_tasks WHERE task_name = 'screen-order' AND task_instance = ANY (?)", 0, ids);
    }

    private static long number(String sql, Object... parameters) {
        return TestDatabase.number(sql, parameters);
    }

    private static void awaitNumber(String description, String sql, long expected, Object... parameters) {
        await(description + " reached " + expected, PATIENCE).until(() -> number(sql, parameters) == expected);
    }
}
