package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#disputes-by-mail-or-telephone: {@code operator dispute open} records a
 * dispute that reached the agency by mail or telephone (FCRA section 611(a)(1)(A)) through the
 * entry point of the applicant's copy, with the same checks, effects and reinvestigation
 * (openapi.yaml#disputes, "Disputes by mail or telephone"); its period runs from when it was
 * received; a refusal names the option at fault, exits non-zero and opens nothing.
 */
@StartsServiceProcesses
class DisputeIntakeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** FCRA 611(a)(1)(A): the dispute is opened and reinvestigated as any other; its created_at is when the letter arrived. */
    @Test
    void aDisputeByMailIsOpenedAndReinvestigatedFromWhenItArrived() throws Exception {
        String key = TestTenant.create().testKey();
        String order = evictionOrder(key);
        String report = Screenings.report(key, order).get("id").asText();
        TestDatabase.execute("UPDATE reports SET completed_at = now() - interval '3 days' WHERE order_id = '" + order + "'");
        Instant received = Instant.now().minus(Duration.ofHours(30)).truncatedTo(ChronoUnit.SECONDS);

        JarProcess.Result result = operator("dispute", "open", "--report", report, "--item", "eviction:0", "--item", "credit",
                "--reason", "My letter says the case was sealed. [deleted]", "--received-by", "mail",
                "--received-at", received.toString());

        assertThat(result.exitCode()).as("exit code; stderr: %s", result.stderr()).isZero();
        JsonNode printed = JSON.readTree(result.stdout());
        String id = printed.get("id").asText();
        assertThat(id).startsWith("dsp_test_");
        assertThat(printed.get("received_via").asText()).isEqualTo("mail");
        assertThat(printed.get("report_id").asText()).isEqualTo(report);
        JsonNode dispute = await("dispute " + id + " resolved").until(() -> Api.get("/disputes/" + id).key(key).send().json(),
                read -> read.get("status").asText().equals("resolved"));
        assertThat(Instant.parse(dispute.get("created_at").asText())).isEqualTo(received);
        assertThat(Instant.parse(dispute.get("deadline").asText())).isEqualTo(received.plus(Duration.ofDays(30)));
        assertThat(dispute.get("items")).extracting(item -> item.get("outcome").asText()).containsExactly("deleted", "deleted");
        assertThat(Screenings.report(key, order).get("checks").get(1).get("details").get("records")).isEmpty();
        assertThat(Screenings.eventsOf(key, report)).extracting(event -> event.get("type").asText())
                .contains("report.disputed", "report.updated");
        assertThat(TestDatabase.rows("SELECT received_via FROM disputes WHERE id = ?", id).get(0).get(0)).isEqualTo("mail");
    }

    /**
     * docs/operators.md#disputes-by-mail-or-telephone: the checks of the copy's form, and of when
     * it was received, are refused with the option named; nothing is opened.
     */
    @Test
    void aRefusedDisputeNamesTheOptionAndOpensNothing() {
        String key = TestTenant.create().testKey();
        String order = evictionOrder(key);
        String report = Screenings.report(key, order).get("id").asText();
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();

        JarProcess.Result badRecord = operator("dispute", "open", "--report", report, "--item", "eviction:7", "--reason", "Not mine.",
                "--received-by", "telephone", "--received-at", now);
        JarProcess.Result future = operator("dispute", "open", "--report", report, "--item", "eviction:0", "--reason", "Not mine.",
                "--received-by", "telephone", "--received-at", Instant.now().plus(Duration.ofDays(1)).toString());
        JarProcess.Result channel = operator("dispute", "open", "--report", report, "--item", "eviction:0", "--reason", "Not mine.",
                "--received-by", "fax", "--received-at", now);
        JarProcess.Result unknown = operator("dispute", "open", "--report", "rpt_test_" + "0".repeat(24), "--item", "credit",
                "--reason", "Not mine.", "--received-by", "mail", "--received-at", now);

        assertRefused(badRecord, "--item eviction:7: Must be the position of a record of the eviction check, from 0 to 0.");
        assertRefused(future, "--received-at: Must not be in the future");
        assertRefused(channel, "--received-by must be mail or telephone, not 'fax'");
        assertRefused(unknown, "no report with id rpt_test_" + "0".repeat(24));
        assertThat(Api.get("/orders/" + order + "/disputes").key(key).send().json().get("count").asLong()).isZero();
        assertThat(Screenings.report(key, order).get("status").asText()).isEqualTo("complete");
    }

    private static void assertRefused(JarProcess.Result result, String message) {
        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stdout()).isBlank();
        assertThat(result.stderr()).contains(message);
    }

    /** A completed essential test order whose applicant has an eviction record (SSN ending in 0001). */
    private static String evictionOrder(String key) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("ssn", "123-45-0001").put("dob", "1990-04-27");
        String id = OrderRequests.placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    private static JarProcess.Result operator(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "operator";
        System.arraycopy(args, 0, command, 1, args.length);
        return JarProcess.run(JarProcess.testDatabaseEnvironment(), command);
    }
}
