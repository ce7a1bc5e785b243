package io.tenantscreening.conformance.webhooks;

import io.tenantscreening.conformance.support.Api;
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

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhooks that keep up (docs/operators.md#webhooks, WEBHOOK_ENDPOINT_CONCURRENCY and "When
 * an instance dies"; docs/integrators.md#webhooks, Retries; docs/design.md#background-work):
 * several deliveries in flight to one endpoint, never more than its limit across instances,
 * an endpoint of a dead instance taken over, and a failing endpoint tried one delivery at a
 * time. The instances are separate processes on a database of this test's own (so that only
 * they deliver from it); where one is killed, with fast heartbeats, elsewhere with the
 * default ones, whose slot leases a busy machine does not outrun.
 */
@StartsServiceProcesses
class WebhookConcurrencyTest {

    /** How long deliveries may take to arrive: these tests check limits, not speed. */
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    private static Map<String, String> environment;

    @BeforeAll
    static void database() {
        environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("WEBHOOK_ALLOW_LOOPBACK", "true");
    }

    /**
     * docs/operators.md#webhooks (WEBHOOK_ENDPOINT_CONCURRENCY): up to N requests in flight to
     * one endpoint, never more across all instances together, each delivery one attempt at a
     * time. Two instances
     * deliver 90 events to a receiver that takes 300 ms to answer, with a limit of 3.
     */
    @Test
    void twoInstancesTogetherNeverExceedTheEndpointsLimit() throws Exception {
        Map<String, String> limited = with("WEBHOOK_ENDPOINT_CONCURRENCY", "3");
        String key = JarProcess.issueTestKey(limited, "Limited endpoint").secret();
        try (WebhookReceiver receiver = WebhookReceiver.start().usuallyAnswer(200, Duration.ofMillis(300))) {
            ServiceProcess first = ServiceProcess.start(limited);
            ServiceProcess second = ServiceProcess.start(limited);
            try {
                String endpoint = register(first, key, receiver);
                place(key, 30, List.of(first, second));

                awaitNumber("deliveries that succeeded", "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? "
                        + "AND status = 'succeeded'", 90, endpoint);

                List<WebhookReceiver.Visit> visits = receiver.visits();
                assertThat(WebhookReceiver.mostAtOnce(visits, 0)).as("requests in flight at once").isEqualTo(3);
                assertThat(WebhookReceiver.concurrentDoubles(visits)).as("overlapping attempts of one delivery").isZero();
                assertThat(TestDatabase.number("SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                        + "WHERE d.endpoint_id = ?", endpoint)).as("attempts").isEqualTo(90);
            } finally {
                first.stop();
                second.stop();
            }
        }
    }

    /**
     * docs/operators.md#webhooks (when an instance dies): when an instance dies mid-delivery,
     * another carries on with its endpoint (the dead one's slots free themselves) without two
     * attempts of one delivery at the same time, and every event arrives.
     */
    @Test
    void anotherInstanceTakesOverTheEndpointOfAKilledOne() throws Exception {
        Map<String, String> limited = with("WEBHOOK_ENDPOINT_CONCURRENCY", "2");
        limited.put("WORK_HEARTBEAT_INTERVAL", "200ms");
        limited.put("WORK_MISSED_HEARTBEATS", "4");
        String key = JarProcess.issueTestKey(limited, "Taken over").secret();
        try (WebhookReceiver receiver = WebhookReceiver.start().usuallyAnswer(200, Duration.ofSeconds(3))) {
            ServiceProcess doomed = ServiceProcess.start(limited);
            String endpoint = register(doomed, key, receiver);
            place(key, 5, List.of(doomed));
            awaitNumber("slots the doomed instance holds", "SELECT count(*) FROM webhook_endpoint_slots "
                    + "WHERE endpoint_id = ? AND held_until > clock_timestamp()", 2, endpoint);

            doomed.kill();

            receiver.usuallyAnswer(200, null);
            ServiceProcess survivor = ServiceProcess.start(limited);
            try {
                awaitNumber("deliveries that succeeded", "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? "
                        + "AND status = 'succeeded'", 15, endpoint);

                List<WebhookReceiver.Visit> visits = receiver.visits();
                assertThat(WebhookReceiver.concurrentDoubles(visits)).as("overlapping attempts of one delivery").isZero();
                assertThat(visits.stream().map(WebhookReceiver.Visit::deliveryId).distinct()).hasSize(15);
                assertThat(TestDatabase.number("SELECT count(*) FROM webhook_endpoint_slots WHERE endpoint_id = ? AND token IS NOT NULL",
                        endpoint)).as("slots still held once everything is delivered").isZero();
            } finally {
                survivor.stop();
            }
        }
    }

    /**
     * docs/integrators.md#webhooks (Retries): after a failed attempt the endpoint pauses until
     * that delivery's retry and then receives one delivery at a time until one succeeds, so a
     * failing endpoint costs one attempt per backoff step, not one per slot. Once the first
     * failures are answered, the endpoint never holds two requests at once.
     */
    @Test
    void aFailingEndpointIsTriedOneDeliveryAtATime() throws Exception {
        Map<String, String> retrying = with("WEBHOOK_ENDPOINT_CONCURRENCY", "4");
        retrying.put("WEBHOOK_FIRST_RETRY", "1s");
        retrying.put("WEBHOOK_LONGEST_RETRY", "1s");
        String key = JarProcess.issueTestKey(retrying, "Failing endpoint").secret();
        try (WebhookReceiver receiver = WebhookReceiver.start().usuallyAnswer(500, Duration.ofMillis(200))) {
            ServiceProcess instance = ServiceProcess.start(retrying);
            try {
                String endpoint = register(instance, key, receiver);
                place(key, 10, List.of(instance));
                awaitNumber("failed attempts", "SELECT count(*) > 0 FROM webhook_attempts a JOIN webhook_deliveries d "
                        + "ON d.id = a.delivery_id WHERE d.endpoint_id = ?", 1, endpoint);
                long firstAnswered = receiver.visits().stream().mapToLong(WebhookReceiver.Visit::answered).min().orElseThrow();
                long since = firstAnswered + Duration.ofMillis(500).toNanos();

                List<WebhookReceiver.Visit> visits = await("four attempts after the first failures", PATIENCE).until(receiver::visits,
                        all -> all.stream().filter(visit -> visit.arrived() >= since).count() >= 4);

                assertThat(WebhookReceiver.mostAtOnce(visits, since)).as("requests in flight at once while failing").isEqualTo(1);
            } finally {
                instance.stop();
            }
        }
    }

    private static Map<String, String> with(String name, String value) {
        Map<String, String> changed = new HashMap<>(environment);
        changed.put(name, value);
        return changed;
    }

    private static String register(ServiceProcess instance, String key, WebhookReceiver receiver) {
        return Api.post("/webhook_endpoints").at(instance.baseUrl()).key(key)
                .json("{\"webhook_endpoint\":{\"url\":\"" + receiver.url() + "\"}}").send().json().get("id").asText();
    }

    /** Places test orders, one after another, spread over the instances (each makes three events). */
    private static void place(String key, int count, List<ServiceProcess> instances) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            statuses.add(OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString())
                    .at(instances.get(i % instances.size()).baseUrl()).send().status());
        }
        assertThat(statuses).containsOnly(201);
    }

    private static void awaitNumber(String description, String sql, long expected, Object... parameters) {
        await(description + " reached " + expected, PATIENCE).until(() -> TestDatabase.number(sql, parameters) == expected);
    }
}
