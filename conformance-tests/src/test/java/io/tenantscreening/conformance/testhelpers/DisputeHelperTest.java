package io.tenantscreening.conformance.testhelpers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Pages.fields;
import static io.tenantscreening.conformance.support.Waits.await;
import static io.tenantscreening.conformance.testhelpers.ReportCopyLinkHelperTest.completedOrder;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test helper that disputes a completed test order's report as its applicant would:
 * POST /test_helpers/orders/{id}/disputes, rules 1 to 7, through the same entry point as the
 * dispute form of the applicant's copy (docs/integrators.md#the-dispute-form), with the events
 * of openapi.yaml#disputes and POST /test_helpers/disputes/{id}/resolve, rule 2.
 */
@ExtendWith(FreshTenants.class)
class DisputeHelperTest {

    private static final String RECORD = "{\"dispute\": {\"items\": [{\"check\": \"eviction\", \"record\": 0}], \"reason\": \"%s\"}}";

    @Fresh
    private String key;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    /** POST /test_helpers/orders/{id}/disputes, rule 1: with a live key the path does not exist. */
    @Test
    void forALiveKeyThePathDoesNotExist() {
        String live = placed(liveKey, body());
        String path = "/test_helpers/orders/" + live + "/disputes";

        JsonNode error = Api.post(path).key(liveKey).json(RECORD.formatted("Not mine.")).send().assertError(404, "not_found_error");

        assertThat(error.get("detail").asText())
                .isEqualTo("No resource matches POST " + path + ". See GET /openapi.yaml for the routes this API serves.");
    }

    /** POST /test_helpers/orders/{id}/disputes, rule 2: another organisation's order is not found, and nothing is opened. */
    @Test
    void anotherOrganisationsOrderIsNotFound() {
        String foreignKey = TestTenant.create().testKey();
        String foreign = completedOrder(foreignKey, "ordinary-" + UUID.randomUUID() + "@example.com");

        Api.post("/test_helpers/orders/" + foreign + "/disputes").key(key).json(RECORD.formatted("Not mine.")).send()
                .assertError(404, "not_found_error");

        assertThat(Screenings.report(foreignKey, foreign).get("status").asText()).isEqualTo("complete");
    }

    /**
     * POST /test_helpers/orders/{id}/disputes, rule 3: an order that is waiting, pending or
     * canceled is refused on its id, and nothing is opened.
     */
    @Test
    void anOrderThatIsNotCompletedIsRefusedOnItsId() {
        ObjectNode walking = body();
        applicant(walking).put("email", ReportCopies.applicantEmail());
        String waiting = placed(key, walking);
        String canceled = placed(key, body());
        Api.post("/orders/" + canceled + "/cancel").key(key).send();
        String pending = placed(key, body());

        for (String id : List.of(pending, waiting, canceled)) {
            JsonNode errors = Api.post("/test_helpers/orders/" + id + "/disputes").key(key).json(RECORD.formatted("Not mine."))
                    .send().assertValidationErrors();

            assertThat(errors).hasSize(1);
            assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
            assertThat(errors.get(0).get("detail").asText()).contains("only a completed order has a report");
            assertThat(Api.get("/orders/" + id + "/disputes").key(key).send().json().get("count").asInt()).isZero();
        }
    }

    /**
     * POST /test_helpers/orders/{id}/disputes, rule 4: the dispute opens as the applicant's
     * form opens one (the same dispute as the form's of the same record and reason), the report
     * is disputed with report.disputed; resolved by POST /test_helpers/disputes/{id}/resolve,
     * rule 2, report.updated follows in the events and the applicant is emailed the outcome.
     */
    @Test
    void theDisputeOpensAsTheFormOpensOneAndResolvesWithTheSameEventsAndEmail() {
        String email = ReportCopies.applicantEmail();
        ObjectNode walking = body();
        applicant(walking).put("email", email).put("ssn", "123-45-0001");
        String id = placed(key, walking);
        Screenings.submit(key, id);
        Screenings.complete(key, id);
        String formOrder = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        String reason = "The case was dismissed. [unanswered]";

        ApiResponse opened = Api.post("/test_helpers/orders/" + id + "/disputes").key(key).json(RECORD.formatted(reason)).send();
        String url = Api.post("/test_helpers/orders/" + formOrder + "/report_copy_link").key(key).send().json().get("url").asText();
        Pages browser = Pages.client();
        Pages.Page page = browser.post(url + "/dispute", fields("form_token", browser.get(url).formToken(),
                "record-eviction-0", "yes", "reason", reason));

        assertThat(opened.status()).isEqualTo(201);
        JsonNode dispute = opened.json();
        String disputeId = dispute.get("id").asText();
        assertThat(opened.header("Location")).isEqualTo(TestServer.baseUrl() + "/disputes/" + disputeId);
        assertThat(Api.get("/disputes/" + disputeId).key(key).send().json()).isEqualTo(dispute);
        assertThat(page.html()).contains("Your dispute is sent");
        JsonNode byForm = Api.get("/orders/" + formOrder + "/disputes").key(key).send().json().get("data").get(0);
        assertThat(withoutIdentity(dispute)).isEqualTo(withoutIdentity(byForm));
        assertThat(dispute.get("status").asText()).isEqualTo("open");
        assertThat(dispute.get("items").get(0).get("outcome").isNull()).isTrue();
        assertThat(dispute.get("resolved_at").isNull()).isTrue();
        JsonNode report = Screenings.report(key, id);
        assertThat(report.get("status").asText()).isEqualTo("disputed");
        String reportId = report.get("id").asText();
        assertThat(Screenings.eventsOf(key, reportId)).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed");

        Api.post("/test_helpers/disputes/" + disputeId + "/resolve").key(key).json("{\"outcome\": \"deleted\"}").send();

        List<JsonNode> events = Screenings.eventsOf(key, reportId);
        assertThat(events).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed", "report.updated");
        assertThat(events.get(2).get("data").get("object")).isEqualTo(Screenings.report(key, id));
        assertThat(Api.get("/events?type=report.updated").key(key).send().json().get("data"))
                .extracting(event -> event.get("data").get("object").get("id").asText()).contains(reportId);
        Mailbox.Mail outcome = await(email + " emailed the outcome of the dispute").until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals("The outcome of your dispute of your screening report")).toList(),
                mails -> !mails.isEmpty()).get(0);
        assertThat(outcome.text()).contains("Travis County Justice Court, Precinct 5", "removed from your report");
    }

    /**
     * POST /test_helpers/orders/{id}/disputes, rule 5: records by check and position, whole
     * checks with record null or left out, in the order sent; what the report does not have,
     * positions outside its records and repeats are refused, one entry per item.
     */
    @Test
    void itemsNameRecordsAndWholeChecksAndBadOnesAreRefusedOnePerItem() {
        String id = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        String path = "/test_helpers/orders/" + id + "/disputes";

        JsonNode refused = Api.post(path).key(key).json("{\"dispute\": {\"items\": [{\"check\": \"criminal\"}, "
                + "{\"check\": \"credit\", \"record\": 0}, {\"check\": \"eviction\", \"record\": 1}, {\"check\": \"eviction\", \"record\": 0}, "
                + "{\"check\": \"eviction\", \"record\": 0}, {\"check\": \"eviction\"}], \"reason\": \"Not mine.\"}}").send()
                .assertValidationErrors();

        assertThat(refused).extracting(error -> error.get("source").get("pointer").asText()).containsExactly(
                "/dispute/items/0/check", "/dispute/items/1/record", "/dispute/items/2/record", "/dispute/items/4",
                "/dispute/items/5");
        assertThat(Screenings.report(key, id).get("status").asText()).isEqualTo("complete");

        JsonNode dispute = Api.post(path).key(key).json("{\"dispute\": {\"items\": [{\"check\": \"eviction\", \"record\": 0}, "
                + "{\"check\": \"credit\", \"record\": null}], \"reason\": \"Not mine.\"}}").send().json();
        String other = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        JsonNode whole = Api.post("/test_helpers/orders/" + other + "/disputes").key(key)
                .json("{\"dispute\": {\"items\": [{\"check\": \"eviction\"}], \"reason\": \"Not mine.\"}}").send().json();

        assertThat(dispute.get("items")).extracting(item -> item.get("check").asText() + ":" + item.get("record"))
                .containsExactly("eviction:0", "credit:null");
        assertThat(dispute.get("items").get(0).get("disputed_record").get("court").asText())
                .isEqualTo("Travis County Justice Court, Precinct 5");
        assertThat(dispute.get("items").get(1).get("disputed_check").get("type").asText()).isEqualTo("credit");
        assertThat(whole.get("items").get(0).get("record").isNull()).isTrue();
        assertThat(whole.get("items").get(0).get("disputed_check").get("type").asText()).isEqualTo("eviction");
    }

    /**
     * POST /test_helpers/orders/{id}/disputes, rule 6: the reason is one line of 1 to 2000
     * characters with a visible one, stored trimmed; anything else is refused on
     * /dispute/reason.
     */
    @Test
    void theReasonIsOneVisibleLineStoredTrimmed() {
        String id = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        String path = "/test_helpers/orders/" + id + "/disputes";

        for (String bad : List.of("", "   ", "Line one\\nline two", "x".repeat(2001))) {
            assertReasonRefused(Api.post(path).key(key).json(RECORD.formatted(bad)).sendInvalid());
        }
        assertReasonRefused(Api.post(path).key(key).json(RECORD.formatted("\u200B\u200B")).send());
        assertThat(Screenings.report(key, id).get("status").asText()).isEqualTo("complete");

        JsonNode dispute = Api.post(path).key(key).json(RECORD.formatted("  Not my case.  ")).send().json();

        assertThat(dispute.get("reason").asText()).isEqualTo("Not my case.");
    }

    /**
     * POST /test_helpers/orders/{id}/disputes, rule 7 (FCRA 611(a)(1)(A): every dispute is
     * reinvestigated): a disputed report takes another dispute, stays disputed and emits no
     * second report.disputed.
     */
    @Test
    void aDisputedReportTakesAnotherDisputeWithoutASecondReportDisputed() {
        String id = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        String path = "/test_helpers/orders/" + id + "/disputes";
        String first = Api.post(path).key(key).json(RECORD.formatted("Not mine. [unanswered]")).send().json().get("id").asText();

        ApiResponse second = Api.post(path).key(key).json("{\"dispute\": {\"items\": [{\"check\": \"credit\"}], "
                + "\"reason\": \"Not my accounts. [unanswered]\"}}").send();

        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("id").asText()).isNotEqualTo(first);
        assertThat(second.json().get("status").asText()).isEqualTo("open");
        assertThat(Api.get("/orders/" + id + "/disputes").key(key).send().json().get("count").asInt()).isEqualTo(2);
        JsonNode report = Screenings.report(key, id);
        assertThat(report.get("status").asText()).isEqualTo("disputed");
        assertThat(Screenings.eventsOf(key, report.get("id").asText())).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed");
    }

    /**
     * POST /test_helpers/orders/{id}/disputes, rule 7: requests that race each open their own
     * dispute of the same record, the report becomes disputed once; the shared record is
     * reinvestigated once, and its outcome resolves every one of them in one step, with one
     * report.updated (docs/integrators.md#several-disputes-of-one-report).
     */
    @Test
    void racingRequestsEachOpenADisputeAndTheReportIsDisputedOnce() throws Exception {
        String id = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        String path = "/test_helpers/orders/" + id + "/disputes";

        List<ApiResponse> answers = Concurrently.send(6, client -> Api.post(path).key(key)
                .json(RECORD.formatted("Not mine, says client " + client + ". [unanswered]")).send());

        assertThat(answers).extracting(ApiResponse::status).containsOnly(201);
        List<String> disputes = answers.stream().map(answer -> answer.json().get("id").asText()).distinct().toList();
        assertThat(disputes).hasSize(6);
        JsonNode report = Screenings.report(key, id);
        String reportId = report.get("id").asText();
        assertThat(report.get("status").asText()).isEqualTo("disputed");
        assertThat(Screenings.eventsOf(key, reportId)).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed");

        Api.post("/test_helpers/disputes/" + disputes.get(3) + "/resolve").key(key).json("{\"outcome\": \"deleted\"}").send();

        for (String dispute : disputes) {
            JsonNode resolved = Api.get("/disputes/" + dispute).key(key).send().json();
            assertThat(resolved.get("status").asText()).as(dispute).isEqualTo("resolved");
            assertThat(resolved.get("items").get(0).get("outcome").asText()).as(dispute).isEqualTo("deleted");
        }
        assertThat(Screenings.report(key, id).get("status").asText()).isEqualTo("complete");
        assertThat(Screenings.eventsOf(key, reportId)).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed", "report.updated");
    }

    private static void assertReasonRefused(ApiResponse response) {
        JsonNode errors = response.assertValidationErrors();
        assertThat(errors).extracting(error -> error.get("source").get("pointer").asText()).containsOnly("/dispute/reason");
    }

    /** The dispute without what differs between two orders' disputes: ids and moments. */
    private static JsonNode withoutIdentity(JsonNode dispute) {
        ObjectNode copy = dispute.deepCopy();
        copy.remove(List.of("id", "order_id", "report_id", "created_at", "deadline"));
        return copy;
    }
}
