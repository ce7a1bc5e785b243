package io.tenantscreening.conformance.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.ScriptedIncomeProvider;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.awaitStatus;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Screening in live mode (openapi.yaml#screening-and-reports: reports are produced
 * asynchronously, GET /orders/{id}/report, rule 1; the provider the operator configured per
 * check type, docs/operators.md#orders-and-screening, by default the built-in sandbox, which
 * the report names, docs/integrators.md#reports). A live order becomes pending the way the
 * applicant's submission will make it (the service's OrderLifecycle, not SQL); the test
 * server answers live income checks with {@link ScriptedIncomeProvider}, everything else with
 * the sandbox (1 s delay), and abandons a provider after 1 s.
 */
@ExtendWith(FreshTenants.class)
@StartsServiceProcesses
class LiveScreeningTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Fresh(cardOnFile = true)
    private TestTenant tenant;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String key;

    /**
     * openapi.yaml#screening-and-reports: a submitted live order is screened by the sandbox
     * after its delay, with a credit score from 580 to 819, and completed with its report.
     */
    @Test
    void aSubmittedLiveOrderIsScreenedByTheSandboxAfterItsDelay() {
        ObjectNode body = body();
        order(body).put("package", "complete");
        applicant(body).put("ssn", "123-45-0002").put("dob", "1990-07-14");
        String id = placed(key, body);

        JsonNode pending = submit(id);
        JsonNode completed = awaitStatus(key, id, "completed");

        assertThat(pending.get("status").asText()).isEqualTo("pending");
        Instant submittedAt = Instant.parse(eventsOf(key, id).get(0).get("created_at").asText());
        assertThat(Duration.between(submittedAt, Instant.parse(completed.get("completed_at").asText())))
                .as("the sandbox answers after its delay (1 s here)").isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        JsonNode report = Screenings.report(key, id);
        assertThat(report.get("provider").asText()).isEqualTo("sandbox");
        assertThat(report.get("live_mode").asBoolean()).isTrue();
        assertThat(report.get("id").asText()).startsWith("rpt_").doesNotStartWith("rpt_test_");
        assertThat(report.get("result").asText()).isEqualTo("consider");
        assertThat(report.get("checks")).extracting(check -> check.get("type").asText() + " " + check.get("result").asText()
                + " " + check.get("provider").asText())
                .containsExactly("credit clear sandbox", "eviction clear sandbox", "criminal consider sandbox");
        int score = report.get("checks").get(0).get("details").get("score").asInt();
        assertThat(score).isBetween(580, 819);
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("order.pending", "order.completed");
        assertThat(events.get(0).get("data").get("previous_status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(events).allSatisfy(event -> assertThat(event.get("id").asText()).doesNotStartWith("evt_test_"));
        assertThat(Screenings.transitions(id)).extracting(row -> row.get(2)).containsExactly("api", "applicant", "screening");
    }

    /**
     * docs/integrators.md#records-limited-by-age-and-kind, in live mode: the sandbox's profile 0007
     * (openapi.yaml#test-mode: live mode's sandbox gives the same profiles) answers an eviction
     * judgment and an arrest filed nine years before and a conviction filed twelve years
     * before; the report keeps only the conviction, and the eviction check whose only record
     * was left out is clear. The records left out are not stored either.
     */
    @Test
    void recordsTooOldToReportAreLeftOutOfALiveReportAndConvictionsStay() throws IOException {
        ObjectNode body = body();
        order(body).put("package", "complete");
        applicant(body).put("ssn", "123-45-0007");
        String id = placed(key, body);
        submit(id);

        awaitStatus(key, id, "completed");

        JsonNode report = Screenings.report(key, id);
        LocalDate reportDay = LocalDate.ofInstant(Instant.parse(report.get("created_at").asText()),
                TestServer.bean(AgencySettings.class).getTimeZone());
        assertThat(report.get("checks")).extracting(check -> check.get("type").asText() + " " + check.get("result").asText()
                + " " + check.get("provider").asText())
                .containsExactly("credit clear sandbox", "eviction clear sandbox", "criminal consider sandbox");
        assertThat(report.get("checks").get(1).get("details")).isEqualTo(JSON.readTree("{\"records\":[]}"));
        assertThat(report.get("checks").get(2).get("details")).isEqualTo(JSON.readTree("""
                {"records":[{"court":"Travis County Court at Law No. 7","filed_on":"%s","case_type":"misdemeanor",
                "disposition":"Guilty plea; probation completed","conviction":true,"description":"Driving while intoxicated",
                "disposed_on":null,"released_on":null}]}"""
                .formatted(reportDay.minusYears(12))));
        assertThat(report.get("result").asText()).isEqualTo("consider");
        assertThat(TestDatabase.number("SELECT count(*) FROM screening_checks, jsonb_array_elements(details->'records') "
                + "WHERE order_id = ?", id)).as("the records left out were never stored").isEqualTo(1);
    }

    /**
     * docs/integrators.md#records-limited-by-age-and-kind, counted from the day of the report: a check
     * answered on an earlier day, whose record was within seven years then, passes the limit
     * again when the report is made. Here the eviction check is stored as answered while the
     * sandbox's other checks wait (the service's clock stands still), with a record filed
     * seven years and a day before the day the report is made.
     */
    @Test
    void aCheckAnsweredOnAnEarlierDayPassesTheLimitAgainOnTheDayOfTheReport() {
        MovableClock clock = TestServer.clock();
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        clock.stopAt(start);
        try {
            ObjectNode body = body();
            order(body).put("package", "essential");
            String id = placed(key, body);
            submit(id);
            Screenings.awaitNumber("checks asked of the sandbox", 2,
                    "SELECT count(*) FROM screening_checks WHERE order_id = ? AND status = 'requested'", id);
            LocalDate reportDay = LocalDate.ofInstant(start, TestServer.bean(AgencySettings.class).getTimeZone());
            String answered = """
                    {"records":[{"court":"Travis County Justice Court, Precinct 1","filed_on":"%s","case_type":"eviction",
                    "disposition":"Judgment for plaintiff","conviction":null,"description":"Non-payment of rent"}]}"""
                    .formatted(reportDay.minusYears(7).minusDays(1));
            assertThat(TestDatabase.rows("UPDATE screening_checks SET status = 'complete', result = 'consider', details = ?::jsonb, "
                    + "completed_at = requested_at WHERE order_id = ? AND check_type = 'eviction' RETURNING check_type", answered, id))
                    .hasSize(1);

            clock.stopAt(start.plusSeconds(2));
            awaitStatus(key, id, "completed");

            JsonNode eviction = Screenings.report(key, id).get("checks").get(1);
            assertThat(eviction.get("type").asText()).isEqualTo("eviction");
            assertThat(eviction.get("result").asText()).isEqualTo("clear");
            assertThat(eviction.get("details").get("records")).isEmpty();
        } finally {
            clock.reset();
        }
    }

    /** docs/integrators.md#outcome-profiles: 0005 is a credit score of 560 in live mode's sandbox too, and clear. */
    @Test
    void theSandboxGivesTheLowScoreOfProfile0005() {
        ObjectNode body = body();
        applicant(body).put("ssn", "123-45-0005");
        String id = placed(key, body);
        submit(id);

        awaitStatus(key, id, "completed");

        JsonNode credit = Screenings.report(key, id).get("checks").get(0);
        assertThat(credit.get("details").get("score").asInt()).isEqualTo(560);
        assertThat(credit.get("result").asText()).isEqualTo("clear");
    }

    /** openapi.yaml#screening-and-reports: the sandbox answers deterministically, from the applicant's data alone. */
    @Test
    void theSandboxAnswersFromTheApplicantsDataAlone() {
        String first = placed(key, sameApplicant());
        String second = placed(key, sameApplicant());
        submit(first);
        submit(second);

        awaitStatus(key, first, "completed");
        awaitStatus(key, second, "completed");

        JsonNode one = Screenings.report(key, first).get("checks");
        JsonNode other = Screenings.report(key, second).get("checks");
        assertThat(one).isEqualTo(other);
    }

    /**
     * openapi.yaml#screening-and-reports (a provider that fails is asked again with backoff)
     * and docs/operators.md#background-work (operator work list --failing shows the last
     * error): a failing provider is retried until it answers.
     */
    @Test
    void aFailingProviderIsRetriedWithItsErrorVisibleToOperatorsUntilItAnswers() {
        ScriptedIncomeProvider provider = TestServer.bean(ScriptedIncomeProvider.class);
        String id = placed(key, withIncome("Outage"));
        submit(id);
        Screenings.awaitNumber("failures in a row of the screening", 1, "SELECT count(*) FROM scheduled_tasks "
                + "WHERE task_name = 'screen-order' AND task_instance = ? AND consecutive_failures >= 2", id);

        JarProcess.Result listed = JarProcess.run(JarProcess.testDatabaseEnvironment(), "operator", "work", "list", "--failing");

        assertThat(listed.exitCode()).as(listed.stderr()).isZero();
        JsonNode work = find(listed.stdout(), id);
        assertThat(work.get("task").asText()).isEqualTo("screen-order");
        assertThat(work.get("failures_in_a_row").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(work.get("last_error").asText())
                .isEqualTo("ProviderFailure: the income_verification provider failed: IllegalStateException: scripted outage");
        assertThat(Api.get("/orders/" + id).key(key).send().json().get("status").asText()).isEqualTo("pending");

        provider.endOutage();

        awaitStatus(key, id, "completed");
        Screenings.awaitNumber("work errors of the screening", 0,
                "SELECT count(*) FROM work_errors WHERE task_instance = ?", id);
        // A task's row is deleted just after the transaction that completed its order commits.
        Screenings.awaitNumber("work left", 0, "SELECT count(*) FROM scheduled_tasks WHERE task_instance = ?", id);
        assertThat(Screenings.report(key, id).get("checks").get(2).get("details").get("verified_monthly_income_cents").asLong())
                .isEqualTo(480_000);
    }

    /** docs/operators.md#orders-and-screening, PROVIDER_TIMEOUT: a provider that does not answer in time is abandoned and asked again. */
    @Test
    void aProviderThatDoesNotAnswerInTimeIsAbandonedAndAskedAgain() {
        ScriptedIncomeProvider provider = TestServer.bean(ScriptedIncomeProvider.class);
        String id = placed(key, withIncome("Hanging"));
        String applicantId = Api.get("/orders/" + id).key(key).send().json().get("applicant_id").asText();
        submit(id);

        awaitStatus(key, id, "completed");

        assertThat(provider.questionsAbout(applicantId)).hasSize(2);
        assertThat(provider.abandoned(applicantId)).as("the first call was interrupted after the timeout").isTrue();
    }

    /**
     * docs/design.md#order-lifecycle-and-screening (a provider answers later with a reference
     * and when to ask again) and docs/integrators.md#reports (the report names its checks'
     * providers, each check its own).
     */
    @Test
    void aProviderThatAnswersLaterIsAskedAgainWithItsReferenceAndTheReportNamesEachProvider() {
        ScriptedIncomeProvider provider = TestServer.bean(ScriptedIncomeProvider.class);
        String id = placed(key, withIncome("Later"));
        String applicantId = Api.get("/orders/" + id).key(key).send().json().get("applicant_id").asText();
        submit(id);

        awaitStatus(key, id, "completed");

        assertThat(provider.questionsAbout(applicantId)).extracting(asked -> asked.reference())
                .containsExactly(null, "scripted-" + applicantId);
        assertThat(provider.questionsAbout(applicantId).stream().map(asked -> asked.firstAskedAt()).distinct())
                .as("both questions know when the check was first asked").hasSize(1);
        JsonNode report = Screenings.report(key, id);
        assertThat(report.get("provider").asText()).isEqualTo("sandbox, scripted");
        assertThat(report.get("checks")).extracting(check -> check.get("type").asText() + " " + check.get("provider").asText())
                .containsExactly("credit sandbox", "eviction sandbox", "income_verification scripted");
    }

    private JsonNode submit(String orderId) {
        OrderLifecycle lifecycle = TestServer.bean(OrderLifecycle.class);
        lifecycle.submit(new Tenant(tenant.id(), Mode.LIVE), orderId, OrderLifecycle.Actor.APPLICANT, Set.of());
        return Api.get("/orders/" + orderId).key(key).send().json();
    }

    private static ObjectNode sameApplicant() {
        ObjectNode body = body();
        applicant(body).put("first_name", "Robin").put("last_name", "Okafor").put("dob", "1985-02-03");
        return body;
    }

    private static ObjectNode withIncome(String lastName) {
        ObjectNode body = body();
        order(body).putArray("add_on_products").add("income_verification");
        applicant(body).put("last_name", lastName);
        return body;
    }

    private static JsonNode find(String listed, String orderId) {
        try {
            for (JsonNode work : JSON.readTree(listed)) {
                if (work.get("instance").asText().equals(orderId)) {
                    return work;
                }
            }
        } catch (IOException e) {
            throw new AssertionError("operator work list printed no JSON: " + listed, e);
        }
        throw new AssertionError("operator work list --failing did not list the screening of " + orderId + ": " + listed);
    }
}
