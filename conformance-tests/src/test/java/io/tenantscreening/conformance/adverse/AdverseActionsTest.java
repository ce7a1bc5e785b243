package io.tenantscreening.conformance.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.AdverseActionRequests.completedOrder;
import static io.tenantscreening.conformance.support.AdverseActionRequests.denial;
import static io.tenantscreening.conformance.support.AdverseActionRequests.input;
import static io.tenantscreening.conformance.support.AdverseActionRequests.post;
import static io.tenantscreening.conformance.support.AdverseActionRequests.preAdverse;
import static io.tenantscreening.conformance.support.AdverseActionRequests.take;
import static io.tenantscreening.conformance.support.AdverseActionRequests.taken;
import static io.tenantscreening.conformance.support.AdverseActionRequests.text;
import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static io.tenantscreening.conformance.support.Screenings.relative;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adverse actions (openapi.yaml#adverse-action, docs/integrators.md#adverse-actions):
 * POST /adverse_actions, rules 1 to 7 (one at a time, the Idempotency-Key in test mode),
 * GET /adverse_actions, rules 1 and 2 (order_id), GET /adverse_actions/{id},
 * POST /adverse_actions/{id}/cancel, rules 1 and 2, the two notices' PDFs, and
 * POST /test_helpers/adverse_actions/{id}/complete, rules 1 to 3; the test window
 * (openapi.yaml#test-mode); the previous_status of adverse_action.* events. Test mode
 * throughout: the emails are {@link AdverseActionEmailTest}'s, live mode
 * {@link AdverseActionIdempotencyTest}'s, the window ending by itself, crashes and races
 * {@link AdverseActionWindowTest}'s.
 */
@ExtendWith(FreshTenants.class)
class AdverseActionsTest {

    /** The operator's test window by default (the test server keeps it). */
    private static final Duration TEST_WINDOW = Duration.ofSeconds(60);

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** POST /adverse_actions, rule 4: notice "final" is completed at once, the adverse action notice made, both events. */
    @Test
    void aFinalDenialIsCompletedAtOnceWithItsNoticeAndNoPreAdverseNotice() {
        String order = completedOrder(key);
        String report = Screenings.report(key, order).get("id").asText();

        ApiResponse response = take(key, denial(order));

        assertThat(response.status()).isEqualTo(201);
        JsonNode action = response.json();
        String id = action.get("id").asText();
        assertThat(id).startsWith("aa_test_");
        assertThat(response.header("Location")).isEqualTo(TestServer.baseUrl() + "/adverse_actions/" + id);
        assertThat(response.header("Idempotent-Replayed")).isNull();
        assertThat(action.get("object").asText()).isEqualTo("adverse_action");
        assertThat(action.get("live_mode").asBoolean()).isFalse();
        assertThat(action.get("order_id").asText()).isEqualTo(order);
        assertThat(action.get("report_id").asText()).isEqualTo(report);
        assertThat(action.get("decision").asText()).isEqualTo("decline");
        assertThat(action.get("conditions").isNull()).isTrue();
        assertThat(action.get("reasons")).extracting(JsonNode::asText).containsExactly("evictions_above_maximum");
        assertThat(action.get("notice").asText()).isEqualTo("final");
        assertThat(action.get("status").asText()).isEqualTo("completed");
        assertThat(action.get("response_days").isNull()).isTrue();
        assertThat(action.get("response_deadline").isNull()).isTrue();
        assertThat(action.get("pre_adverse_notice_sent_at").isNull()).isTrue();
        assertThat(action.get("adverse_action_notice_sent_at").asText()).isEqualTo(action.get("created_at").asText());
        assertThat(action.get("canceled_at").isNull()).isTrue();
        assertThat(Api.get("/adverse_actions/" + id).key(key).send().json()).isEqualTo(action);
        ApiResponse notice = Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send();
        assertThat(notice.status()).isEqualTo(200);
        assertThat(notice.header("Content-Type")).isEqualTo("application/pdf");
        assertThat(text(notice.bytes())).contains("Jamie Rivera", "not to approve your application");
        Api.get("/adverse_actions/" + id + "/pre_adverse_notice").key(key).send().assertError(404, "not_found_error");
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText())
                .containsExactly("adverse_action.created", "adverse_action.completed");
        assertThat(events).allSatisfy(event -> {
            assertThat(event.get("data").get("previous_status").isNull()).isTrue();
            assertThat(event.get("data").get("object")).isEqualTo(action);
        });
    }

    /**
     * openapi.yaml#adverse-action, the notice of adverse action: the credit score exactly as
     * the credit check's details give it (FCRA 615(a)(2), 609(f)(1)(B)-(E)): the model and its
     * range, the key factors in the model's order, who supplied the score and the file; no
     * factor derived from the tradeline summary, no provider name as the source.
     */
    @Test
    void theAdverseActionNoticeDisclosesTheReportsCreditScore() {
        String order = completedOrder(key);
        JsonNode credit = Screenings.report(key, order).get("checks").get(0);
        String id = taken(key, denial(order)).get("id").asText();

        String notice = text(Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send().bytes());

        assertThat(credit.get("type").asText()).isEqualTo("credit");
        assertThat(notice.replace('\n', ' ')).contains("Your score " + credit.get("details").get("score").asInt(),
                "Scoring model VantageScore 4.0", "Score range from 300 to 850",
                "1. Balances on revolving accounts are high compared with their credit limits (T10)",
                "Score supplied by Test Credit Bureau (fictitious)", "Credit file supplied by Test Credit Bureau (fictitious)")
                .doesNotContain("Amount owed on accounts", "Number of open accounts", "Source test");
    }

    /**
     * POST /adverse_actions, rule 5: notice "pre_adverse" is pending for the operator's test
     * window (60 seconds) in test mode, response_days 5 unless given, the pre-adverse notice
     * made, the adverse action notice 404 while the window runs.
     */
    @Test
    void aPreAdverseNoticeStartsTheResponseWindow() {
        String order = completedOrder(key);

        JsonNode action = taken(key, preAdverse(order));

        String id = action.get("id").asText();
        Instant created = Instant.parse(action.get("created_at").asText());
        assertThat(action.get("status").asText()).isEqualTo("pending");
        assertThat(action.get("notice").asText()).isEqualTo("pre_adverse");
        assertThat(action.get("decision").asText()).isEqualTo("conditional");
        assertThat(action.get("conditions").asText()).isEqualTo("A co-signer, or a security deposit of two months' rent.");
        assertThat(action.get("reasons")).extracting(JsonNode::asText)
                .containsExactly("credit_score_below_minimum", "Rental history could not be confirmed");
        assertThat(action.get("response_days").asInt()).isEqualTo(5);
        assertThat(Instant.parse(action.get("response_deadline").asText())).isEqualTo(created.plus(TEST_WINDOW));
        assertThat(action.get("pre_adverse_notice_sent_at").asText()).isEqualTo(action.get("created_at").asText());
        assertThat(action.get("adverse_action_notice_sent_at").isNull()).isTrue();
        ApiResponse notice = Api.get("/adverse_actions/" + id + "/pre_adverse_notice").key(key)
                .header("Accept", "application/json").send();
        assertThat(notice.status()).as("x-disregards-accept: the PDF whatever Accept says").isEqualTo(200);
        assertThat(notice.header("Content-Type")).isEqualTo("application/pdf");
        assertThat(text(notice.bytes())).contains("Jamie Rivera", "A co-signer, or a security deposit of two months' rent.");
        Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send().assertError(404, "not_found_error");
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("adverse_action.created");
        assertThat(events.get(0).get("data").get("previous_status").isNull()).isTrue();
        assertThat(events.get(0).get("data").get("object")).isEqualTo(action);
    }

    /** POST /adverse_actions, rule 5: the business days given in response_days are kept. */
    @Test
    void responseDaysAreKeptAsGiven() {
        ObjectNode body = preAdverse(completedOrder(key));
        input(body).put("response_days", 12);

        assertThat(taken(key, body).get("response_days").asInt()).isEqualTo(12);
    }

    /**
     * POST /test_helpers/adverse_actions/{id}/complete, rules 1 to 3: the window ends now, as
     * when it ends by itself (the adverse action notice made, completed,
     * adverse_action.completed with previous_status pending); any state but pending is 422 on
     * the id; live keys 404.
     */
    @Test
    void theTestHelperEndsTheWindowNow() {
        String id = taken(key, preAdverse(completedOrder(key))).get("id").asText();

        ApiResponse response = Api.post("/test_helpers/adverse_actions/" + id + "/complete").key(key).send();

        assertThat(response.status()).isEqualTo(200);
        JsonNode completed = response.json();
        assertThat(completed.get("status").asText()).isEqualTo("completed");
        assertThat(completed.get("adverse_action_notice_sent_at").isNull()).isFalse();
        assertThat(Api.get("/adverse_actions/" + id).key(key).send().json()).isEqualTo(completed);
        ApiResponse notice = Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send();
        assertThat(notice.status()).isEqualTo(200);
        assertThat(text(notice.bytes())).contains("Jamie Rivera", "A co-signer, or a security deposit of two months' rent.");
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText())
                .containsExactly("adverse_action.created", "adverse_action.completed");
        assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("pending");
        assertThat(events.get(1).get("data").get("object")).isEqualTo(completed);
        JsonNode again = Api.post("/test_helpers/adverse_actions/" + id + "/complete").key(key).send()
                .assertError(422, "validation_error");
        assertThat(again.get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(eventsOf(key, id)).hasSize(2);
        Api.post("/test_helpers/adverse_actions/" + id + "/complete").key(tenant.liveKey()).send()
                .assertError(404, "not_found_error");
        Api.post("/test_helpers/adverse_actions/aa_test_000000000000000000000000/complete").key(key).send()
                .assertError(404, "not_found_error");
    }

    /**
     * POST /adverse_actions/{id}/cancel, rules 1 and 2: pending → canceled
     * (adverse_action.canceled, previous_status pending), and never an adverse action notice;
     * canceled or completed is 422 on the id; unknown 404.
     */
    @Test
    void aPendingAdverseActionIsCanceledOnceAndNeverGetsItsNotice() {
        String id = taken(key, preAdverse(completedOrder(key))).get("id").asText();

        ApiResponse response = Api.post("/adverse_actions/" + id + "/cancel").key(key).send();

        assertThat(response.status()).isEqualTo(200);
        JsonNode canceled = response.json();
        assertThat(canceled.get("status").asText()).isEqualTo("canceled");
        assertThat(canceled.get("canceled_at").isNull()).isFalse();
        assertThat(canceled.get("adverse_action_notice_sent_at").isNull()).isTrue();
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText())
                .containsExactly("adverse_action.created", "adverse_action.canceled");
        assertThat(events.get(1).get("data").get("previous_status").asText()).isEqualTo("pending");
        assertThat(events.get(1).get("data").get("object")).isEqualTo(canceled);
        for (String path : List.of("/adverse_actions/" + id + "/cancel", "/test_helpers/adverse_actions/" + id + "/complete")) {
            JsonNode refused = Api.post(path).key(key).send().assertError(422, "validation_error");
            assertThat(refused.get("source").get("parameter").asText()).isEqualTo("id");
        }
        Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send().assertError(404, "not_found_error");
        assertThat(Api.get("/adverse_actions/" + id + "/pre_adverse_notice").key(key).send().status()).isEqualTo(200);
        assertThat(eventsOf(key, id)).hasSize(2);
    }

    /** POST /adverse_actions/{id}/cancel, rule 2: a completed adverse action (either path) is 422 on the id. */
    @Test
    void aCompletedAdverseActionCannotBeCanceled() {
        String finalOne = taken(key, denial(completedOrder(key))).get("id").asText();
        String windowEnded = taken(key, preAdverse(completedOrder(key))).get("id").asText();
        Api.post("/test_helpers/adverse_actions/" + windowEnded + "/complete").key(key).send();

        for (String id : List.of(finalOne, windowEnded)) {
            JsonNode refused = Api.post("/adverse_actions/" + id + "/cancel").key(key).send().assertError(422, "validation_error");

            assertThat(refused.get("source").get("parameter").asText()).isEqualTo("id");
            assertThat(Api.get("/adverse_actions/" + id).key(key).send().json().get("status").asText()).isEqualTo("completed");
        }
        Api.post("/adverse_actions/aa_test_000000000000000000000000/cancel").key(key).send().assertError(404, "not_found_error");
    }

    /**
     * POST /adverse_actions, rule 3: conditions missing for conditional, given for decline, and
     * response_days with notice "final" (said or by default), each a 422 on its member.
     */
    @Test
    void theRulesOfTheBodyAre422OnTheirMembers() {
        String order = completedOrder(key);
        ObjectNode noConditions = preAdverse(order);
        input(noConditions).remove("conditions");
        ObjectNode denialWithConditions = denial(order);
        input(denialWithConditions).put("conditions", "A co-signer");
        ObjectNode finalWithDays = denial(order);
        input(finalWithDays).put("notice", "final").put("response_days", 5);
        ObjectNode defaultPathWithDays = denial(order);
        input(defaultPathWithDays).put("response_days", 5);
        ObjectNode both = preAdverse(order);
        input(both).remove("conditions");
        input(both).put("notice", "final").put("response_days", 5);

        assertPointers(take(key, noConditions).assertValidationErrors(), "/adverse_action/conditions");
        assertPointers(take(key, denialWithConditions).assertValidationErrors(), "/adverse_action/conditions");
        assertPointers(take(key, finalWithDays).assertValidationErrors(), "/adverse_action/response_days");
        assertPointers(take(key, defaultPathWithDays).assertValidationErrors(), "/adverse_action/response_days");
        assertPointers(take(key, both).assertValidationErrors(), "/adverse_action/conditions", "/adverse_action/response_days");
        assertThat(Api.get("/adverse_actions").key(key).send().json().get("count").asLong()).isZero();
    }

    /**
     * The schema of AdverseActionInput, checked as every request is (openapi.yaml#errors):
     * reasons 1 to 10, response_days 1 to 30; and the Idempotency-Key header, required
     * (POST /adverse_actions, rule 7).
     */
    @Test
    void theSchemaOfTheBodyAndTheHeaderAreChecked() {
        String order = completedOrder(key);
        ObjectNode noReasons = denial(order);
        input(noReasons).putArray("reasons");
        ObjectNode tooManyDays = preAdverse(order);
        input(tooManyDays).put("response_days", 31);

        assertPointers(post(key, noReasons, UUID.randomUUID().toString()).sendInvalid().assertValidationErrors(),
                "/adverse_action/reasons");
        assertPointers(post(key, tooManyDays, UUID.randomUUID().toString()).sendInvalid().assertValidationErrors(),
                "/adverse_action/response_days");
        JsonNode header = Api.post("/adverse_actions").key(key).json(denial(order).toString()).sendInvalid().assertValidationErrors();
        assertThat(header.get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
    }

    /**
     * POST /adverse_actions, rule 1: an order that does not exist, or of another organisation
     * or mode, is 404; one that is not completed (waiting, canceled) is 422 on
     * /adverse_action/order_id.
     */
    @Test
    void theOrderMustBeACompletedOrderOfTheTenant() {
        String stranger = completedOrder(TestTenant.create().testKey());
        String ours = completedOrder(key);
        ObjectNode waitingBody = body();
        applicant(waitingBody).put("email", "waiting-" + UUID.randomUUID() + "@apply.test");
        String waiting = placed(key, waitingBody);
        ObjectNode canceledBody = body();
        applicant(canceledBody).put("email", "canceled-" + UUID.randomUUID() + "@apply.test");
        String canceled = placed(key, canceledBody);
        Api.post("/orders/" + canceled + "/cancel").key(key).send();

        take(key, denial("ord_test_000000000000000000000000")).assertError(404, "not_found_error");
        take(key, denial(stranger)).assertError(404, "not_found_error");
        take(tenant.liveKey(), denial(ours)).assertError(404, "not_found_error");
        for (String order : List.of(waiting, canceled)) {
            assertPointers(take(key, denial(order)).assertValidationErrors(), "/adverse_action/order_id");
        }
        assertThat(Api.get("/adverse_actions").key(key).send().json().get("count").asLong()).isZero();
    }

    /**
     * POST /adverse_actions, rule 2, one at a time: an order with an adverse action pending or
     * completed gets no other (422 on /adverse_action/order_id); a canceled one does not
     * count.
     */
    @Test
    void anOrderHasOneAdverseActionAtATimeAndANewOneAfterACancel() {
        String finalOrder = completedOrder(key);
        taken(key, denial(finalOrder));
        String order = completedOrder(key);
        String pending = taken(key, preAdverse(order)).get("id").asText();

        assertPointers(take(key, denial(finalOrder)).assertValidationErrors(), "/adverse_action/order_id");
        assertPointers(take(key, denial(order)).assertValidationErrors(), "/adverse_action/order_id");
        Api.post("/adverse_actions/" + pending + "/cancel").key(key).send();
        JsonNode again = taken(key, denial(order));

        assertThat(again.get("id").asText()).isNotEqualTo(pending);
        assertThat(Api.get("/adverse_actions?order_id=" + order).key(key).send().json().get("data"))
                .extracting(action -> action.get("status").asText()).containsExactly("completed", "canceled");
    }

    /**
     * POST /adverse_actions, rule 7 (openapi.yaml#idempotency, test mode): the key is checked
     * but never deduplicates; the same key with another body takes another adverse action,
     * and with the same body is not a replay.
     */
    @Test
    void inTestModeAnIdempotencyKeyNeverDeduplicates() {
        String first = completedOrder(key);
        String second = completedOrder(key);
        String idempotencyKey = UUID.randomUUID().toString();

        ApiResponse one = post(key, denial(first), idempotencyKey).send();
        ApiResponse other = post(key, denial(second), idempotencyKey).send();
        ApiResponse same = post(key, denial(first), idempotencyKey).send();

        assertThat(one.status()).isEqualTo(201);
        assertThat(other.status()).isEqualTo(201);
        assertThat(other.header("Idempotent-Replayed")).isNull();
        assertThat(other.json().get("id").asText()).isNotEqualTo(one.json().get("id").asText());
        assertPointers(same.assertValidationErrors(), "/adverse_action/order_id");
    }

    /**
     * GET /adverse_actions, rules 1 and 2: newest first, paged, the whole count; order_id
     * keeps one order's (with its own count, kept in the hrefs); an order without any gives
     * an empty list.
     */
    @Test
    void theListPagesNewestFirstAndOrderIdKeepsOneOrders() {
        String busy = completedOrder(key);
        String canceled = taken(key, preAdverse(busy)).get("id").asText();
        Api.post("/adverse_actions/" + canceled + "/cancel").key(key).send();
        String other = taken(key, denial(completedOrder(key))).get("id").asText();
        String latest = taken(key, denial(busy)).get("id").asText();

        JsonNode all = Api.get("/adverse_actions").key(key).send().json();
        JsonNode first = Api.get("/adverse_actions?order_id=" + busy + "&per_page=1").key(key).send().json();
        JsonNode second = Api.get(relative(first.get("next_href").asText())).key(key).send().json();
        JsonNode none = Api.get("/adverse_actions?order_id=ord_test_000000000000000000000000").key(key).send().json();

        assertThat(all.get("count").asLong()).isEqualTo(3);
        assertThat(all.get("data")).extracting(action -> action.get("id").asText()).containsExactly(latest, other, canceled);
        assertThat(first.get("count").asLong()).isEqualTo(2);
        assertThat(first.get("next_href").asText()).contains("order_id=" + busy).contains("per_page=1");
        assertThat(first.get("data")).extracting(action -> action.get("id").asText()).containsExactly(latest);
        assertThat(second.get("data")).extracting(action -> action.get("id").asText()).containsExactly(canceled);
        assertThat(second.get("next_href").isNull()).isTrue();
        assertThat(second.get("previous_href").asText()).contains("order_id=" + busy);
        assertThat(none.get("count").asLong()).isZero();
        assertThat(none.get("data")).isEmpty();
        assertThat(Api.get("/adverse_actions").key(TestTenant.create().testKey()).send().json().get("count").asLong()).isZero();
    }

    /**
     * GET /adverse_actions/{id}, its notices and POST /adverse_actions/{id}/cancel, rule 2:
     * another organisation's or mode's adverse action is 404 (openapi.yaml#authentication).
     */
    @Test
    void anotherTenantsAdverseActionIsInvisible() {
        String id = taken(key, denial(completedOrder(key))).get("id").asText();

        for (String stranger : List.of(TestTenant.create().testKey(), tenant.liveKey())) {
            for (String path : List.of("", "/adverse_action_notice", "/pre_adverse_notice")) {
                Api.get("/adverse_actions/" + id + path).key(stranger).send().assertError(404, "not_found_error");
            }
            Api.post("/adverse_actions/" + id + "/cancel").key(stranger).send().assertError(404, "not_found_error");
        }
    }

    /** openapi.yaml#authentication: the key decides the mode, so a live key's list never shows test adverse actions. */
    @Test
    void aLiveKeySeesNoTestAdverseActions() {
        taken(key, denial(completedOrder(key)));

        assertThat(Api.get("/adverse_actions").key(tenant.liveKey()).send().json().get("count").asLong()).isZero();
    }
}
