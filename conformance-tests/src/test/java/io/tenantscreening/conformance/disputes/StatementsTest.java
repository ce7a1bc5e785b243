package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.AdverseActionRequests.text;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statements of dispute (FCRA section 611(b): when a reinvestigation does not resolve the
 * dispute, the consumer may file a brief statement of its nature, which the agency may limit to
 * 100 words; 611(c): every later consumer report containing the disputed information notes that
 * it is disputed, with the statement): docs/integrators.md#statements-of-dispute and
 * POST /test_helpers/disputes/{id}/statement, rules 1 to 5, with the notes in reports
 * (ReportCheck.consumer_statements, openapi.yaml#disputes) and in their PDF.
 */
@ExtendWith(FreshTenants.class)
class StatementsTest {

    private static final String STATEMENT = "I paid the rent in full before the case was filed and have the landlord's receipt.";
    private static final String DOB = "1987-03-09";

    @Fresh
    private String key;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    /** POST /test_helpers/disputes/{id}/statement, rules 1 and 2: no such path for a live key; another organisation's dispute is not found. */
    @Test
    void aLiveKeyHasNoSuchPathAndAnotherOrganisationsDisputeIsNotFound() {
        String id = upheldRecordDispute(order("123-45-0001", DOB));
        String path = "/test_helpers/disputes/" + id + "/statement";

        Api.post(path).key(liveKey).json(body(STATEMENT)).send().assertError(404, "not_found_error");
        Api.post(path).key(TestTenant.create().testKey()).json(body(STATEMENT)).send().assertError(404, "not_found_error");
        Api.post("/test_helpers/disputes/dsp_test_" + "0".repeat(24) + "/statement").key(key).json(body(STATEMENT)).send()
                .assertError(404, "not_found_error");

        assertThat(dispute(id).get("statement").isNull()).isTrue();
    }

    /**
     * POST /test_helpers/disputes/{id}/statement, rule 3 (FCRA 611(b): a statement follows a
     * reinvestigation that did not resolve the dispute): an open dispute (even one with an item
     * another dispute upheld already), one whose items were all deleted and one with a statement
     * already take none, on the path's id; nothing changes.
     */
    @Test
    void onlyAResolvedDisputeWithAnItemThatStayedTakesOneStatement() {
        String order = order("123-45-0001", DOB);
        String earlier = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not mine. [unanswered]");
        String open = open(order, "[{\"check\": \"eviction\", \"record\": 0}, {\"check\": \"credit\"}]",
                "Neither is mine. [unanswered]");
        Api.post("/test_helpers/disputes/" + earlier + "/resolve").key(key).json("{\"outcome\": \"upheld\"}").send();
        assertRefusedOnId(Api.post(path(open)).key(key).json(body(STATEMENT)).send(), "still open");
        String deleted = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not mine. [deleted]");
        awaitResolved(deleted);
        assertRefusedOnId(Api.post(path(deleted)).key(key).json(body(STATEMENT)).send(), "every item it named was deleted");
        String upheld = upheldRecordDispute(order("123-45-0001", "1987-03-10"));
        assertThat(Api.post(path(upheld)).key(key).json(body(STATEMENT)).send().status()).isEqualTo(200);

        assertRefusedOnId(Api.post(path(upheld)).key(key).json(body("Another one.")).send(), "has a statement already");

        assertThat(dispute(upheld).get("statement").get("text").asText()).isEqualTo(STATEMENT);
        assertThat(dispute(open).get("statement").isNull()).isTrue();
        assertThat(dispute(deleted).get("statement").isNull()).isTrue();
    }

    /**
     * POST /test_helpers/disputes/{id}/statement, rule 4 (FCRA 611(b), at most 100 words;
     * docs/integrators.md#statements-of-dispute for how words are counted): one line of 1 to 100
     * words and at most 1000 characters, stored trimmed; anything else is refused on
     * /statement and nothing is filed.
     */
    @Test
    void theStatementIsOneLineOfOneToAHundredWords() {
        String id = upheldRecordDispute(order("123-45-0001", DOB));
        String path = path(id);
        String hundred = "word ".repeat(100).strip();

        for (String bad : List.of("", "Line one\\nline two", "x".repeat(1001))) {
            assertRefusedOnText(Api.post(path).key(key).json(body(bad)).sendInvalid());
        }
        for (String bad : List.of(hundred + " more", "\u2014 \u2026 !", "\u200B\u200B")) {
            assertRefusedOnText(Api.post(path).key(key).json(body(bad)).send());
        }
        assertThat(dispute(id).get("statement").isNull()).isTrue();

        JsonNode filed = Api.post(path).key(key).json(body("  " + hundred + " \u2014  ")).send().json();

        assertThat(filed.get("statement").get("text").asText()).isEqualTo(hundred + " \u2014");
    }

    /**
     * POST /test_helpers/disputes/{id}/statement, rule 5 (FCRA 611(c)): the dispute keeps the
     * statement; the report's next version notes it under the record it is about, with
     * report.updated; the version before stays as it stood; the PDF prints it.
     */
    @Test
    void aFiledStatementIsNotedByTheReportsNextVersion() {
        String order = order("123-45-0001", DOB);
        String id = upheldRecordDispute(order);
        JsonNode before = Screenings.report(key, order);

        ApiResponse answer = Api.post(path(id)).key(key).json(body(STATEMENT)).send();

        assertThat(answer.status()).isEqualTo(200);
        JsonNode statement = answer.json().get("statement");
        assertThat(statement.get("text").asText()).isEqualTo(STATEMENT);
        assertThat(Duration.between(Instant.parse(statement.get("filed_at").asText()), Instant.now()).abs()).isLessThan(Duration.ofMinutes(1));
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("version").asInt()).isEqualTo(before.get("version").asInt() + 1);
        assertThat(report.get("status").asText()).isEqualTo("complete");
        JsonNode noted = report.get("checks").get(1).get("consumer_statements");
        assertThat(noted).hasSize(1);
        assertThat(noted.get(0).get("text").asText()).isEqualTo(STATEMENT);
        assertThat(noted.get(0).get("filed_at")).isEqualTo(statement.get("filed_at"));
        assertThat(noted.get(0).get("records").toString()).isEqualTo("[0]");
        assertThat(report.get("checks").get(0).get("consumer_statements")).isEmpty();
        JsonNode updated = Screenings.eventsOf(key, report.get("id").asText()).stream()
                .reduce((first, second) -> second).orElseThrow();
        assertThat(updated.get("type").asText()).isEqualTo("report.updated");
        assertThat(updated.get("data").get("object")).isEqualTo(report);
        assertThat(updated.get("data").get("previous_attributes").get("checks")).isEqualTo(before.get("checks"));
        assertThat(updated.get("data").get("previous_attributes").has("status")).isFalse();
        String reportId = report.get("id").asText();
        assertThat(Api.get("/reports/" + reportId + "/versions/" + before.get("version").asInt()).key(key).send().json()
                .get("checks")).isEqualTo(before.get("checks"));
        assertThat(text(Api.get("/reports/" + reportId + "/pdf").key(key).send().bytes()).replace('\n', ' '))
                .contains("Disputed by the consumer: the record filed", "The consumer's statement, filed", "receipt.");
    }

    /**
     * docs/integrators.md#statements-of-dispute (FCRA 611(c)): a later report on the same
     * consumer (same SSN and date of birth; in test mode within the organisation) that contains
     * the disputed record notes the statement; another consumer's, and another organisation's,
     * do not.
     */
    @Test
    void aLaterReportOnTheSameConsumerNotesTheStatement() {
        String id = upheldRecordDispute(order("123-45-0001", DOB));
        Api.post(path(id)).key(key).json(body(STATEMENT)).send();

        JsonNode same = Screenings.report(key, order("123-45-0001", DOB)).get("checks").get(1);
        JsonNode otherConsumer = Screenings.report(key, order("123-45-0001", "1987-03-10")).get("checks").get(1);
        String elsewhere = TestTenant.create().testKey();
        JsonNode otherOrganisation = Screenings.report(elsewhere, order(elsewhere, "123-45-0001", DOB)).get("checks").get(1);

        assertThat(same.get("consumer_statements")).hasSize(1);
        assertThat(same.get("consumer_statements").get(0).get("text").asText()).isEqualTo(STATEMENT);
        assertThat(same.get("consumer_statements").get(0).get("records").toString()).isEqualTo("[0]");
        assertThat(otherConsumer.get("details").get("records")).hasSize(1);
        assertThat(otherConsumer.get("consumer_statements")).isEmpty();
        assertThat(otherOrganisation.get("consumer_statements")).isEmpty();
    }

    /**
     * docs/integrators.md#statements-of-dispute (FCRA 611(c)): a statement about a whole check
     * is noted on that check, records null, in the report's next version and in a later report
     * on the same consumer.
     */
    @Test
    void aStatementAboutAWholeCheckIsNotedOnThatCheck() {
        String order = order("123-45-0001", DOB);
        String id = open(order, "[{\"check\": \"credit\"}]", "The accounts are not mine.");
        awaitResolved(id);
        Api.post(path(id)).key(key).json(body(STATEMENT)).send();

        for (JsonNode report : List.of(Screenings.report(key, order), Screenings.report(key, order("123-45-0001", DOB)))) {
            JsonNode noted = report.get("checks").get(0).get("consumer_statements");
            assertThat(noted).hasSize(1);
            assertThat(noted.get(0).get("records").isNull()).isTrue();
            assertThat(report.get("checks").get(1).get("consumer_statements")).isEmpty();
        }
    }

    /**
     * docs/integrators.md#statements-of-dispute: every later version of the report notes the
     * statement, also when another dispute's correction of the record makes it (FCRA 611(c)),
     * and while another dispute of the report is open the statement's version stays disputed.
     */
    @Test
    void laterVersionsKeepNotingTheStatementAndAnOpenDisputeKeepsTheReportDisputed() {
        String order = order("123-45-0001", DOB);
        String id = upheldRecordDispute(order);
        String other = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Dismissed in 2024. [unanswered]");

        Api.post(path(id)).key(key).json(body(STATEMENT)).send();

        JsonNode disputed = Screenings.report(key, order);
        assertThat(disputed.get("status").asText()).isEqualTo("disputed");
        assertThat(disputed.get("checks").get(1).get("consumer_statements")).hasSize(1);
        Api.post("/test_helpers/disputes/" + other + "/resolve").key(key).json("{\"outcome\": \"corrected\"}").send();
        JsonNode later = Screenings.report(key, order);
        assertThat(later.get("version").asInt()).isEqualTo(disputed.get("version").asInt() + 1);
        assertThat(later.get("status").asText()).isEqualTo("complete");
        assertThat(later.get("checks").get(1).get("details").get("records").get(0).get("disposition").asText()).isEqualTo("Dismissed");
        assertThat(later.get("checks").get(1).get("consumer_statements")).isEqualTo(disputed.get("checks").get(1)
                .get("consumer_statements"));
    }

    /**
     * docs/integrators.md#statements-of-dispute (FCRA 611(c)): a statement is about what of its
     * dispute stayed: a later report on the same consumer notes it on the record that was
     * upheld, not on the check whose findings the same dispute had deleted.
     */
    @Test
    void aStatementIsNotedOnlyOnWhatOfItsDisputeStayed() {
        String order = order("123-45-0001", DOB);
        String earlier = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not mine. [unanswered]");
        String mixed = open(order, "[{\"check\": \"eviction\", \"record\": 0}, {\"check\": \"credit\"}]",
                "Neither is mine. [deleted]");
        Api.post("/test_helpers/disputes/" + earlier + "/resolve").key(key).json("{\"outcome\": \"upheld\"}").send();
        awaitResolved(mixed);
        assertThat(dispute(mixed).get("items")).extracting(item -> item.get("outcome").asText()).containsExactly("upheld", "deleted");

        Api.post(path(mixed)).key(key).json(body(STATEMENT)).send();

        JsonNode later = Screenings.report(key, order("123-45-0001", DOB));
        assertThat(later.get("checks").get(0).get("consumer_statements")).isEmpty();
        assertThat(later.get("checks").get(1).get("consumer_statements")).hasSize(1);
    }

    /** POST /test_helpers/disputes/{id}/statement, rule 3: of requests that race, one files its statement; the others are refused. */
    @Test
    void ofRacingStatementsOneIsFiled() throws Exception {
        String order = order("123-45-0001", DOB);
        String id = upheldRecordDispute(order);
        int versionBefore = Screenings.report(key, order).get("version").asInt();

        List<ApiResponse> answers = Concurrently.send(5, client -> Api.post(path(id)).key(key)
                .json(body("Statement number " + client + ".")).send());

        assertThat(answers).extracting(ApiResponse::status).containsOnlyOnce(200).containsOnly(200, 422);
        String filed = answers.stream().filter(answer -> answer.status() == 200).findFirst().orElseThrow().json()
                .get("statement").get("text").asText();
        assertThat(dispute(id).get("statement").get("text").asText()).isEqualTo(filed);
        JsonNode report = Screenings.report(key, order);
        assertThat(report.get("version").asInt()).isEqualTo(versionBefore + 1);
        assertThat(report.get("checks").get(1).get("consumer_statements")).hasSize(1);
    }

    private String order(String ssn, String dob) {
        return order(key, ssn, dob);
    }

    /** A completed essential test order of the organisation of this key, for the consumer with this SSN and date of birth. */
    private static String order(String key, String ssn, String dob) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", "ordinary-" + UUID.randomUUID() + "@example.com").put("ssn", ssn).put("dob", dob);
        String id = OrderRequests.placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** A resolved dispute of the order's eviction record, upheld. */
    private String upheldRecordDispute(String order) {
        String id = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "The case was not mine.");
        awaitResolved(id);
        return id;
    }

    private String open(String order, String items, String reason) {
        ApiResponse opened = Api.post("/test_helpers/orders/" + order + "/disputes").key(key)
                .json("{\"dispute\": {\"items\": " + items + ", \"reason\": \"" + reason + "\"}}").send();
        assertThat(opened.status()).as(opened.body()).isEqualTo(201);
        return opened.json().get("id").asText();
    }

    private static String path(String dispute) {
        return "/test_helpers/disputes/" + dispute + "/statement";
    }

    private static String body(String statement) {
        return "{\"statement\": \"" + statement + "\"}";
    }

    private JsonNode dispute(String id) {
        return Api.get("/disputes/" + id).key(key).send().json();
    }

    private void awaitResolved(String id) {
        await("dispute " + id + " resolved").until(() -> dispute(id), dispute -> dispute.get("status").asText().equals("resolved"));
    }

    private static void assertRefusedOnId(ApiResponse response, String why) {
        JsonNode errors = response.assertValidationErrors();
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(errors.get(0).get("detail").asText()).contains(why);
    }

    private static void assertRefusedOnText(ApiResponse response) {
        JsonNode errors = response.assertValidationErrors();
        assertThat(errors).extracting(error -> error.get("source").get("pointer").asText()).containsOnly("/statement");
    }
}
