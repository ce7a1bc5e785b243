package io.tenantscreening.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.relative;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed: Events (report.* as reports are produced), the List envelope, Rule 2 (isolation per
 * mode), Authentication rule 4; decisions and the contract: GET /events (newest first,
 * cursor, type filter) and GET /events/{id}.
 */
class EventsTest {

    private TestTenant tenant;
    private String key;

    @BeforeEach
    void tenant() {
        tenant = TestTenant.create();
        key = tenant.testKey();
    }

    @Test
    void eventsAreListedNewestFirstWithTheWholeCount() {
        List<String> newestFirst = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String id = placed(key, waiting());
            Api.post("/orders/" + id + "/cancel").key(key).send();
            newestFirst.add(0, id);
        }

        JsonNode list = Api.get("/events").key(key).send().json();

        assertThat(list.get("object").asText()).isEqualTo("list");
        assertThat(list.get("count").asLong()).isEqualTo(3);
        assertThat(list.get("data")).extracting(event -> event.get("data").get("object").get("id").asText())
                .containsExactlyElementsOf(newestFirst);
        assertThat(list.get("data")).allSatisfy(event -> {
            assertThat(event.get("object").asText()).isEqualTo("event");
            assertThat(event.get("type").asText()).isEqualTo("order.canceled");
            assertThat(event.get("live_mode").asBoolean()).isFalse();
        });
    }

    @Test
    void typeKeepsOneTypeWithItsOwnCountAndPagesKeepTheFilter() {
        for (int i = 0; i < 3; i++) {
            Screenings.complete(key, placed(key, body()));
        }

        JsonNode first = Api.get("/events?type=report.completed&per_page=2").key(key).send().json();
        JsonNode second = Api.get(relative(first.get("next_href").asText())).key(key).send().json();

        assertThat(first.get("count").asLong()).isEqualTo(3);
        assertThat(first.get("next_href").asText()).startsWith(TestServer.baseUrl() + "/events?").contains("type=report.completed")
                .contains("per_page=2");
        assertThat(first.get("data")).hasSize(2);
        assertThat(second.get("data")).hasSize(1);
        assertThat(second.get("next_href").isNull()).isTrue();
        assertThat(second.get("previous_href").asText()).contains("type=report.completed");
        List<JsonNode> all = new ArrayList<>();
        first.get("data").forEach(all::add);
        second.get("data").forEach(all::add);
        assertThat(all).allSatisfy(event -> assertThat(event.get("type").asText()).isEqualTo("report.completed"));
        assertThat(Api.get("/events").key(key).send().json().get("count").asLong()).as("3 orders, 3 events each").isEqualTo(9);
        assertThat(Api.get("/events?type=order.canceled").key(key).send().json().get("count").asLong()).isZero();
    }

    @Test
    void aCursorOfOneListDoesNotPageAnother() {
        for (int i = 0; i < 2; i++) {
            Screenings.complete(key, placed(key, body()));
        }
        String cursor = Api.get("/events?per_page=1").key(key).send().json().get("next_href").asText().replaceAll(".*cursor=([^&]+).*", "$1");

        JsonNode errors = Api.get("/events?type=order.pending&per_page=1&cursor=" + cursor).key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("cursor");
    }

    @Test
    void anUnknownTypeIs422OnTheParameter() {
        JsonNode errors = Api.get("/events?type=order.created").key(key).sendInvalid().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("type");
    }

    @Test
    void anEventIsReadByIdAsListed() {
        String id = placed(key, body());
        Screenings.complete(key, id);

        for (JsonNode listed : Screenings.events(key)) {
            JsonNode event = Api.get("/events/" + listed.get("id").asText()).key(key).send().json();

            assertThat(event).isEqualTo(listed);
        }
    }

    @Test
    void eventsOfAnotherOrganisationOrOfTheOtherModeAre404AndAReadOnlyKeyReadsThem() {
        TestTenant other = TestTenant.create();
        String otherKey = other.testKey();
        Screenings.complete(otherKey, placed(otherKey, body()));
        String foreign = Screenings.events(otherKey).get(0).get("id").asText();
        Screenings.complete(key, placed(key, body()));
        String own = Screenings.events(key).get(0).get("id").asText();
        tenant.billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();

        Api.get("/events/" + foreign).key(key).send().assertError(404, "not_found_error");
        Api.get("/events/" + own).key(liveKey).send().assertError(404, "not_found_error");
        Api.get("/events/evt_test_000000000000000000000000").key(key).send().assertError(404, "not_found_error");
        assertThat(Api.get("/events").key(liveKey).send().json().get("count").asLong()).isZero();
        assertThat(Api.get("/events/" + own).key(tenant.key(Mode.TEST, Scope.READ_ONLY).secret()).send().status()).isEqualTo(200);
    }

    private static ObjectNode waiting() {
        ObjectNode body = body();
        applicant(body).put("email", "events@apply.test");
        return body;
    }
}
