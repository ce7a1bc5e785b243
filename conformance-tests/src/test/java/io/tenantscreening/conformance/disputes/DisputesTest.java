package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.SummaryOfRights;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.conformance.support.WebhookReceiver;
import io.tenantscreening.disputes.DisputeService.DisputedRecord;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static io.tenantscreening.conformance.support.AdverseActionRequests.text;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Disputes (FCRA section 611: a consumer may dispute the completeness or accuracy of an item
 * in their file; the agency reinvestigates within 30 days and corrects or deletes what is
 * inaccurate, incomplete or cannot be verified, and tells the consumer the outcome):
 * openapi.yaml#disputes, docs/integrators.md#disputes, its report versions
 * (docs/integrators.md#report-versions), the dispute outcomes of test mode
 * (docs/integrators.md#disputes-in-test-mode), GET /orders/{id}/disputes, rules 1 and 2,
 * POST /test_helpers/disputes/{id}/resolve, rules 1 to 3, and openapi.yaml#webhooks.
 * Disputes are opened through {@link DisputeService#open}, the entry point of the
 * applicant's copy of their report; the outcome is chosen by the marker in the reason (the
 * canned provider) or by the test helper.
 */
@ExtendWith(FreshTenants.class)
@OwnDatabase
class DisputesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final MovableClock clock = TestServer.clock();

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    @AfterEach
    void realTime() {
        clock.reset();
    }

    /**
     * openapi.yaml#disputes: opening a dispute makes the report disputed and emits
     * report.disputed with the report (FCRA 611(a)(1)), an event that does not exist under
     * 2026-04-29 (docs/integrators.md#versions).
     */
    @Test
    void openingADisputeMakesTheReportDisputedAndEmitsReportDisputed() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        JsonNode before = Screenings.report(key, order);

        JsonNode dispute = api(open(order, "The case was dismissed. [unanswered]"));

        assertThat(dispute.get("object").asText()).isEqualTo("dispute");
        assertThat(dispute.get("id").asText()).startsWith("dsp_test_");
        assertThat(dispute.get("status").asText()).isEqualTo("open");
        assertThat(dispute.get("report_id").asText()).isEqualTo(before.get("id").asText());
        assertThat(dispute.get("report_version").asInt()).isEqualTo(1);
        assertThat(dispute.get("reason").asText()).isEqualTo("The case was dismissed. [unanswered]");
        assertThat(dispute.get("items").get(0).get("disputed_record"))
                .isEqualTo(before.get("checks").get(1).get("details").get("records").get(0));
        assertThat(dispute.get("items").get(0).get("outcome").isNull()).isTrue();
        assertThat(dispute.get("resolved_at").isNull()).isTrue();
        assertThat(Duration.between(Instant.parse(dispute.get("created_at").asText()), Instant.parse(dispute.get("deadline").asText())))
                .isEqualTo(Duration.ofDays(30));
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("status").asText()).isEqualTo("disputed");
        assertThat(report.get("version").asInt()).isEqualTo(1);
        List<JsonNode> events = Screenings.eventsOf(key, report.get("id").asText());
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("report.completed", "report.disputed");
        assertThat(events.get(1).get("data").get("object")).isEqualTo(report);
        assertThat(events.get(1).get("data").get("previous_attributes").toString()).isEqualTo("{\"status\":\"complete\"}");
        assertThat(events.get(0).get("data").get("previous_attributes").isNull()).isTrue();
        assertThat(Api.get("/disputes/" + dispute.get("id").asText()).key(key).send().json()).isEqualTo(dispute);
        String old = "2026-04-29";
        assertThat(Api.get("/events/" + events.get(1).get("id").asText()).key(key).header("Service-Tenant-Version", old).send()
                .status()).as("report.disputed under " + old).isEqualTo(404);
        Api.get("/events?type=report.disputed").key(key).header("Service-Tenant-Version", old).send().assertValidationErrors();
    }

    /**
     * openapi.yaml#disputes: a record that cannot be verified is deleted; results and
     * recommendation are decided again (FCRA 611(a)(5)(A)).
     */
    @Test
    void aDeletedRecordLeavesTheReportWithResultAndRecommendationDecidedAgain() {
        Policies.create(key, "No evictions", "{\"max_evictions\": 0}", true);
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        JsonNode before = Screenings.report(key, order);
        assertThat(before.get("recommendation").get("decision").asText()).isEqualTo("decline");

        String id = open(order, "I never lived there. [deleted]").id();
        JsonNode resolved = awaitResolved(id);

        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("status").asText()).isEqualTo("complete");
        assertThat(report.get("version").asInt()).isEqualTo(2);
        assertThat(report.get("checks").get(1).get("details").get("records")).isEmpty();
        assertThat(report.get("checks").get(1).get("result").asText()).isEqualTo("clear");
        assertThat(report.get("result").asText()).isEqualTo("clear");
        assertThat(report.get("recommendation").get("decision").asText()).isEqualTo("accept");
        JsonNode updated = awaitEvent(report.get("id").asText(), "report.updated");
        assertThat(updated.get("data").get("object")).isEqualTo(report);
        JsonNode previous = updated.get("data").get("previous_attributes");
        assertThat(previous.get("version").asInt()).isEqualTo(1);
        assertThat(previous.get("status").asText()).isEqualTo("disputed");
        assertThat(previous.get("result").asText()).isEqualTo("consider");
        assertThat(previous.get("recommendation")).isEqualTo(before.get("recommendation"));
        assertThat(previous.get("checks")).isEqualTo(before.get("checks"));
    }

    /** openapi.yaml#disputes: a corrected record replaces the disputed one (FCRA 611(a)(5)(A)). */
    @Test
    void aCorrectedRecordReplacesTheDisputedOne() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        JsonNode before = Screenings.report(key, order);

        String id = open(order, "The judgment was set aside. [corrected]").id();
        JsonNode resolved = awaitResolved(id);

        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("version").asInt()).isEqualTo(2);
        JsonNode record = report.get("checks").get(1).get("details").get("records").get(0);
        JsonNode was = before.get("checks").get(1).get("details").get("records").get(0);
        assertThat(record.get("disposition").asText()).isEqualTo("Dismissed");
        assertThat(record.get("court")).isEqualTo(was.get("court"));
        assertThat(record.get("filed_on")).isEqualTo(was.get("filed_on"));
        assertThat(report.get("checks").get(1).get("result").asText()).isEqualTo("consider");
        JsonNode updated = awaitEvent(report.get("id").asText(), "report.updated");
        assertThat(updated.get("data").get("previous_attributes").get("checks")).isEqualTo(before.get("checks"));
        assertThat(updated.get("data").get("previous_attributes").has("result")).isFalse();
    }

    /**
     * openapi.yaml#disputes, docs/integrators.md#report-versions: an upheld record stays; the
     * report is complete again, in the same version (FCRA 611(a)(6)).
     */
    @Test
    void anUpheldRecordStaysAndTheReportIsCompleteAgain() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        JsonNode before = Screenings.report(key, order);

        String id = open(order, "This is not my case.").id();
        JsonNode resolved = awaitResolved(id);

        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("upheld");
        JsonNode report = Screenings.report(key, order);
        assertThat(report).isEqualTo(before);
        JsonNode updated = awaitEvent(report.get("id").asText(), "report.updated");
        assertThat(updated.get("data").get("object")).isEqualTo(report);
        assertThat(updated.get("data").get("previous_attributes").toString()).isEqualTo("{\"status\":\"disputed\"}");
        assertThat(Api.get("/reports/" + report.get("id").asText() + "/versions/2").key(key).send().status()).isEqualTo(404);
    }

    /**
     * openapi.yaml#disputes, docs/operators.md#disputes: what is not verified within 30 days is
     * deleted (FCRA 611(a)(1)(A) and (a)(5)(A)), and not a second earlier; the earlier version
     * stays readable (GET /reports/{id}/versions/{version}, rules 1 to 3).
     */
    @Test
    void recordsNotVerifiedWithin30DaysAreDeletedAndTheEarlierVersionStaysReadable() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        JsonNode before = Screenings.report(key, order);
        JsonNode dispute = api(open(order, "Please check with the court. [unanswered]"));
        String id = dispute.get("id").asText();
        Instant deadline = Instant.parse(dispute.get("deadline").asText());

        clock.stopAt(deadline.minusSeconds(1));
        BackgroundWork.awaitTwoRuns("delete-overdue-disputes");
        assertThat(Api.get("/disputes/" + id).key(key).send().json().get("status").asText()).isEqualTo("open");

        clock.stopAt(deadline);
        JsonNode resolved = awaitResolved(id);

        assertThat(Instant.parse(resolved.get("resolved_at").asText())).isEqualTo(deadline);
        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        String report = before.get("id").asText();
        JsonNode current = Api.get("/reports/" + report).key(key).send().json();
        assertThat(current.get("version").asInt()).isEqualTo(2);
        assertThat(current.get("checks").get(1).get("details").get("records")).isEmpty();
        JsonNode first = Api.get("/reports/" + report + "/versions/1").key(key).send().json();
        assertThat(first.get("status").asText()).isEqualTo("superseded");
        assertThat(first.get("version").asInt()).isEqualTo(1);
        assertThat(first.get("checks")).isEqualTo(before.get("checks"));
        assertThat(first.get("result")).isEqualTo(before.get("result"));
        assertThat(Api.get("/reports/" + report + "/versions/2").key(key).send().json()).isEqualTo(current);
        Api.get("/reports/" + report + "/versions/3").key(key).send().assertError(404, "not_found_error");
        assertThat(text(Api.get("/reports/" + report + "/versions/1").key(key).header("Accept", "application/pdf").send().bytes()))
                .contains("Version 1, since replaced by a later version");
    }

    /**
     * docs/integrators.md#disputes-in-test-mode: in live mode the sandbox, which reported the
     * records, reinvestigates them after its delay (FCRA 611(a)(1)).
     */
    @Test
    void theSandboxReinvestigatesALiveDisputeAfterItsDelay() {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("ssn", "123-45-0001").put("dob", "1990-07-14");
        String order = OrderRequests.placed(liveKey, body);
        Tenant live = new Tenant(tenant.id(), Mode.LIVE);
        TestServer.bean(OrderLifecycle.class).submit(live, order, OrderLifecycle.Actor.APPLICANT, Set.of());
        Screenings.awaitStatus(liveKey, order, "completed");

        io.tenantscreening.disputes.Dispute opened = TestServer.bean(DisputeService.class).open(live, order,
                List.of(new DisputedRecord("eviction", 0)), "The court set the judgment aside. [corrected]");

        assertThat(opened.id()).startsWith("dsp_").doesNotStartWith("dsp_test_");
        JsonNode dispute = await("live dispute " + opened.id() + " resolved").until(
                () -> Api.get("/disputes/" + opened.id()).key(liveKey).send().json(), read -> read.get("status").asText().equals("resolved"));
        assertThat(dispute.get("live_mode").asBoolean()).isTrue();
        assertThat(dispute.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        assertThat(Duration.between(opened.createdAt(), Instant.parse(dispute.get("resolved_at").asText())))
                .as("the sandbox's delay").isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        JsonNode report = Screenings.report(liveKey, order);
        assertThat(report.get("checks").get(1).get("provider").asText()).isEqualTo("sandbox");
        assertThat(report.get("checks").get(1).get("details").get("records").get(0).get("disposition").asText())
                .isEqualTo("Dismissed");
        Api.get("/disputes/" + opened.id()).key(key).send().assertError(404, "not_found_error");
    }

    /**
     * openapi.yaml#disputes: the applicant is emailed the outcome with the report as it now
     * stands (FCRA 611(a)(6)), as their copy: without the landlord's recommendation, and with
     * the summary of consumer rights, as every written disclosure to the consumer (FCRA section
     * 609(c), 12 CFR part 1022 appendix K).
     */
    @Test
    void theApplicantIsEmailedTheOutcomeWithTheNewReportAsPdf() {
        Policies.create(key, "No evictions", "{\"max_evictions\": 0}", true);
        String email = "disputes-" + UUID.randomUUID() + "@apply.test";
        String order = evictionOrder(email);
        String id = open(order, "I was never a party to this case. [deleted]").id();
        awaitResolved(id);
        String report = Screenings.report(key, order).get("id").asText();

        Mailbox.Mail mail = outcomeMail(email);

        assertThat(mail.text()).contains("it could not be confirmed, so it has been removed from your report")
                .contains("Travis County Justice Court, Precinct 5");
        assertThat(mail.attachments()).hasSize(1);
        assertThat(mail.attachments().get(0).contentType()).startsWith("application/pdf");
        String attached = text(mail.attachments().get(0).content());
        assertThat(attached).contains("Version 2, revised after the applicant disputed records of it", "No records found.")
                .doesNotContain("Non-payment of rent", "Recommendation");
        SummaryOfRights.assertInPdf("the copy that comes with the outcome of a dispute", attached);
        assertThat(text(Api.get("/reports/" + report + "/pdf").key(key).send().bytes()))
                .contains("Version 2, revised after the applicant disputed records of it", "No records found.", "Recommendation");
    }

    /** The email of a dispute's outcome to this address, once it arrives (the invitation may have come before it, or not). */
    private static Mailbox.Mail outcomeMail(String email) {
        List<Mailbox.Mail> outcomes = await("the outcome email to " + email).until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals("The outcome of your dispute of your screening report")).toList(), mails -> !mails.isEmpty());
        assertThat(outcomes).hasSize(1);
        return outcomes.get(0);
    }

    /** openapi.yaml#webhooks: report.updated is delivered to webhooks, signed like every delivery. */
    @Test
    void reportUpdatedIsDeliveredWithAValidSignature() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String secret = Api.post("/webhook_endpoints").key(key).json("{\"webhook_endpoint\":{\"url\":\"" + receiver.url()
                    + "\",\"enabled_events\":[\"report.disputed\",\"report.updated\"]}}").send().json().get("secret").asText();
            String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
            awaitResolved(open(order, "Wrong person. [deleted]").id());

            List<WebhookReceiver.Received> deliveries = receiver.await(2, any -> true, Waits.PATIENCE);

            List<String> types = new ArrayList<>();
            for (WebhookReceiver.Received delivery : deliveries) {
                String header = delivery.header("Service-Signature");
                long t = Long.parseLong(header.split(",")[0].substring(2));
                assertThat(header.split(",")[1]).isEqualTo("v1=" + hmac(secret, t + "." + delivery.text()));
                JsonNode event = JSON.readTree(delivery.body());
                types.add(event.get("type").asText());
                assertThat(event.get("data").get("object").get("object").asText()).isEqualTo("report");
            }
            assertThat(types).containsExactlyInAnyOrder("report.disputed", "report.updated");
        }
    }

    /**
     * GET /orders/{id}/disputes, rule 2, and openapi.yaml#authentication: another
     * organisation's or the other mode's disputes and orders are 404, like missing ones.
     */
    @Test
    void anotherOrganisationsOrModesDisputesAndOrdersAre404() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        String id = open(order, "Not mine. [unanswered]").id();
        String other = TestTenant.create().testKey();
        String live = tenant.liveKey();

        for (String stranger : List.of(other, live)) {
            Api.get("/disputes/" + id).key(stranger).send().assertError(404, "not_found_error");
            Api.get("/orders/" + order + "/disputes").key(stranger).send().assertError(404, "not_found_error");
        }
        Api.get("/orders/ord_test_" + "0".repeat(24) + "/disputes").key(key).send().assertError(404, "not_found_error");
        Api.get("/disputes/dsp_test_" + "0".repeat(24)).key(key).send().assertError(404, "not_found_error");
        ApiException foreign = catchThrowableOfType(() -> TestServer.bean(DisputeService.class)
                .open(new Tenant(TestTenant.create().id(), Mode.TEST), order, List.of(new DisputedRecord("eviction", 0)),
                        "Not mine."), ApiException.class);
        assertThat(foreign.status().getCode()).isEqualTo(404);
    }

    /** GET /orders/{id}/disputes, rule 1: an order's disputes are listed newest first, paged by cursor like every list. */
    @Test
    void anOrdersDisputesArePagedNewestFirst() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String id = open(order, "Round " + i + ". [unanswered]").id();
            Api.post("/test_helpers/disputes/" + id + "/resolve").key(key).json("{\"outcome\": \"upheld\"}").send();
            ids.add(0, id);
        }

        JsonNode first = Api.get("/orders/" + order + "/disputes?per_page=2").key(key).send().json();
        assertThat(first.get("count").asInt()).isEqualTo(3);
        assertThat(first.get("data")).extracting(dispute -> dispute.get("id").asText()).containsExactly(ids.get(0), ids.get(1));
        assertThat(first.get("previous_cursor").isNull()).isTrue();
        JsonNode second = Api.get(Screenings.relative(first.get("next_href").asText())).key(key).send().json();
        assertThat(second.get("data")).extracting(dispute -> dispute.get("id").asText()).containsExactly(ids.get(2));
        assertThat(second.get("next_cursor").isNull()).isTrue();
        JsonNode byCursor = Api.get("/orders/" + order + "/disputes?per_page=2&cursor=" + first.get("next_cursor").asText())
                .key(key).send().json();
        assertThat(byCursor.get("data")).isEqualTo(second.get("data"));
        String otherOrder = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        Api.get("/orders/" + otherOrder + "/disputes?cursor=" + first.get("next_cursor").asText()).key(key).send()
                .assertValidationErrors();
    }

    /**
     * POST /test_helpers/disputes/{id}/resolve, rules 1 to 3: the test helper resolves an open
     * dispute with the outcome named; bad input is our envelope (openapi.yaml#errors).
     */
    @Test
    void theTestHelperResolvesWithTheOutcomeAndRefusesBadInput() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        String id = open(order, "Not mine. [unanswered]").id();
        String path = "/test_helpers/disputes/" + id + "/resolve";

        assertPointer(Api.post(path).key(key).json("{}").sendInvalid(), "/outcome");
        assertPointer(Api.post(path).key(key).json("{\"outcome\": \"forgiven\"}").sendInvalid(), "/outcome");
        assertPointer(Api.post(path).key(key).json("{\"outcome\": \"deleted\", \"note\": 1}").sendInvalid(), "/note");
        Api.post(path).key(tenant.liveKey()).json("{\"outcome\": \"deleted\"}").send().assertError(404, "not_found_error");
        Api.post("/test_helpers/disputes/dsp_test_" + "0".repeat(24) + "/resolve").key(key).json("{\"outcome\": \"deleted\"}")
                .send().assertError(404, "not_found_error");
        assertThat(Api.get("/disputes/" + id).key(key).send().json().get("status").asText()).isEqualTo("open");

        ApiResponse resolved = Api.post(path).key(key).json("{\"outcome\": \"corrected\"}").send();
        assertThat(resolved.status()).isEqualTo(200);
        assertThat(resolved.json().get("status").asText()).isEqualTo("resolved");
        assertThat(resolved.json().get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        assertThat(Screenings.report(key, order).get("checks").get(1).get("details").get("records").get(0).get("disposition")
                .asText()).isEqualTo("Dismissed");

        JsonNode again = Api.post(path).key(key).json("{\"outcome\": \"deleted\"}").send().assertValidationErrors();
        assertThat(again.get(0).get("source").get("parameter").asText()).isEqualTo("id");
    }

    /**
     * docs/integrators.md#what-a-dispute-names: the dispute names records of the report and
     * says why, in bounded text without bidirectional controls; a report that is disputed
     * takes another dispute (FCRA 611(a)(1)(A), docs/integrators.md#several-disputes-of-one-report).
     */
    @Test
    void openRefusesBadRecordsAndBadReasonsButNotADisputedReport() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");
        DisputeService disputes = TestServer.bean(DisputeService.class);
        Tenant own = new Tenant(tenant.id(), Mode.TEST);

        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("eviction", 1)), "Not mine."),
                "/dispute/items/0/record");
        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("credit", 0)), "Not mine."),
                "/dispute/items/0/record");
        assertRefused(() -> disputes.open(own, order, List.of(DisputedRecord.wholeCheck("criminal")), "Not mine."),
                "/dispute/items/0/check");
        assertRefused(() -> disputes.open(own, order, List.of(DisputedRecord.wholeCheck("credit"),
                DisputedRecord.wholeCheck("credit")), "Not mine."), "/dispute/items/1");
        assertRefused(() -> disputes.open(own, order, List.of(DisputedRecord.wholeCheck("eviction"),
                new DisputedRecord("eviction", 0)), "Not mine."), "/dispute/items/1");
        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("eviction", 0),
                DisputedRecord.wholeCheck("eviction")), "Not mine."), "/dispute/items/1");
        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("eviction", 0), new DisputedRecord("eviction", 0)),
                "Not mine."), "/dispute/items/1");
        assertRefused(() -> disputes.open(own, order, List.of(), "Not mine."), "/dispute/items");
        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("eviction", 0)), "Not \u202Emine."),
                "/dispute/reason");
        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("eviction", 0)), " \u200B "), "/dispute/reason");
        assertRefused(() -> disputes.open(own, order, List.of(new DisputedRecord("eviction", 0)), "x".repeat(2001)),
                "/dispute/reason");
        assertThat(Screenings.report(key, order).get("status").asText()).isEqualTo("complete");

        DisputeService.DisputedRecord record = new DisputedRecord("eviction", 0);
        assertThat(disputes.open(own, order, List.of(record), "First line\r\nsecond line [unanswered]").reason())
                .isEqualTo("First line second line [unanswered]");
        assertThat(disputes.open(own, order, List.of(record), "Again. [unanswered]").status())
                .isEqualTo(io.tenantscreening.disputes.Dispute.Status.OPEN);
        assertThat(Api.get("/orders/" + order + "/disputes").key(key).send().json().get("count").asInt()).isEqualTo(2);
    }

    /**
     * docs/integrators.md#disputes-of-whole-checks: the applicant disputes a whole check; its
     * provider verifies it as reported (upheld) and the check stays as it was, the report
     * complete again in the same version (FCRA 611(a)(1)(A), 611(a)(6)).
     */
    @Test
    void anUpheldWholeCreditCheckStaysAsItWas() {
        String order = creditOrder("0000");
        JsonNode before = Screenings.report(key, order);

        JsonNode resolved = awaitResolved(openWhole(order, "credit", "The accounts are not mine.").id());

        JsonNode item = resolved.get("items").get(0);
        assertThat(item.get("check").asText()).isEqualTo("credit");
        assertThat(item.get("record").isNull()).isTrue();
        assertThat(item.get("disputed_record").isNull()).isTrue();
        assertThat(item.get("disputed_check")).isEqualTo(before.get("checks").get(0));
        assertThat(item.get("outcome").asText()).isEqualTo("upheld");
        JsonNode report = Screenings.report(key, order);
        assertThat(report).isEqualTo(before);
        assertThat(report.get("checks").get(0).get("findings_deleted").asBoolean()).isFalse();
        JsonNode updated = awaitEvent(report.get("id").asText(), "report.updated");
        assertThat(updated.get("data").get("object")).isEqualTo(report);
        assertThat(updated.get("data").get("previous_attributes").toString()).isEqualTo("{\"status\":\"disputed\"}");
    }

    /**
     * docs/integrators.md#disputes-of-whole-checks: a whole check the provider corrects takes
     * the provider's re-verified findings, which decide its result again, in a new version (FCRA
     * 611(a)(5)(A)); the credit check as docs/integrators.md#disputes-in-test-mode corrects it.
     */
    @Test
    void aCorrectedWholeCreditCheckTakesTheReverifiedFindings() {
        String order = creditOrder("0000");
        JsonNode before = Screenings.report(key, order);
        assertThat(before.get("checks").get(0).get("details").get("score").asInt()).isEqualTo(712);

        JsonNode resolved = awaitResolved(openWhole(order, "credit", "My score is higher than that. [corrected]").id());

        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("version").asInt()).isEqualTo(2);
        assertThat(report.get("status").asText()).isEqualTo("complete");
        JsonNode credit = report.get("checks").get(0);
        assertThat(credit.get("details").get("score").asInt()).isEqualTo(732);
        assertThat(credit.get("details").get("tradelines").get("delinquent").asInt()).isZero();
        assertThat(credit.get("result").asText()).isEqualTo("clear");
        assertThat(credit.get("findings_deleted").asBoolean()).isFalse();
        assertThat(report.get("checks").get(1)).isEqualTo(before.get("checks").get(1));
        JsonNode updated = awaitEvent(report.get("id").asText(), "report.updated");
        assertThat(updated.get("data").get("object")).isEqualTo(report);
        JsonNode previous = updated.get("data").get("previous_attributes");
        assertThat(previous.get("checks")).isEqualTo(before.get("checks"));
        assertThat(previous.get("version").asInt()).isEqualTo(1);
        assertThat(previous.get("status").asText()).isEqualTo("disputed");
        assertThat(previous.has("result")).isFalse();
    }

    /**
     * docs/integrators.md#disputes-of-whole-checks: a whole check that cannot be verified has
     * its findings deleted: findings_deleted, empty details, clear; the report's result is
     * decided again and a policy criterion that needs the check is decided as for a check not
     * ordered (FCRA 611(a)(5)(A)). A check whose findings were deleted cannot be disputed again.
     */
    @Test
    void aDeletedWholeCreditCheckLosesItsFindingsAndTheRecommendationIsDecidedAgain() {
        Policies.create(key, "Score 620", "{\"min_credit_score\": 620}", true);
        String order = creditOrder("0003");
        JsonNode before = Screenings.report(key, order);
        assertThat(before.get("result").asText()).isEqualTo("consider");
        assertThat(before.get("recommendation").get("reasons").get(0).get("code").asText()).isEqualTo("credit_file_too_thin");

        JsonNode resolved = awaitResolved(openWhole(order, "credit", "I have had a credit card for years. [deleted]").id());

        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("version").asInt()).isEqualTo(2);
        JsonNode credit = report.get("checks").get(0);
        assertThat(credit.get("type").asText()).isEqualTo("credit");
        assertThat(credit.get("status").asText()).isEqualTo("complete");
        assertThat(credit.get("result").asText()).isEqualTo("clear");
        assertThat(credit.get("details").toString()).isEqualTo("{}");
        assertThat(credit.get("findings_deleted").asBoolean()).isTrue();
        assertThat(report.get("result").asText()).isEqualTo("clear");
        JsonNode recommendation = report.get("recommendation");
        assertThat(recommendation.get("decision").asText()).isEqualTo("review");
        assertThat(recommendation.get("reasons")).hasSize(1);
        assertThat(recommendation.get("reasons").get(0).get("code").asText()).isEqualTo("check_not_ordered");
        assertThat(recommendation.get("reasons").get(0).get("check").asText()).isEqualTo("credit");
        assertThat(recommendation.get("reasons").get(0).get("detail").asText()).contains("deleted");
        JsonNode updated = awaitEvent(report.get("id").asText(), "report.updated");
        assertThat(updated.get("data").get("object")).isEqualTo(report);
        JsonNode previous = updated.get("data").get("previous_attributes");
        assertThat(previous.get("result").asText()).isEqualTo("consider");
        assertThat(previous.get("checks")).isEqualTo(before.get("checks"));
        assertThat(previous.get("recommendation")).isEqualTo(before.get("recommendation"));
        assertThat(text(Api.get("/reports/" + report.get("id").asText()).key(key).header("Accept", "application/pdf").send()
                .bytes())).contains("Removed after a dispute");
        assertRefused(() -> openWhole(order, "credit", "Again."), "/dispute/items/0/check");
    }

    /**
     * docs/integrators.md#disputes-of-whole-checks, docs/operators.md#disputes: a whole check
     * its provider has not verified within 30 days has its findings deleted, by the sweep of
     * overdue disputes (FCRA 611(a)(1)(A) and (a)(5)(A)).
     */
    @Test
    void aWholeCheckNotVerifiedWithin30DaysHasItsFindingsDeleted() {
        String order = creditOrder("0000");
        JsonNode dispute = api(openWhole(order, "credit", "Please check with the bureau. [unanswered]"));
        Instant deadline = Instant.parse(dispute.get("deadline").asText());

        clock.stopAt(deadline.minusSeconds(1));
        BackgroundWork.awaitTwoRuns("delete-overdue-disputes");
        assertThat(Api.get("/disputes/" + dispute.get("id").asText()).key(key).send().json().get("status").asText())
                .isEqualTo("open");

        clock.stopAt(deadline);
        JsonNode resolved = awaitResolved(dispute.get("id").asText());

        assertThat(Instant.parse(resolved.get("resolved_at").asText())).isEqualTo(deadline);
        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        JsonNode credit = Screenings.report(key, order).get("checks").get(0);
        assertThat(credit.get("findings_deleted").asBoolean()).isTrue();
        assertThat(credit.get("details").toString()).isEqualTo("{}");
    }

    /**
     * docs/integrators.md#disputes-in-test-mode: a court-record check disputed as a whole is
     * reinvestigated whole: every record corrected (FCRA 611(a)(5)(A)).
     */
    @Test
    void aWholeEvictionCheckCorrectedCorrectsEveryRecord() {
        String order = evictionOrder("ordinary-" + UUID.randomUUID() + "@example.com");

        JsonNode resolved = awaitResolved(openWhole(order, "eviction", "Every case was dismissed. [corrected]").id());

        assertThat(resolved.get("items").get(0).get("disputed_check").get("type").asText()).isEqualTo("eviction");
        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        JsonNode records = Screenings.report(key, order).get("checks").get(1).get("details").get("records");
        assertThat(records).hasSize(1);
        assertThat(records.get(0).get("disposition").asText()).isEqualTo("Dismissed");
    }

    private static void assertRefused(Runnable call, String pointer) {
        ApiException refused = catchThrowableOfType(call::run, ApiException.class);
        assertThat(refused).as("refused at " + pointer).isNotNull();
        assertThat(refused.status().getCode()).isEqualTo(422);
        assertThat(refused.errors()).extracting(ErrorEntry::code).containsOnly("validation_error");
        assertThat(refused.errors()).extracting(entry -> entry.source().pointer()).contains(pointer);
    }

    private static void assertPointer(ApiResponse response, String pointer) {
        JsonNode errors = response.assertValidationErrors();
        assertThat(errors).extracting(error -> error.get("source").get("pointer").asText()).contains(pointer);
    }

    /** A completed essential test order whose applicant (at this email) has an eviction record (SSN ending in 0001). */
    private String evictionOrder(String email) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", email).put("ssn", "123-45-0001");
        String id = OrderRequests.placed(key, body);
        if (email.endsWith("@apply.test")) {
            Screenings.submit(key, id);
        }
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** A completed essential test order whose applicant's SSN ends in these four digits. */
    private String creditOrder(String lastFour) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", "ordinary-" + UUID.randomUUID() + "@example.com").put("ssn", "123-45-" + lastFour);
        String id = OrderRequests.placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** Opens a dispute of a whole check of the order, as the applicant's copy of the report does. */
    private io.tenantscreening.disputes.Dispute openWhole(String order, String check, String reason) {
        return TestServer.bean(DisputeService.class).open(new Tenant(tenant.id(), Mode.TEST), order,
                List.of(DisputedRecord.wholeCheck(check)), reason);
    }

    /** Opens a dispute of the eviction record of the order, as the applicant's copy of the report does. */
    private io.tenantscreening.disputes.Dispute open(String order, String reason) {
        return TestServer.bean(DisputeService.class).open(new Tenant(tenant.id(), Mode.TEST), order,
                List.of(new DisputedRecord("eviction", 0)), reason);
    }

    /** The dispute as GET /disputes/{id} answers it. */
    private JsonNode api(io.tenantscreening.disputes.Dispute dispute) {
        return Api.get("/disputes/" + dispute.id()).key(key).send().json();
    }

    private JsonNode awaitResolved(String id) {
        return await("dispute " + id + " resolved").until(() -> Api.get("/disputes/" + id).key(key).send().json(),
                dispute -> dispute.get("status").asText().equals("resolved"));
    }

    private JsonNode awaitEvent(String objectId, String type) {
        return Screenings.eventsOf(key, objectId).stream().filter(event -> event.get("type").asText().equals(type))
                .findFirst().orElseThrow(() -> new AssertionError("no " + type + " event of " + objectId));
    }

    private static String hmac(String secret, String message) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    }
}
