package io.tenantscreening.conformance.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.conformance.support.AdverseActionEvents;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.WebhookReceiver;
import io.tenantscreening.events.EventType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.awaitStatus;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static io.tenantscreening.conformance.support.Screenings.relative;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#events-and-their-retention, docs/integrators.md#events,
 * GET /events, rule 5, and GET /events/{id}, rule 4: events older than the retention are
 * removed, with their webhook deliveries and the deliveries' attempts, by the recurring
 * sweep {@code remove-old-events}; nothing still being retried is. The test server keeps
 * events for 3650 days (out of reach of the tests that move its clock by weeks), so these
 * tests age their own records past that with SQL, as time would, and wait for the sweep
 * (every half second in the test server).
 */
@ExtendWith(FreshTenants.class)
class EventRetentionTest {

    /** The test server's retention. */
    private static final Duration RETENTION = Duration.ofDays(3650);

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    private final List<WebhookReceiver> receivers = new ArrayList<>();

    /** The test's endpoints go when it ends (a failing one would otherwise be retried for days), then its receivers. */
    @AfterEach
    void removeEndpoints() {
        TestDatabase.execute("DELETE FROM webhook_endpoints WHERE organization_id = '" + tenant.id() + "'");
        receivers.forEach(WebhookReceiver::close);
    }

    /**
     * GET /events, rule 5, and GET /events/{id}, rule 4: an event past the retention goes with
     * its deliveries and their attempts, and then answers 404 like an unknown id; younger ones
     * stay, the counts of GET /events and of the endpoint's deliveries count what is left, a
     * cursor taken before still pages, and the object's sequence counter stays.
     */
    @Test
    void eventsPastTheRetentionGoWithTheirDeliveriesAndAttemptsAndAnswer404() {
        String endpoint = endpoint(receiver().url());
        String old = placed(key, body());
        String young = placed(key, body());
        awaitStatus(key, old, "completed");
        awaitStatus(key, young, "completed");
        List<String> oldEvents = eventIds(old);
        List<String> youngEvents = eventIds(young);
        assertThat(oldEvents).hasSize(3);
        assertThat(youngEvents).hasSize(3);
        List<JsonNode> deliveries = awaitDeliveries(endpoint, 6, "succeeded");
        List<String> oldDeliveries = deliveryIdsOf(deliveries, oldEvents);

        age(oldEvents, RETENTION.plusDays(1));
        age(youngEvents, RETENTION.minusDays(1));
        String cursorBefore = Api.get("/events?per_page=1").key(key).send().json().get("next_href").asText();
        BackgroundWork.awaitTwoRuns("remove-old-events");

        oldEvents.forEach(id -> Api.get("/events/" + id).key(key).send().assertError(404, "not_found_error"));
        youngEvents.forEach(id -> assertThat(Api.get("/events/" + id).key(key).send().status()).isEqualTo(200));
        JsonNode events = Api.get("/events").key(key).send().json();
        assertThat(events.get("count").asLong()).isEqualTo(3);
        assertThat(events.get("data")).extracting(event -> event.get("id").asText()).containsExactlyInAnyOrderElementsOf(youngEvents);
        assertThat(Api.get("/events?type=report.completed").key(key).send().json().get("count").asLong()).isEqualTo(1);
        assertThat(Api.get("/events?type=order.pending").key(key).send().json().get("count").asLong()).isEqualTo(1);
        JsonNode paged = Api.get(relative(cursorBefore)).key(key).send().json();
        assertThat(paged.get("count").asLong()).isEqualTo(3);
        assertThat(paged.get("data")).extracting(event -> event.get("id").asText()).isSubsetOf(youngEvents).hasSize(1);
        JsonNode left = Api.get("/webhook_endpoints/" + endpoint + "/deliveries").key(key).send().json();
        assertThat(left.get("count").asLong()).isEqualTo(3);
        assertThat(left.get("data")).extracting(delivery -> delivery.get("event_id").asText())
                .containsExactlyInAnyOrderElementsOf(youngEvents);
        assertThat(left.get("data")).allSatisfy(delivery -> assertThat(delivery.get("attempt_log")).hasSize(1));
        assertThat(count("SELECT count(*) FROM webhook_deliveries WHERE id = ANY (string_to_array(?, ','))", oldDeliveries)).isZero();
        assertThat(count("SELECT count(*) FROM webhook_attempts WHERE delivery_id = ANY (string_to_array(?, ','))", oldDeliveries))
                .isZero();
        assertThat(TestDatabase.number("SELECT last_sequence FROM event_sequences WHERE organization_id = ? AND object_id = ?",
                tenant.id(), old)).isEqualTo(2);
    }

    /**
     * docs/operators.md#events-and-their-retention: an event with a delivery still being
     * retried stays, past the retention, with every delivery of it (those that succeeded too)
     * and their attempts; once that delivery has ended (here: failed at the end of its
     * retries), the event goes with all of them.
     */
    @Test
    void aDeliveryStillBeingRetriedKeepsItsEventAndItsOtherDeliveriesUntilItEnds() {
        WebhookReceiver failing = receiver();
        Stream.generate(() -> 500).limit(10_000).forEach(failing::thenAnswer);
        String refusing = endpoint(failing.url());
        String taking = endpoint(receiver().url());
        String order = placed(key, body());
        awaitStatus(key, order, "completed");
        List<String> events = eventIds(order);
        awaitDeliveries(taking, 3, "succeeded");
        awaitAttempted(refusing, 3);

        age(events, RETENTION.plusDays(1));
        BackgroundWork.awaitTwoRuns("remove-old-events");

        events.forEach(id -> assertThat(Api.get("/events/" + id).key(key).send().status()).isEqualTo(200));
        assertThat(Api.get("/events").key(key).send().json().get("count").asLong()).isEqualTo(3);
        JsonNode retried = Api.get("/webhook_endpoints/" + refusing + "/deliveries").key(key).send().json();
        assertThat(retried.get("count").asLong()).isEqualTo(3);
        assertThat(retried.get("data")).allSatisfy(delivery -> assertThat(delivery.get("status").asText()).isEqualTo("pending"));
        JsonNode delivered = Api.get("/webhook_endpoints/" + taking + "/deliveries").key(key).send().json();
        assertThat(delivered.get("count").asLong()).isEqualTo(3);
        assertThat(delivered.get("data")).allSatisfy(delivery -> assertThat(delivery.get("attempt_log")).hasSize(1));

        // The deliveries' own retry window (WEBHOOK_RETRY_FOR, 3 days) is long over for records
        // this old: their next attempt fails them for good, and the sweep after it removes them.
        TestDatabase.rows("UPDATE webhook_deliveries SET created_at = created_at - make_interval(days => ?) "
                + "WHERE endpoint_id = ? RETURNING id", (int) RETENTION.plusDays(1).toDays(), refusing);
        awaitGone(events);

        assertThat(Api.get("/events").key(key).send().json().get("count").asLong()).isZero();
        for (String endpoint : List.of(refusing, taking)) {
            JsonNode gone = Api.get("/webhook_endpoints/" + endpoint + "/deliveries").key(key).send().json();
            assertThat(gone.get("count").asLong()).isZero();
            assertThat(gone.get("data")).isEmpty();
        }
        assertThat(TestDatabase.number("SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id "
                + "WHERE d.organization_id = ?", tenant.id())).isZero();
    }

    /**
     * docs/integrators.md#events: the removal keeps each object's sequence counter, so its
     * next event goes on counting where its removed events stopped, never from 1 again.
     */
    @Test
    void anObjectsNextEventGoesOnCountingAfterItsEventsAreRemoved() {
        String action = PublicIds.newId("aa", Mode.TEST);
        List<String> removed = List.of(AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED, action),
                AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_COMPLETED, action));

        age(removed, RETENTION.plusDays(1));
        BackgroundWork.awaitTwoRuns("remove-old-events");
        String next = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CANCELED, action);

        removed.forEach(id -> Api.get("/events/" + id).key(key).send().assertError(404, "not_found_error"));
        assertThat(Api.get("/events/" + next).key(key).send().json().get("sequence").asLong()).isEqualTo(3);
        assertThat(Api.get("/events").key(key).send().json().get("count").asLong()).isEqualTo(1);
    }

    /**
     * docs/operators.md#events-and-their-retention: the sweep never waits long for a lock a
     * request holds (here the tenant's event counters, as a transaction recording an event
     * holds them until it commits): it gives way within a fraction of a second, without
     * failing, and takes the events on a later run.
     */
    @Test
    void theSweepGivesWayToALockARequestHoldsAndRemovesTheEventsLater() throws SQLException {
        String event = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED);
        age(List.of(event), RETENTION.plusDays(1));

        try (Connection holder = TestDatabase.connect(TestDatabase.url())) {
            holder.setAutoCommit(false);
            try (PreparedStatement counters = holder.prepareStatement("INSERT INTO collection_counts "
                    + "(organization_id, mode, collection, shard, count) SELECT ?, 'test', collection, shard, 0 "
                    + "FROM unnest(ARRAY['events', 'events:adverse_action.created']) collection, generate_series(0, 63) shard "
                    + "ON CONFLICT (organization_id, mode, collection, shard) DO UPDATE SET count = collection_counts.count")) {
                counters.setString(1, tenant.id());
                counters.executeUpdate();
            }
            BackgroundWork.awaitTwoRuns("remove-old-events");

            assertThat(Api.get("/events/" + event).key(key).send().status()).isEqualTo(200);
            assertThat(TestDatabase.number("SELECT count(*) FROM work_errors WHERE task_name = 'remove-old-events'")).isZero();
            holder.rollback();
        }
        BackgroundWork.awaitTwoRuns("remove-old-events");

        Api.get("/events/" + event).key(key).send().assertError(404, "not_found_error");
        assertThat(Api.get("/events").key(key).send().json().get("count").asLong()).isZero();
    }

    private WebhookReceiver receiver() {
        WebhookReceiver receiver = WebhookReceiver.start();
        receivers.add(receiver);
        return receiver;
    }

    /** A webhook endpoint of every event type at this URL; its id. */
    private String endpoint(String url) {
        return Api.post("/webhook_endpoints").key(key).json("{\"webhook_endpoint\": {\"url\": \"" + url + "\"}}").send()
                .json().get("id").asText();
    }

    /** The ids of the events of an order and of its report. */
    private List<String> eventIds(String order) {
        String report = Screenings.report(key, order).get("id").asText();
        return Stream.concat(eventsOf(key, order).stream(), eventsOf(key, report).stream())
                .map(event -> event.get("id").asText()).toList();
    }

    /** Moves the events' creation this far back, as that much time passing would. */
    private static void age(List<String> eventIds, Duration by) {
        List<List<Object>> aged = TestDatabase.rows("UPDATE events SET created_at = created_at - make_interval(days => ?) "
                + "WHERE id = ANY (string_to_array(?, ',')) RETURNING id", (int) by.toDays(), String.join(",", eventIds));
        assertThat(aged).hasSize(eventIds.size());
    }

    /** Polls the endpoint's deliveries until there are {@code count}, each in this status; answers them. */
    private List<JsonNode> awaitDeliveries(String endpoint, int count, String status) {
        return awaitDeliveries(endpoint, count, delivery -> delivery.get("status").asText().equals(status), status);
    }

    /** Polls the endpoint's deliveries until there are {@code count}, each attempted at least once and still pending. */
    private void awaitAttempted(String endpoint, int count) {
        awaitDeliveries(endpoint, count, delivery -> delivery.get("status").asText().equals("pending")
                && delivery.get("attempts").asInt() >= 1, "pending after an attempt");
    }

    private List<JsonNode> awaitDeliveries(String endpoint, int count, Predicate<JsonNode> done, String what) {
        return await(count + " deliveries " + what).until(() -> {
            List<JsonNode> deliveries = new ArrayList<>();
            Api.get("/webhook_endpoints/" + endpoint + "/deliveries?per_page=100").key(key).send().json().get("data").forEach(deliveries::add);
            return deliveries;
        }, deliveries -> deliveries.size() == count && deliveries.stream().allMatch(done));
    }

    /** Polls GET /events/{id} of each event until it answers 404 (it must, within the patience). */
    private void awaitGone(List<String> eventIds) {
        for (String id : eventIds) {
            await("event " + id + " removed").until(() -> Api.get("/events/" + id).key(key).send().status() == 404);
        }
    }

    private static List<String> deliveryIdsOf(List<JsonNode> deliveries, List<String> eventIds) {
        return deliveries.stream().filter(delivery -> eventIds.contains(delivery.get("event_id").asText()))
                .map(delivery -> delivery.get("id").asText()).toList();
    }

    private static long count(String sql, List<String> ids) {
        return TestDatabase.number(sql, String.join(",", ids));
    }

}
