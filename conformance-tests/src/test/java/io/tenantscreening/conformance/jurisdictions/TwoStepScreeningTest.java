package io.tenantscreening.conformance.jurisdictions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static io.tenantscreening.conformance.support.ConditionalOffers.offer;
import static io.tenantscreening.conformance.support.ConditionalOffers.today;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-step screening (openapi.yaml, Two-step screening under Orders; Criminal checks held or
 * not run under Reports): a criminal check the order's screening rules hold until the
 * landlord's conditional offer (N.Y.C. Admin. Code § 8-107(5)(o)(4)) or bar (Seattle
 * Municipal Code § 14.09.025) is asked of no provider, and POST /orders/{id}/conditional_offer
 * releases a held one. Orders are placed at the rule data's places (docs/operators.md,
 * Jurisdictions): New York City (350 5th Ave, 10118: two-step), Seattle (98104, city 5363000:
 * not allowed) and Austin (78701: standard).
 */
@ExtendWith(FreshTenants.class)
class TwoStepScreeningTest {

    private static final String REPLAYED = "Idempotent-Replayed";
    private static final String CRIMINAL_ONLY = "{\"criminal_lookback_years\": 7}";

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    /**
     * GET /orders/{id}, rule 3, and ReportStatus, ScreeningResult, ReportCheck.restriction:
     * a held criminal check is asked of no provider; the order completes with its other checks,
     * the report says the check is held and why, and the recommendation is decided without it.
     */
    @Test
    void aHeldCriminalCheckLetsTheOrderCompleteAndTheReportSaysWhy() {
        String policy = Policies.create(key, CRIMINAL_ONLY);
        String order = completedTestOrder(Place.NEW_YORK_CITY, policy);

        JsonNode criminal = Api.get("/orders/" + order).key(key).send().json().get("checks").get(2);
        assertThat(criminal.get("type").asText()).isEqualTo("criminal");
        assertThat(criminal.get("status").asText()).isEqualTo("held");
        assertThat(criminal.get("estimated_completion_at").isNull()).isTrue();
        JsonNode report = Screenings.report(key, order);
        JsonNode check = report.get("checks").get(2);
        assertThat(check.get("status").asText()).isEqualTo("held");
        assertThat(check.get("result").asText()).isEqualTo("unavailable");
        assertThat(check.get("provider").asText()).isEqualTo("none");
        assertThat(check.get("details").size()).isZero();
        assertThat(check.get("restriction").get("reason").asText()).isEqualTo("awaiting_conditional_offer");
        assertThat(check.get("restriction").get("citations")).anySatisfy(citation -> {
            assertThat(citation.get("place").asText()).isEqualTo("us-ny-new-york-city");
            assertThat(citation.get("section").asText()).isEqualTo("N.Y.C. Admin. Code § 8-107(5)(o)(4)");
        });
        assertThat(report.get("provider").asText()).isEqualTo("test");
        assertThat(report.get("checks").get(0).has("restriction")).isFalse();
        assertThat(report.get("recommendation").get("reasons").get(0).get("code").asText()).isEqualTo("check_not_ordered");
        assertThat(report.get("recommendation").get("reasons").get(0).get("detail").asText()).contains("held");
        assertThat(criminalChecksStored(order, "held")).isEqualTo(1);
    }

    /**
     * POST /orders/{id}/conditional_offer, rules 1 and 7: the offer releases the check (pending),
     * and when it completes the report gets version 2 with it, the recommendation measured
     * again, and report.updated with the previous checks and recommendation.
     */
    @Test
    void aConditionalOfferReleasesTheCheckAndItsCompletionMakesANewReportVersion() {
        String policy = Policies.create(key, CRIMINAL_ONLY);
        String order = completedTestOrder(Place.NEW_YORK_CITY, policy);
        JsonNode first = Screenings.report(key, order);

        ApiResponse offered = offer(key, order, today(), UUID.randomUUID().toString());

        assertThat(offered.status()).as(offered.body()).isEqualTo(200);
        assertThat(offered.json().get("status").asText()).isEqualTo("completed");
        assertThat(offered.json().get("checks").get(2).get("status").asText()).isEqualTo("pending");
        assertThat(offered.json().get("checks").get(2).get("estimated_completion_at").isNull()).isFalse();
        JsonNode second = Waits.await("the report's second version").until(() -> Screenings.report(key, order),
                report -> report.get("version").asInt() == 2);
        assertThat(second.get("checks").get(2).get("status").asText()).isEqualTo("complete");
        assertThat(second.get("checks").get(2).get("result").asText()).isIn("clear", "consider");
        assertThat(second.get("checks").get(2).has("restriction")).isFalse();
        assertThat(second.get("recommendation").get("reasons")).noneMatch(reason -> reason.get("code").asText()
                .equals("check_not_ordered"));
        assertThat(Api.get("/orders/" + order).key(key).send().json().get("checks").get(2).get("status").asText())
                .isEqualTo("complete");
        List<JsonNode> events = Screenings.eventsOf(key, first.get("id").asText());
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("report.completed", "report.updated");
        JsonNode previous = events.get(1).get("data").get("previous_attributes");
        assertThat(previous.get("checks")).isEqualTo(first.get("checks"));
        assertThat(previous.get("recommendation")).isEqualTo(first.get("recommendation"));
        assertThat(Api.get("/reports/" + first.get("id").asText() + "/versions/1").key(key).send().json().get("checks"))
                .isEqualTo(first.get("checks"));
    }

    /**
     * POST /orders/{id}/conditional_offer, rules 1 and 7: an offer on a pending order releases
     * the check before the order completes; the order's own screening asks it, and the first
     * report has it complete.
     */
    @Test
    void anOfferWhileTheOrderIsPendingLetsItsScreeningAskTheCheck() {
        String order = waitingTestOrder(Place.NEW_YORK_CITY, null);
        Screenings.submit(key, order);

        ApiResponse offered = offer(key, order, today(), UUID.randomUUID().toString());

        assertThat(offered.status()).as(offered.body()).isEqualTo(200);
        assertThat(offered.json().get("status").asText()).isEqualTo("pending");
        assertThat(offered.json().get("checks").get(2).get("status").asText()).isEqualTo("pending");
        Screenings.awaitStatus(key, order, "completed");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("version").asInt()).isEqualTo(1);
        assertThat(report.get("checks").get(2).get("status").asText()).isEqualTo("complete");
        assertThat(report.get("checks").get(2).get("provider").asText()).isEqualTo("test");
    }

    /** POST /orders/{id}/conditional_offer, rule 2: a check released already, or never held, is 422 on the id. */
    @Test
    void anOrderWithNoHeldCheckRefusesTheOffer() {
        String held = completedTestOrder(Place.NEW_YORK_CITY, null);
        assertThat(offer(key, held, today(), UUID.randomUUID().toString()).status()).isEqualTo(200);

        for (String order : List.of(held, completedTestOrder(Place.AUSTIN, null),
                completedTestOrder(Place.SEATTLE, null))) {
            ApiResponse refused = offer(key, order, today(), UUID.randomUUID().toString());
            assertThat(refused.status()).as(refused.body()).isEqualTo(422);
            assertThat(refused.json().get("errors").get(0).get("code").asText()).isEqualTo("validation_error");
            assertThat(refused.json().get("errors").get(0).get("source").get("parameter").asText()).isEqualTo("id");
        }
        assertThat(TestDatabase.number("SELECT count(*) FROM conditional_offers WHERE order_id = ?", held)).isEqualTo(1);
    }

    /**
     * POST /orders/{id}/cancel, rule 5, and POST /orders/{id}/conditional_offer, rule 3: an order
     * canceled while its criminal check is held refuses the offer, and the check is never asked.
     */
    @Test
    void aCanceledOrderNeverRunsItsHeldCheck() {
        String order = waitingTestOrder(Place.NEW_YORK_CITY, null);
        Screenings.submit(key, order);
        assertThat(Api.post("/orders/" + order + "/cancel").key(key).send().status()).isEqualTo(200);

        ApiResponse refused = offer(key, order, today(), UUID.randomUUID().toString());

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.json().get("errors").get(0).get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(refused.json().get("errors").get(0).get("detail").asText()).contains("canceled");
        assertThat(TestDatabase.number("SELECT count(*) FROM screening_checks WHERE order_id = ? AND check_type = 'criminal' "
                + "AND status IN ('requested', 'complete')", order)).isZero();
        assertThat(TestDatabase.number("SELECT count(*) FROM conditional_offers WHERE order_id = ?", order)).isZero();
    }

    /** POST /orders/{id}/conditional_offer, rule 4: another organisation's order is 404. */
    @Test
    void anotherOrganisationsOrderIsNotFound() {
        String order = completedTestOrder(Place.NEW_YORK_CITY, null);
        String stranger = TestTenant.create().testKey();

        ApiResponse refused = offer(stranger, order, today(), UUID.randomUUID().toString());

        assertThat(refused.status()).isEqualTo(404);
        assertThat(criminalChecksStored(order, "held")).isEqualTo(1);
    }

    /** POST /orders/{id}/conditional_offer, rule 5: an offer made after today is 422 on made_on. */
    @Test
    void anOfferDatedAfterTodayIs422OnMadeOn() {
        String order = completedTestOrder(Place.NEW_YORK_CITY, null);

        ApiResponse refused = offer(key, order, today().plusDays(2), UUID.randomUUID().toString());

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("errors").get(0).get("source").get("pointer").asText()).isEqualTo("/conditional_offer/made_on");
        assertThat(criminalChecksStored(order, "held")).isEqualTo(1);
    }

    /** POST /orders/{id}/conditional_offer, rule 6: offers that race release the check once. */
    @Test
    void racingOffersReleaseTheCheckOnce() throws Exception {
        String order = completedTestOrder(Place.NEW_YORK_CITY, null);

        List<ApiResponse> answers = Concurrently.send(4, client -> offer(key, order, today(), UUID.randomUUID().toString()));

        assertThat(answers).extracting(ApiResponse::status).containsOnly(200, 422);
        assertThat(answers).filteredOn(answer -> answer.status() == 200).hasSize(1);
        assertThat(answers).filteredOn(answer -> answer.status() == 422).allSatisfy(answer -> assertThat(answer.json()
                .get("errors").get(0).get("source").get("parameter").asText()).as("nothing held any more").isEqualTo("id"));
        assertThat(TestDatabase.number("SELECT count(*) FROM conditional_offers WHERE order_id = ?", order)).isEqualTo(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'screen-released-check' "
                + "AND task_instance = ?", order)).isLessThanOrEqualTo(1);
        Waits.await("the report's second version").until(() -> Screenings.report(key, order),
                report -> report.get("version").asInt() == 2);
    }

    /**
     * GET /orders/{id}, rule 3, and ReportCheck.restriction: where the law bars criminal
     * checks the check is not run, never asked, and the report says so and why.
     */
    @Test
    void aCriminalCheckTheLawBarsIsNotRun() {
        String policy = Policies.create(key, CRIMINAL_ONLY);
        String order = completedTestOrder(Place.SEATTLE, policy);

        assertThat(Api.get("/orders/" + order).key(key).send().json().get("checks").get(2).get("status").asText())
                .isEqualTo("not_run");
        JsonNode report = Screenings.report(key, order);
        JsonNode check = report.get("checks").get(2);
        assertThat(check.get("status").asText()).isEqualTo("not_run");
        assertThat(check.get("result").asText()).isEqualTo("unavailable");
        assertThat(check.get("restriction").get("reason").asText()).isEqualTo("not_allowed_here");
        assertThat(check.get("restriction").get("description").asText()).contains("not run");
        assertThat(check.get("restriction").get("citations")).anySatisfy(citation -> {
            assertThat(citation.get("place").asText()).isEqualTo("us-wa-seattle");
            assertThat(citation.get("section").asText()).isEqualTo("SMC 14.09.025");
        });
        assertThat(report.get("recommendation").get("decision").asText()).isEqualTo("accept");
        assertThat(report.get("recommendation").get("reasons")).isEmpty();
        assertThat(criminalChecksStored(order, "not_run")).isEqualTo(1);
    }

    /**
     * POST /orders/{id}/conditional_offer, rule 8: in live mode the first 200 is kept with the
     * key and replayed with Idempotent-Replayed; the same key with another body is 422 on the header.
     */
    @Test
    void aLiveKeyReplaysItsFirstAnswerAndRefusesAnotherBody() {
        String order = completedLiveOrder();
        String idempotencyKey = UUID.randomUUID().toString();

        ApiResponse first = offer(liveKey, order, today(), idempotencyKey);
        ApiResponse again = offer(liveKey, order, today(), idempotencyKey);
        ApiResponse other = offer(liveKey, order, today().minusDays(1), idempotencyKey);

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.header(REPLAYED)).isNull();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.header(REPLAYED)).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(other.status()).isEqualTo(422);
        assertThat(other.json().get("errors").get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        assertThat(TestDatabase.number("SELECT count(*) FROM conditional_offers WHERE order_id = ?", order)).isEqualTo(1);
    }

    /** Places of the rule data, each with an address there. */
    enum Place {
        NEW_YORK_CITY, SEATTLE, AUSTIN;

        /** A complete order's body (its applicant kept waiting: the email ends in @apply.test) at an address of this place. */
        ObjectNode body() {
            ObjectNode body = OrderRequests.body();
            order(body).put("package", "complete");
            applicant(body).put("email", "casey.lee@apply.test");
            ObjectNode property = (ObjectNode) order(body).get("property");
            switch (this) {
                case NEW_YORK_CITY -> property.put("street", "350 5th Ave").put("city", "New York").put("state", "NY")
                        .put("zipcode", "10118");
                case SEATTLE -> property.put("street", "600 4th Ave").put("city", "Seattle").put("state", "WA")
                        .put("zipcode", "98104").putObject("jurisdiction").put("city_fips", "5363000");
                case AUSTIN -> property.put("street", "12 Oak Street").put("city", "Austin").put("state", "TX")
                        .put("zipcode", "78701");
            }
            return body;
        }
    }

    /** A complete test order at this place, kept waiting for its applicant. */
    private String waitingTestOrder(Place place, String policy) {
        ObjectNode body = place.body();
        if (policy != null) {
            order(body).put("screening_policy_id", policy);
        }
        return placed(key, body);
    }

    private String completedTestOrder(Place place, String policy) {
        String id = waitingTestOrder(place, policy);
        Screenings.submit(key, id);
        Screenings.complete(key, id);
        return id;
    }

    private String completedLiveOrder() {
        ObjectNode body = Place.NEW_YORK_CITY.body();
        applicant(body).put("email", "casey.lee@example.com").put("ssn", "123-45-0005").put("dob", "1990-07-14");
        String id = placed(liveKey, body);
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), id, OrderLifecycle.Actor.APPLICANT, Set.of());
        Screenings.awaitStatus(liveKey, id, "completed");
        return id;
    }

    private static long criminalChecksStored(String orderId, String status) {
        return TestDatabase.number("SELECT count(*) FROM screening_checks WHERE order_id = ? AND check_type = 'criminal' "
                + "AND status = ?", orderId, status);
    }
}
