package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.disputes.DisputeSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several disputes of one report (FCRA section 611(a)(1)(A): the agency reinvestigates every
 * dispute, each within 30 days of its receipt): docs/integrators.md#several-disputes-of-one-report
 * and openapi.yaml#disputes; POST /test_helpers/orders/{id}/disputes, rule 7, and
 * POST /test_helpers/disputes/{id}/resolve, rule 4. A shared item is reinvestigated once, by
 * the earlier dispute; what one resolution removes is decided for every dispute naming it; the
 * report stays disputed until the last dispute is resolved, and a resolution that changes
 * nothing emits no event. Disputes are opened with the test helper, as the applicant's form
 * opens them; the canned provider answers by the marker in the reason.
 */
@ExtendWith(FreshTenants.class)
@OwnDatabase
class SeveralDisputesTest {

    private static final String REINVESTIGATION = "reinvestigate-dispute";

    @Fresh
    private String key;

    /**
     * docs/integrators.md#several-disputes-of-one-report, "A shared item is reinvestigated once"
     * (FCRA 611(a)(1)(A)): the later dispute does not ask about the record the earlier one
     * reinvestigates, and cannot be resolved before it; the earlier one's outcome is both's, and
     * the later one then resolves with its own verdict on what it alone names. The earlier
     * resolution changed nothing while the later dispute was open: no event.
     */
    @Test
    void aSharedRecordIsReinvestigatedOnceByTheEarlierDispute() {
        String order = order("123-45-0001", "essential");
        JsonNode before = Screenings.report(key, order);
        String earlier = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [unanswered]");
        String later = open(order, "[{\"check\": \"eviction\", \"record\": 0}, {\"check\": \"credit\"}]",
                "Neither is mine. [deleted]");

        BackgroundWork.awaitRescheduled(REINVESTIGATION, later);

        assertThat(dispute(later).get("status").asText()).isEqualTo("open");
        assertThat(Screenings.report(key, order).get("checks")).isEqualTo(before.get("checks"));
        resolve(earlier, "upheld");
        JsonNode resolved = awaitResolved(later);
        assertThat(resolved.get("items")).extracting(item -> item.get("check").asText() + ":" + item.get("outcome").asText())
                .containsExactly("eviction:upheld", "credit:deleted");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("status").asText()).isEqualTo("complete");
        assertThat(report.get("checks").get(1).get("details").get("records")).isEqualTo(before.get("checks").get(1).get("details")
                .get("records"));
        assertThat(report.get("checks").get(0).get("findings_deleted").asBoolean()).isTrue();
        assertThat(Screenings.eventsOf(key, report.get("id").asText())).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed", "report.updated");
    }

    /**
     * docs/integrators.md#several-disputes-of-one-report: an item decided by another dispute's
     * resolution shows no outcome until its own dispute is resolved; then the test helper's
     * outcome goes to the items without one, and the decided item keeps its own
     * (POST /test_helpers/disputes/{id}/resolve, rule 4).
     */
    @Test
    void anItemDecidedEarlyKeepsItsOutcomeAndShowsItOnlyOnceItsDisputeIsResolved() {
        String order = order("123-45-0001", "essential");
        String earlier = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [unanswered]");
        String later = open(order, "[{\"check\": \"eviction\", \"record\": 0}, {\"check\": \"credit\"}]",
                "Neither is mine. [unanswered]");
        resolve(earlier, "upheld");

        JsonNode open = dispute(later);

        assertThat(open.get("status").asText()).isEqualTo("open");
        assertThat(open.get("items")).allSatisfy(item -> assertThat(item.get("outcome").isNull()).isTrue());
        JsonNode resolved = resolve(later, "deleted");
        assertThat(resolved.get("items")).extracting(item -> item.get("outcome").asText()).containsExactly("upheld", "deleted");
    }

    /**
     * openapi.yaml#disputes, POST /test_helpers/orders/{id}/disputes, rule 7: a disputed report
     * takes another dispute, stays disputed with a single report.disputed until its last
     * dispute is resolved, and an upheld resolution meanwhile emits nothing; each dispute keeps
     * its own deadline, 30 days from its own receipt (FCRA 611(a)(1)(A)).
     */
    @Test
    void theReportStaysDisputedUntilItsLastDisputeIsResolved() {
        String order = order("123-45-0001", "essential");
        String first = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [unanswered]");
        String second = open(order, "[{\"check\": \"credit\"}]", "Not my accounts. [unanswered]");
        String report = Screenings.report(key, order).get("id").asText();

        assertThat(Screenings.report(key, order).get("status").asText()).isEqualTo("disputed");
        for (String id : List.of(first, second)) {
            JsonNode dispute = dispute(id);
            assertThat(Duration.between(Instant.parse(dispute.get("created_at").asText()), Instant.parse(dispute.get("deadline").asText())))
                    .isEqualTo(Duration.ofDays(30));
        }
        resolve(first, "upheld");
        assertThat(Screenings.report(key, order).get("status").asText()).isEqualTo("disputed");
        assertThat(Screenings.eventsOf(key, report)).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed");

        resolve(second, "corrected");

        JsonNode updated = Screenings.eventsOf(key, report).get(2);
        assertThat(updated.get("type").asText()).isEqualTo("report.updated");
        assertThat(updated.get("data").get("object").get("status").asText()).isEqualTo("complete");
        assertThat(updated.get("data").get("previous_attributes").get("status").asText()).isEqualTo("disputed");
        assertThat(updated.get("data").get("previous_attributes").get("version").asInt()).isEqualTo(1);
    }

    /**
     * docs/integrators.md#several-disputes-of-one-report, "What one resolution removes is
     * decided for every dispute that names it": a record whose check's findings another dispute
     * deleted is deleted for the dispute naming it, which is resolved in the same step with the
     * same version of the report, a dispute.resolved and an outcome email of its own, and the
     * description of its reinvestigation says another dispute removed the record (FCRA
     * 611(a)(5)(A), 611(a)(6), 611(a)(7)).
     */
    @Test
    void whatOneDisputeDeletesIsDeletedForAnotherThatNamesIt() {
        String email = "several-" + UUID.randomUUID() + "@apply.test";
        String order = order("123-45-0001", "essential", email);
        String record = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [unanswered]");
        String whole = open(order, "[{\"check\": \"eviction\"}]", "None of this is mine. [deleted]");

        JsonNode byWhole = awaitResolved(whole);
        JsonNode byOther = awaitResolved(record);

        assertThat(byWhole.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        assertThat(byOther.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        assertThat(byOther.get("resolved_at")).isEqualTo(byWhole.get("resolved_at"));
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("status").asText()).isEqualTo("complete");
        assertThat(report.get("version").asInt()).isEqualTo(2);
        assertThat(report.get("checks").get(1).get("findings_deleted").asBoolean()).isTrue();
        assertThat(Screenings.eventsOf(key, report.get("id").asText())).extracting(event -> event.get("type").asText())
                .containsExactly("report.completed", "report.disputed", "report.updated");
        for (String dispute : List.of(record, whole)) {
            assertThat(Screenings.eventsOf(key, dispute)).extracting(event -> event.get("type").asText())
                    .containsExactly("dispute.created", "dispute.resolved");
        }
        assertThat(await("two outcome emails to " + email).until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals("The outcome of your dispute of your screening report")).toList(),
                mails -> mails.size() >= 2)).hasSize(2);
        String url = Api.post("/test_helpers/orders/" + order + "/report_copy_link").key(key).send().json().get("url").asText();
        Pages browser = Pages.client();
        browser.post(url + "/description", Pages.fields("form_token", browser.get(url).formToken(), "dispute", record));
        assertThat(await("the description of dispute " + record).until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals("How we reinvestigated your dispute")).toList(), mails -> !mails.isEmpty())
                .get(0).text()).contains("the reinvestigation of another of your disputes removed it from your report");
    }

    /**
     * docs/integrators.md#several-disputes-of-one-report: a conviction that a correction of its
     * whole check turns into a record the age limit leaves out (FCRA 605(a)) is corrected, not
     * deleted, for the dispute that named the record.
     */
    @Test
    void aRecordLeftOutAfterItsWholeCheckWasCorrectedIsCorrectedForADisputeNamingIt() {
        String order = order("123-45-0007", "complete");
        assertThat(Screenings.report(key, order).get("checks").get(2).get("details").get("records")).hasSize(1);
        String record = open(order, "[{\"check\": \"criminal\", \"record\": 0}]", "Not a conviction. [unanswered]");
        String whole = open(order, "[{\"check\": \"criminal\"}]", "The case was dismissed. [corrected]");

        awaitResolved(whole);
        JsonNode byOther = awaitResolved(record);

        assertThat(byOther.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        assertThat(Screenings.report(key, order).get("checks").get(2).get("details").get("records")).isEmpty();
    }

    /**
     * docs/integrators.md#several-disputes-of-one-report (FCRA 611(a)(5)(B) and (C)): a record
     * one dispute deleted does not come back with another dispute's correction of its whole check.
     */
    @Test
    void aWholeCheckCorrectedLaterNeverBringsBackARecordDeletedMeanwhile() {
        String order = order("123-45-0001", "essential");
        String whole = open(order, "[{\"check\": \"eviction\"}]", "Incomplete. [unanswered]");
        awaitResolved(open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not mine. [deleted]"));
        assertThat(Screenings.report(key, order).get("checks").get(1).get("details").get("records")).isEmpty();

        JsonNode resolved = resolve(whole, "corrected");

        assertThat(resolved.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("checks").get(1).get("details").get("records")).isEmpty();
        assertThat(report.get("status").asText()).isEqualTo("complete");
    }

    /**
     * docs/integrators.md#several-disputes-of-one-report: only an earlier dispute whose deadline
     * is no later takes over a shared item, so a later dispute with an earlier deadline (the
     * operator shortened the period meanwhile) reinvestigates it itself within its own 30 days
     * at most (FCRA 611(a)(1)(A)), and its outcome is the earlier dispute's too.
     */
    @Test
    void anEarlierDisputeWithALaterDeadlineDoesNotTakeOverASharedItem() {
        String order = order("123-45-0001", "essential");
        String earlier = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [unanswered]");
        DisputeSettings settings = TestServer.bean(DisputeSettings.class);
        settings.setReinvestigationDays(10);
        try {
            String later = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [deleted]");

            assertThat(awaitResolved(later).get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
            JsonNode byOther = awaitResolved(earlier);
            assertThat(byOther.get("items").get(0).get("outcome").asText()).isEqualTo("deleted");
        } finally {
            settings.setReinvestigationDays(30);
        }
    }

    /**
     * POST /test_helpers/disputes/{id}/resolve, rule 4: resolving the later dispute gives the
     * shared item its outcome in the earlier dispute too, which is then resolved.
     */
    @Test
    void resolvingTheLaterDisputeDecidesTheSharedItemForTheEarlierOne() {
        String order = order("123-45-0001", "essential");
        String earlier = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not my case. [unanswered]");
        String later = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Still not mine. [unanswered]");

        resolve(later, "corrected");

        JsonNode byOther = dispute(earlier);
        assertThat(byOther.get("status").asText()).isEqualTo("resolved");
        assertThat(byOther.get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("status").asText()).isEqualTo("complete");
        assertThat(report.get("checks").get(1).get("details").get("records").get(0).get("disposition").asText()).isEqualTo("Dismissed");
    }

    /**
     * docs/integrators.md#several-disputes-of-one-report: a resolution applies its verdict to the
     * record where the report states it now, found by its court, filing date, case type and
     * description, though another dispute's deletion moved it since the dispute named it (FCRA
     * 611(a)(5)(A)).
     */
    @Test
    void aVerdictAppliesToTheRecordWhereTheReportNowStatesIt() {
        String order = order("123-45-0001", "essential");
        TestDatabase.execute("UPDATE reports SET checks = jsonb_set(checks, '{1,details,records,1}', '{\"court\": "
                + "\"Bexar County Justice Court, Precinct 3\", \"filed_on\": \"2024-05-01\", \"case_type\": \"eviction\", "
                + "\"disposition\": \"Judgment for plaintiff\", \"conviction\": null, \"description\": \"Holdover\"}') "
                + "WHERE order_id = '" + order + "'");
        String second = open(order, "[{\"check\": \"eviction\", \"record\": 1}]", "Dismissed. [unanswered]");
        awaitResolved(open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not mine. [deleted]"));
        assertThat(Screenings.report(key, order).get("checks").get(1).get("details").get("records")).hasSize(1);

        JsonNode resolved = resolve(second, "corrected");

        assertThat(resolved.get("items").get(0).get("record").asInt()).isEqualTo(1);
        JsonNode records = Screenings.report(key, order).get("checks").get(1).get("details").get("records");
        assertThat(records).hasSize(1);
        assertThat(records.get(0).get("court").asText()).isEqualTo("Bexar County Justice Court, Precinct 3");
        assertThat(records.get(0).get("disposition").asText()).isEqualTo("Dismissed");
    }

    private String order(String ssn, String packageName) {
        return order(ssn, packageName, "ordinary-" + UUID.randomUUID() + "@example.com");
    }

    /** A completed test order of this package whose applicant, at this address, has an SSN ending as the profile needs. */
    private String order(String ssn, String packageName, String email) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.order(body).put("package", packageName);
        OrderRequests.applicant(body).put("email", email).put("ssn", ssn).put("dob", "1991-02-03");
        String id = OrderRequests.placed(key, body);
        if (email.endsWith("@apply.test")) {
            Screenings.submit(key, id);
        }
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** Opens a dispute with the test helper, as the applicant's form opens one; its id. */
    private String open(String order, String items, String reason) {
        ApiResponse opened = Api.post("/test_helpers/orders/" + order + "/disputes").key(key)
                .json("{\"dispute\": {\"items\": " + items + ", \"reason\": \"" + reason + "\"}}").send();
        assertThat(opened.status()).as(opened.body()).isEqualTo(201);
        return opened.json().get("id").asText();
    }

    private JsonNode resolve(String id, String outcome) {
        ApiResponse resolved = Api.post("/test_helpers/disputes/" + id + "/resolve").key(key)
                .json("{\"outcome\": \"" + outcome + "\"}").send();
        assertThat(resolved.status()).as(resolved.body()).isEqualTo(200);
        return resolved.json();
    }

    private JsonNode dispute(String id) {
        return Api.get("/disputes/" + id).key(key).send().json();
    }

    private JsonNode awaitResolved(String id) {
        return await("dispute " + id + " resolved").until(() -> dispute(id), dispute -> dispute.get("status").asText().equals("resolved"));
    }
}
