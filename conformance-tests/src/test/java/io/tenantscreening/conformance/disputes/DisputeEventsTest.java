package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.conformance.support.WebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#disputes and EventType: dispute.created when a dispute is received,
 * dispute.resolved when its reinvestigation ends, dispute.statement_added when the applicant
 * files a statement of dispute, each carrying the dispute; they exist from
 * API version 2026-11-28 only (openapi.yaml#versioning, GET /events rules 3 and 4,
 * GET /events/{id} rule 3, POST /webhook_endpoints rule 4).
 */
@ExtendWith(FreshTenants.class)
class DisputeEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String VERSION = "Service-Tenant-Version";

    @Fresh
    private String key;

    /** openapi.yaml#disputes: opening emits dispute.created with the open dispute, resolving dispute.resolved with the resolved one. */
    @Test
    void aDisputeEmitsDisputeCreatedWhenOpenedAndDisputeResolvedWithItsOutcomes() {
        String dispute = open(evictionOrder());
        JsonNode open = Api.get("/disputes/" + dispute).key(key).send().json();

        JsonNode resolved = resolve(dispute);

        List<JsonNode> events = Screenings.eventsOf(key, dispute);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("dispute.created", "dispute.resolved");
        assertThat(events.get(0).get("data").get("object")).isEqualTo(open);
        assertThat(events.get(0).get("data").get("previous_status").isNull()).isTrue();
        assertThat(events.get(1).get("data").get("object")).isEqualTo(resolved);
        assertThat(events.get(1).get("data").get("object").get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("open");
        assertThat(events).allSatisfy(event -> assertThat(event.get("data").get("previous_attributes").isNull()).isTrue());
        assertThat(events).allSatisfy(event -> assertThat(Api.get("/events/" + event.get("id").asText()).key(key).send().json())
                .isEqualTo(event));
    }

    /** POST /test_helpers/disputes/{id}/statement, rule 5: a statement of dispute filed emits dispute.statement_added with it. */
    @Test
    void aStatementOfDisputeEmitsDisputeStatementAdded() {
        String dispute = open(evictionOrder());
        Api.post("/test_helpers/disputes/" + dispute + "/resolve").key(key).json("{\"outcome\":\"upheld\"}").send().json();

        JsonNode filed = Api.post("/test_helpers/disputes/" + dispute + "/statement").key(key)
                .json("{\"statement\":\"I paid the rent before the case was filed.\"}").send().json();

        List<JsonNode> events = Screenings.eventsOf(key, dispute);
        assertThat(events).extracting(event -> event.get("type").asText())
                .containsExactly("dispute.created", "dispute.resolved", "dispute.statement_added");
        assertThat(events.get(2).get("data").get("object")).isEqualTo(filed);
        assertThat(filed.get("statement").get("text").asText()).isEqualTo("I paid the rent before the case was filed.");
        assertThat(events.get(2).get("data").get("previous_status").isNull()).isTrue();
    }

    /** GET /events rules 3 and 4, GET /events/{id} rule 3: under an older version dispute events do not exist. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-11-25", "2026-04-29"})
    void underAnOlderVersionDisputeEventsAreNeitherListedNorFound(String older) {
        String dispute = open(evictionOrder());
        resolve(dispute);
        List<JsonNode> events = Screenings.eventsOf(key, dispute);
        assertThat(events).hasSize(2);

        JsonNode listed = Api.get("/events?per_page=100").key(key).header(VERSION, older).send().json();

        assertThat(listed.get("data")).noneSatisfy(event -> assertThat(event.get("type").asText()).startsWith("dispute."));
        assertThat(listed.get("count").asLong()).isEqualTo(listed.get("data").size());
        JsonNode newest = Api.get("/events?per_page=100").key(key).header(VERSION, "2026-11-28").send().json();
        assertThat(ids(newest.get("data"))).containsAll(ids(listed.get("data"))).containsAll(ids(JSON.valueToTree(events)));
        for (JsonNode event : events) {
            Api.get("/events/" + event.get("id").asText()).key(key).header(VERSION, older).send().assertError(404, "not_found_error");
        }
        JsonNode refused = Api.get("/events?type=dispute.created").key(key).header(VERSION, older).send().assertValidationErrors();
        assertThat(refused.get(0).get("source").get("parameter").asText()).isEqualTo("type");
        JsonAssertions.assertDetailMentions(refused.get(0), "API version " + older);
    }

    /** POST /webhook_endpoints rule 4: an endpoint of 2026-11-25 never receives dispute events, one of 2026-11-28 does. */
    @Test
    void disputeEventsAreDeliveredOnlyToEndpointsOfTheVersionThatHasThem() throws Exception {
        try (WebhookReceiver older = WebhookReceiver.start(); WebhookReceiver newer = WebhookReceiver.start()) {
            String olderEndpoint = endpoint("2026-11-25", older.url());
            endpoint("2026-11-28", newer.url());
            String order = evictionOrder();
            String dispute = open(order);
            resolve(dispute);

            List<WebhookReceiver.Received> toNewer = newer.await(2, received -> received.text().contains("\"type\":\"dispute."),
                    Waits.PATIENCE);
            List<WebhookReceiver.Received> toOlder = older.await(2, received -> received.text().contains("\"type\":\"report.d")
                    || received.text().contains("\"type\":\"report.updated"), Waits.PATIENCE);

            assertThat(toNewer).extracting(received -> JSON.readTree(received.body()).get("type").asText())
                    .containsExactlyInAnyOrder("dispute.created", "dispute.resolved");
            assertThat(toOlder).hasSize(2);
            assertThat(TestDatabase.rows("SELECT event_type FROM webhook_deliveries WHERE endpoint_id = ?", olderEndpoint))
                    .extracting(row -> row.get(0).toString()).noneMatch(type -> type.startsWith("dispute."))
                    .contains("report.disputed", "report.updated");
        }
    }

    private static List<String> ids(JsonNode events) {
        return StreamSupport.stream(events.spliterator(), false).map(event -> event.get("id").asText()).toList();
    }

    private String endpoint(String version, String url) {
        return Api.post("/webhook_endpoints").key(key).header(VERSION, version)
                .json("{\"webhook_endpoint\":{\"url\":\"" + url + "\",\"enabled_events\":[]}}").send().json().get("id").asText();
    }

    /** A completed test order whose applicant has an eviction record (SSN ending in 0001). */
    private String evictionOrder() {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", "ordinary-" + UUID.randomUUID() + "@example.com").put("ssn", "123-45-0001");
        String id = OrderRequests.placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** Opens a dispute of the order's eviction record, left open until {@link #resolve}. */
    private String open(String order) {
        return Api.post("/test_helpers/orders/" + order + "/disputes").key(key)
                .json("{\"dispute\":{\"items\":[{\"check\":\"eviction\",\"record\":0}],\"reason\":\"Not my case. [unanswered]\"}}")
                .send().json().get("id").asText();
    }

    private JsonNode resolve(String dispute) {
        return Api.post("/test_helpers/disputes/" + dispute + "/resolve").key(key).json("{\"outcome\":\"deleted\"}").send().json();
    }
}
