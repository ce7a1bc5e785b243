package io.tenantscreening.conformance.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.AdverseActionEvents;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.events.EventType;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.relative;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /events, rules 1 to 4 (newest first in the list envelope, cursor, type filter, what
 * each version lists) and GET /events/{id}, rules 1 to 3; docs/integrators.md#events (report.*
 * events as reports are produced), openapi.yaml#lists-and-pagination, and
 * openapi.yaml#authentication (each organisation and mode sees only its own events, another's
 * are 404, a read_only key reads); openapi.yaml#versioning: the adverse_action.* events exist
 * only from version 2026-11-25.
 */
@ExtendWith(FreshTenants.class)
class EventsTest {

    private static final String VERSION = "Service-Tenant-Version";
    private static final String NEWEST = "2026-11-28";
    private static final String OLD = "2026-04-29";

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * GET /events, rule 1: the organisation's events of the key's mode, newest first, with the
     * count of them all; each data.object says what it is.
     */
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
            assertThat(event.get("data").get("object").get("object").asText()).as("data.object says what it is").isEqualTo("order");
        });
    }

    /**
     * GET /events, rules 1 and 2: type keeps one type, count counts that type's events, and
     * next_href and previous_href keep the filter; report.completed comes as reports are produced
     * (docs/integrators.md#events).
     */
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
        assertThat(all).allSatisfy(event -> {
            assertThat(event.get("type").asText()).isEqualTo("report.completed");
            assertThat(event.get("data").get("object").get("object").asText()).as("data.object says what it is").isEqualTo("report");
        });
        assertThat(Api.get("/events").key(key).send().json().get("count").asLong()).as("3 orders, 3 events each").isEqualTo(9);
        assertThat(Api.get("/events?type=order.canceled").key(key).send().json().get("count").asLong()).isZero();
    }

    /**
     * GET /events, rule 2: a cursor pages only the list that issued it; with another type it is 422
     * on cursor.
     */
    @Test
    void aCursorOfOneListDoesNotPageAnother() {
        for (int i = 0; i < 2; i++) {
            Screenings.complete(key, placed(key, body()));
        }
        String cursor = Api.get("/events?per_page=1").key(key).send().json().get("next_href").asText().replaceAll(".*cursor=([^&]+).*", "$1");

        JsonNode errors = Api.get("/events?type=order.pending&per_page=1&cursor=" + cursor).key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("cursor");
    }

    /** GET /events, rule 3: a type that is not an event type is 422 on the parameter type. */
    @Test
    void anUnknownTypeIs422OnTheParameter() {
        JsonNode errors = Api.get("/events?type=order.created").key(key).sendInvalid().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("type");
    }

    /** GET /events/{id}, rule 1: an event reads as GET /events lists it. */
    @Test
    void anEventIsReadByIdAsListed() {
        String id = placed(key, body());
        Screenings.complete(key, id);

        for (JsonNode listed : Screenings.events(key)) {
            JsonNode event = Api.get("/events/" + listed.get("id").asText()).key(key).send().json();

            assertThat(event).isEqualTo(listed);
        }
    }

    /**
     * GET /events/{id}, rule 2, and openapi.yaml#authentication: another organisation's event, the
     * other mode's and an unknown id are 404, the other mode lists none, and a read_only key reads
     * events.
     */
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

    // GET /events, rule 4, and openapi.yaml#versioning: the adverse_action.* events exist only
    // from 2026-11-25; under 2026-04-29 GET /events neither lists nor counts them, and pages end
    // where only they remain.
    @Test
    void underTheOlderVersionAdverseActionEventsAreNeitherListedNorCountedNorPagedTo() {
        String oldest = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED);
        String olderOrder = canceledOrder();
        String middle = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_COMPLETED);
        String newerOrder = canceledOrder();
        String newest = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CANCELED);

        JsonNode all = Api.get("/events").key(key).header(VERSION, NEWEST).send().json();
        JsonNode byDefault = Api.get("/events").key(key).send().json();
        ApiResponse firstOld = Api.get("/events?per_page=1").key(key).header(VERSION, OLD).send();
        JsonNode first = firstOld.json();
        JsonNode second = Api.get(relative(first.get("next_href").asText())).key(key).header(VERSION, OLD).send().json();
        JsonNode back = Api.get(relative(second.get("previous_href").asText())).key(key).header(VERSION, OLD).send().json();

        assertThat(all.get("count").asLong()).isEqualTo(5);
        assertThat(all.get("data")).extracting(event -> event.get("id").asText()).containsSubsequence(newest, middle, oldest);
        assertThat(all.get("data")).extracting(event -> event.get("data").get("object").get("id").asText())
                .containsSubsequence(newerOrder, olderOrder);
        assertThat(byDefault).isEqualTo(all);
        assertThat(firstOld.header(VERSION)).isEqualTo(OLD);
        for (JsonNode page : List.of(first, second, back)) {
            assertThat(page.get("count").asLong()).isEqualTo(2);
            assertThat(page.get("data")).hasSize(1).allSatisfy(event -> assertThat(event.get("type").asText()).isEqualTo("order.canceled"));
        }
        assertThat(first.get("data").get(0).get("data").get("object").get("id").asText()).isEqualTo(newerOrder);
        assertThat(first.get("previous_cursor").isNull()).as("only a newer adverse_action event").isTrue();
        assertThat(second.get("data").get(0).get("data").get("object").get("id").asText()).isEqualTo(olderOrder);
        assertThat(second.get("next_cursor").isNull()).as("only an older adverse_action event").isTrue();
        assertThat(second.get("previous_cursor").isNull()).isFalse();
        assertThat(back.get("data")).isEqualTo(first.get("data"));
        assertThat(back.get("previous_cursor").isNull()).as("only a newer adverse_action event").isTrue();
    }

    // GET /events/{id}, rules 1 and 3, and openapi.yaml#versioning: an adverse_action event is
    // read as listed under 2026-11-25 and answers 404 under 2026-04-29.
    @Test
    void anAdverseActionEventIsReadUnderTheNewestVersionAndMissingUnderTheOlder() {
        String id = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED);
        JsonNode listed = Api.get("/events").key(key).send().json().get("data").get(0);

        JsonNode newest = Api.get("/events/" + id).key(key).header(VERSION, NEWEST).send().json();
        JsonNode byDefault = Api.get("/events/" + id).key(key).send().json();
        ApiResponse old = Api.get("/events/" + id).key(key).header(VERSION, OLD).send();

        assertThat(newest).isEqualTo(listed).isEqualTo(byDefault);
        assertThat(newest.get("type").asText()).isEqualTo("adverse_action.created");
        assertThat(newest.get("data").get("object").get("object").asText()).isEqualTo("adverse_action");
        old.assertError(404, "not_found_error");
        assertThat(old.header(VERSION)).isEqualTo(OLD);
    }

    // GET /events, rules 2 and 3, and openapi.yaml#versioning: an adverse_action type is a value
    // outside the event types of 2026-04-29, refused with 422 on the parameter; under 2026-11-25
    // it filters.
    @Test
    void anAdverseActionTypeFiltersUnderTheNewestVersionAndIsRefusedUnderTheOlder() {
        AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED);
        AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED);
        AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_NOTICE_UNDELIVERABLE);
        canceledOrder();

        JsonNode created = Api.get("/events?type=adverse_action.created").key(key).header(VERSION, NEWEST).send().json();
        ApiResponse refused = Api.get("/events?type=adverse_action.created").key(key).header(VERSION, OLD).send();
        JsonNode canceled = Api.get("/events?type=order.canceled").key(key).header(VERSION, OLD).send().json();

        assertThat(created.get("count").asLong()).isEqualTo(2);
        assertThat(created.get("data")).hasSize(2).allSatisfy(event -> assertThat(event.get("type").asText())
                .isEqualTo("adverse_action.created"));
        JsonNode errors = refused.assertValidationErrors();
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("type");
        JsonAssertions.assertDetailMentions(errors.get(0), "API version 2026-04-29");
        assertThat(refused.header(VERSION)).isEqualTo(OLD);
        assertThat(canceled.get("count").asLong()).isEqualTo(1);
    }

    /** A test order, canceled while it waits for its applicant: exactly one event (order.canceled). */
    private String canceledOrder() {
        String id = placed(key, waiting());
        Api.post("/orders/" + id + "/cancel").key(key).send();
        return id;
    }

    private static ObjectNode waiting() {
        ObjectNode body = body();
        applicant(body).put("email", "events@apply.test");
        return body;
    }
}
