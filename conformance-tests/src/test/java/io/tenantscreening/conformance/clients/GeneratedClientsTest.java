package io.tenantscreening.conformance.clients;

import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.LaterRelease;
import io.tenantscreening.conformance.support.RunsGeneratedClients;
import io.tenantscreening.conformance.support.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openapitools.client.ApiClient;
import org.openapitools.client.model.Event;
import org.openapitools.client.model.EventList;
import org.openapitools.client.model.Order;
import org.openapitools.client.model.Report;
import org.openapitools.client.model.ScreeningPackage;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#generated-clients (and README.md#generating-a-client): the build
 * generates the Java clients of libraries {@code native} and {@code okhttp-gson} and the
 * typescript-fetch client from the contract with the generator's default options
 * (conformance-tests/pom.xml) and compiles them, the TypeScript with {@code tsc --strict}; here
 * each runs an integrator's scenario against the service (JavaClientScenario,
 * OkHttpGsonClientScenario, src/test/typescript/scenario.ts), then the same scenario against a
 * later release of the same API version (support/LaterRelease: a member no client knows in
 * every object, unknown values of {@code x-extensible-enum} members), which every response
 * schema allows (docs/integrators.md#versions), and reads such answers into the models.
 */
@ExtendWith(FreshTenants.class)
@RunsGeneratedClients
class GeneratedClientsTest {

    /** Only guards against a scenario that hangs; each of its waits is bounded far below this. */
    private static final long HANG_GUARD_MINUTES = 5;

    /** An order of a later release: a status and an add-on this version does not list. */
    private static final String ORDER = """
            {"id": "ord_test_4Nq7xZ2pL9aB3cD5eF6gH8jK", "object": "order", "live_mode": false, "status": "on_hold",
             "package": "essential", "add_on_products": ["identity_verification", "rental_history"],
             "payer": "organization", "property_id": "pr_test_7Hq2LmN9pRs4TuV6wXy8Za1B",
             "applicant_id": "ap_test_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs", "original_requester_id": null, "application_url": null,
             "created_at": "2026-04-29T14:03:11Z", "completed_at": null, "canceled_at": null}""";

    /** A report of a later release: a check type and a result this version does not list. */
    private static final String REPORT = """
            {"id": "rpt_test_6Yh8Uj0Ik2Ol4Pm6Qn8Rb1Sc", "object": "report", "live_mode": false,
             "order_id": "ord_test_4Nq7xZ2pL9aB3cD5eF6gH8jK", "provider": "test", "status": "complete",
             "result": "consider", "created_at": "2026-04-29T14:03:14Z", "completed_at": "2026-04-29T14:03:14Z",
             "checks": [
               {"type": "credit", "provider": "test", "status": "complete", "result": "clear",
                "details": {"score_model": "VantageScore 4.0", "score": 712}},
               {"type": "rental_history", "provider": "test", "status": "complete", "result": "needs_review",
                "details": {}}]}""";

    @Fresh
    private String key;

    @Test
    void theJavaNativeClientRunsTheIntegratorsScenario() throws Exception {
        new JavaClientScenario(TestServer.baseUrl(), key, System.out).run();
    }

    /** docs/integrators.md#versions: responses gain members and extensible values within a version. */
    @Test
    void theJavaNativeClientRunsTheScenarioAgainstALaterRelease() throws Exception {
        try (LaterRelease release = LaterRelease.inFrontOf(TestServer.baseUrl())) {
            String printed = printed(out -> new JavaClientScenario(release.baseUrl(), key, out).run());
            assertSawTheLaterRelease(printed);
        }
    }

    @Test
    void theJavaOkHttpGsonClientRunsTheIntegratorsScenario() throws Exception {
        new OkHttpGsonClientScenario(TestServer.baseUrl(), key, System.out).run();
    }

    /** docs/integrators.md#versions: responses gain members and extensible values within a version. */
    @Test
    void theJavaOkHttpGsonClientRunsTheScenarioAgainstALaterRelease() throws Exception {
        try (LaterRelease release = LaterRelease.inFrontOf(TestServer.baseUrl())) {
            String printed = printed(out -> new OkHttpGsonClientScenario(release.baseUrl(), key, out).run());
            assertSawTheLaterRelease(printed);
            assertThat(printed).contains("newer than this client: add-on " + LaterRelease.UNKNOWN_VALUE);
        }
    }

    @Test
    void theJavaNativeClientReadsUnknownExtensibleValuesAndTypedEventObjects() throws Exception {
        var mapper = new ApiClient().getObjectMapper();

        Order order = mapper.readValue(ORDER, Order.class);
        EventList page = mapper.readValue("""
                {"object": "list", "count": 2, "next_href": null, "previous_href": null, "next_cursor": null,
                 "previous_cursor": null, "data": [
                   {"id": "evt_test_3Nb5Mv7Cx9Za1Sd3Fg5Hj7Kl", "object": "event", "type": "order.on_hold",
                    "created_at": "2026-04-29T14:05:00Z", "live_mode": false, "sequence": 3,
                    "data": {"object": %s, "previous_status": "pending"}},
                   {"id": "evt_test_7Qw9Er1Ty3Ui5Op7As9Df1Gh", "object": "event", "type": "report.completed",
                    "created_at": "2026-04-29T14:03:14Z", "live_mode": false, "sequence": 1,
                    "data": {"object": %s, "previous_status": null}}]}""".formatted(ORDER, REPORT), EventList.class);

        assertThat(order.getStatus()).isEqualTo("on_hold");
        assertThat(order.getAddOnProducts()).containsExactly("identity_verification", "rental_history");
        assertThat(order.getPackage()).isEqualTo(ScreeningPackage.ESSENTIAL);
        Event held = page.getData().get(0);
        assertThat(held.getType()).isEqualTo("order.on_hold");
        assertThat(held.getData().getObject().getActualInstance()).isInstanceOfSatisfying(Order.class,
                heldOrder -> assertThat(heldOrder.getStatus()).isEqualTo("on_hold"));
        Event completed = page.getData().get(1);
        assertThat(completed.getData().getObject().getActualInstance()).isInstanceOfSatisfying(Report.class,
                report -> assertThat(report.getChecks()).extracting(check -> check.getType() + ":" + check.getResult())
                        .containsExactly("credit:clear", "rental_history:needs_review"));
    }

    @Test
    void theTypescriptFetchClientRunsTheIntegratorsScenario() throws Exception {
        node("scenario.js", Map.of("SCREENING_BASE_URL", TestServer.baseUrl(), "SCREENING_KEY", key));
    }

    /** docs/integrators.md#versions: responses gain members and extensible values within a version. */
    @Test
    void theTypescriptFetchClientRunsTheScenarioAgainstALaterRelease() throws Exception {
        try (LaterRelease release = LaterRelease.inFrontOf(TestServer.baseUrl())) {
            String printed = node("scenario.js", Map.of("SCREENING_BASE_URL", release.baseUrl(), "SCREENING_KEY", key));
            assertThat(printed).contains("newer than this client: check " + LaterRelease.UNKNOWN_VALUE
                    + " (" + LaterRelease.UNKNOWN_RESULT + ")");
        }
    }

    @Test
    void theTypescriptFetchClientReadsUnknownExtensibleValuesAndTypedEventObjects() throws Exception {
        node("unknown-values.js", Map.of());
    }

    /** A Java scenario's report went through the later release: it met the unknown check, and the member it kept aside. */
    private static void assertSawTheLaterRelease(String printed) {
        assertThat(printed)
                .contains("newer than this client: check " + LaterRelease.UNKNOWN_VALUE + " (" + LaterRelease.UNKNOWN_RESULT + ")")
                .contains("(members newer than this client: " + LaterRelease.UNKNOWN_MEMBER + ")");
    }

    /** What a scenario printed; it goes to the test's output too. */
    private static String printed(Scenario scenario) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            scenario.run(out);
        } finally {
            System.out.print(bytes.toString(StandardCharsets.UTF_8));
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** A Java scenario, printing its steps to {@code out}. */
    private interface Scenario {
        void run(PrintStream out) throws Exception;
    }

    /** Runs a compiled TypeScript scenario with Node.js; it must exit with 0. Returns its output, which goes to the test's output too. */
    private static String node(String script, Map<String, String> environment) throws Exception {
        Path compiled = Path.of(System.getProperty("typescript.output"), "src", "test", "typescript", script);
        Path output = compiled.resolveSibling(script + ".log");
        ProcessBuilder builder = new ProcessBuilder("node", compiled.toString())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        boolean ended = process.waitFor(HANG_GUARD_MINUTES, TimeUnit.MINUTES);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String printed = Files.readString(output);
        System.out.print(printed);
        assertThat(ended).as("node %s ended; it printed:%n%s", script, printed).isTrue();
        assertThat(process.exitValue()).as("exit code of node %s; it printed:%n%s", script, printed).isZero();
        return printed;
    }
}
