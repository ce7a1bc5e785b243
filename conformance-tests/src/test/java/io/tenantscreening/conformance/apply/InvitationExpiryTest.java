package io.tenantscreening.conformance.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.awaitStatus;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#order-lifecycle and openapi.yaml#orders-and-their-states: an
 * invitation left unanswered for 30 days (INVITATION_EXPIRY_DAYS) cancels itself, through the
 * same path as a cancel, by the expire-invitations sweep (docs/operators.md#background-work).
 * The service's clock is moved; the sweep runs on real time every half second in the test
 * server.
 */
@OwnDatabase
class InvitationExpiryTest {

    private final MovableClock clock = TestServer.clock();

    @AfterEach
    void realTime() {
        clock.reset();
    }

    /**
     * docs/integrators.md#order-lifecycle: 30 days after its creation, not a second earlier, the
     * waiting order is canceled (its link gone, the transition kept with its cause) with an
     * order.canceled event.
     */
    @Test
    void anInvitationUnansweredFor30DaysCancelsItselfAndNotASecondEarlier() {
        String key = TestTenant.create().testKey();
        ObjectNode body = body();
        applicant(body).put("email", "slow@apply.test");
        String id = placed(key, body);
        Instant created = Instant.parse(Api.get("/orders/" + id).key(key).send().json().get("created_at").asText());

        clock.stopAt(created.plus(Duration.ofDays(30)).minusSeconds(1));
        BackgroundWork.awaitTwoRuns("expire-invitations");
        assertThat(Api.get("/orders/" + id).key(key).send().json().get("status").asText()).isEqualTo("waiting_for_applicant");

        Instant expiry = created.plus(Duration.ofDays(30)).plusSeconds(1);
        clock.stopAt(expiry);
        JsonNode canceled = awaitStatus(key, id, "canceled");

        assertThat(Instant.parse(canceled.get("canceled_at").asText())).isEqualTo(expiry);
        assertThat(canceled.get("application_url").isNull()).isTrue();
        assertThat(Screenings.transitions(id).get(1)).isEqualTo(List.of("waiting_for_applicant", "canceled",
                "invitation_expiry"));
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("order.canceled");
        assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("waiting_for_applicant");
    }

}
