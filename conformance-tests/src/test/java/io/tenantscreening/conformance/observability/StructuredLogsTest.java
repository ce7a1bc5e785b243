package io.tenantscreening.conformance.observability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.WebhookReceiver;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.Pages.fields;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * docs/operators.md#observability: with LOG_FORMAT=json every line the service writes is one
 * JSON object with its timestamp, level, logger, thread and message, and the request id, the
 * organisation, the mode and the order as fields of their own where they are known; in both
 * formats no line holds an API key, a webhook secret, a full SSN or an apply link's token
 * (docs/operators.md#logs). Each test runs the service as a separate process and walks an
 * order through its life: a property, an order with the applicant's SSN, the apply page,
 * its screening and report, and the webhook deliveries of its events.
 */
@StartsServiceProcesses
class StructuredLogsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SSN = "524-71-9083";
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /** The tasks of one order that log: its invitation and the email of the applicant's copy of its report. */
    private static final Set<String> ORDER_TASKS = Set.of("send-invitation-email", "send-report-copy-email");
    /** A link of an applicant's page whose token is not replaced. */
    private static final Pattern UNREDACTED_LINK = Pattern.compile("/(apply|my-report)/(?!\\[redacted])[A-Za-z0-9_-]");

    /**
     * docs/operators.md#observability: every line is a JSON object with the documented fields;
     * request lines carry their request id, those of an authenticated request its organisation
     * and mode, the lines of an order's background work its order, and so do the lines of
     * the webhook attempts of its events; no secret is written.
     */
    @Test
    void everyJsonLineIsAnObjectWithItsFieldsAndNoSecret() {
        Run run = walkAnOrder(Map.of("LOG_FORMAT", "json"));

        List<JsonNode> lines = new ArrayList<>();
        for (String line : run.stdout().lines().toList()) {
            try {
                lines.add(JSON.readTree(line));
            } catch (IOException e) {
                fail("a line that is not JSON: " + line);
            }
        }
        assertThat(lines).allSatisfy(line -> {
            assertThat(line.isObject()).as("an object: %s", line).isTrue();
            assertThat(OffsetDateTime.parse(line.get("timestamp").asText())).as("timestamp of %s", line).isNotNull();
            assertThat(line.get("level").asText()).isIn("TRACE", "DEBUG", "INFO", "WARN", "ERROR");
            assertThat(line.get("logger").asText()).isNotEmpty();
            assertThat(line.get("thread").asText()).isNotEmpty();
            assertThat(line.get("message").isTextual()).isTrue();
        });

        List<JsonNode> access = lines.stream().filter(line -> line.get("logger").asText().equals("access")).toList();
        assertThat(access).as("request lines").hasSizeGreaterThan(5).allSatisfy(line ->
                assertThat(line.get("message").asText()).startsWith("request_id=" + line.path("request_id").asText() + " "));
        JsonNode placement = access.stream().filter(line -> line.get("message").asText().contains("method=POST path=/orders "))
                .findFirst().orElseThrow();
        assertThat(placement.path("organization_id").asText()).isEqualTo(run.organizationId());
        assertThat(placement.path("mode").asText()).isEqualTo("test");
        assertThat(placement.path("order_id").asText()).isEqualTo(run.orderId());

        assertThat(access.stream().filter(line -> line.get("message").asText().contains(" path=/apply/[redacted] ")))
                .as("lines of the apply page's requests").hasSize(2)
                .allSatisfy(line -> assertThat(line.path("order_id").asText()).isEqualTo(run.orderId()));

        List<JsonNode> work = lines.stream().filter(line -> ORDER_TASKS.contains(line.path("task").asText())).toList();
        assertThat(work).as("lines of the order's background work").isNotEmpty().allSatisfy(line -> {
            assertThat(line.path("order_id").asText()).isEqualTo(run.orderId());
            assertThat(line.path("organization_id").asText()).isEqualTo(run.organizationId());
            assertThat(line.path("mode").asText()).isEqualTo("test");
        });

        List<JsonNode> attempts = lines.stream()
                .filter(line -> line.get("logger").asText().equals("io.tenantscreening.webhooks.WebhookAttempts")).toList();
        assertThat(attempts).as("lines of the webhook attempts").isNotEmpty().allSatisfy(line -> {
            assertThat(line.get("message").asText()).as("the line: %s", line).startsWith("Webhook attempt ");
            assertThat(line.path("order_id").asText()).as("the line: %s", line).isEqualTo(run.orderId());
            assertThat(line.path("organization_id").asText()).as("the line: %s", line).isEqualTo(run.organizationId());
            assertThat(line.path("task").asText()).as("the line: %s", line).isIn("deliver-webhook", "drain-webhook-endpoint");
        });
        assertNoSecret(run);
    }

    /** docs/operators.md#logs: the readable lines of the default format hold no secret either. */
    @Test
    void noTextLineHoldsASecret() {
        Run run = walkAnOrder(Map.of());

        assertThat(run.stdout()).contains("method=POST path=/orders ", "Email (not sent");
        assertNoSecret(run);
    }

    /** docs/operators.md#observability: a LOG_FORMAT the service does not know stops it at start, with the reason. */
    @Test
    void anUnknownFormatStopsTheServiceAtStart() {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("LOG_FORMAT", "yaml");

        JarProcess.Result result = JarProcess.run(environment);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr()).contains("LOG_FORMAT must be text or json, not 'yaml'");
    }

    private static void assertNoSecret(Run run) {
        String everything = run.stdout() + run.stderr();
        for (String secret : run.secrets()) {
            assertThat(everything).as("the log").doesNotContain(secret);
        }
        assertThat(everything).as("the log").doesNotContainPattern(UNREDACTED_LINK);
    }

    /** What a run wrote, what it worked on and the secrets it used. */
    private record Run(String stdout, String stderr, String organizationId, String orderId, List<String> secrets) {
    }

    private static Run walkAnOrder(Map<String, String> format) {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("WEBHOOK_ALLOW_LOOPBACK", "true");
        environment.putAll(format);
        JarProcess.IssuedKey key = JarProcess.issueTestKey(environment, "Logged " + UUID.randomUUID());
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            ServiceProcess service = ServiceProcess.start(environment);
            String secret;
            String orderId;
            String token;
            try {
                String base = service.baseUrl();
                secret = Api.post("/webhook_endpoints").at(base).key(key.secret())
                        .json("{\"webhook_endpoint\":{\"url\":\"" + receiver.url() + "\"}}").send().json().get("secret").asText();
                String propertyId = Api.post("/properties").at(base).key(key.secret()).json("{\"property\": {\"street\": "
                        + "\"48 Elm Street\", \"unit\": \"2\", \"city\": \"Austin\", \"state\": \"TX\", \"zipcode\": \"78702\"}}")
                        .send().json().get("id").asText();
                ObjectNode body = OrderRequests.body();
                OrderRequests.order(body).remove("property");
                OrderRequests.order(body).put("property_id", propertyId);
                OrderRequests.applicant(body).put("email", "sam.lee@apply.test").put("ssn", SSN);
                JsonNode order = OrderRequests.post(key.secret(), body, UUID.randomUUID().toString()).at(base).send().json();
                orderId = order.get("id").asText();
                String path = URI.create(order.get("application_url").asText()).getRawPath();
                token = path.substring(path.lastIndexOf('/') + 1);

                Pages browser = Pages.client();
                Pages.Page form = browser.get(base + path);
                assertThat(form.status()).isEqualTo(200);
                Pages.Page submitted = browser.post(base + path, fields("form_token", form.formToken(), "dob", "04/27/1990",
                        "consent", "yes"));
                assertThat(submitted.status()).as("the submission: %s", submitted.html()).isLessThan(400);
                await("the order completed", PATIENCE).until(() -> Api.get("/orders/" + orderId).at(base).key(key.secret()).send()
                        .json().get("status").asText().equals("completed"));
                await("every webhook delivery succeeded", PATIENCE).until(() -> TestDatabase.number(
                        "SELECT count(*) FROM webhook_deliveries WHERE status <> 'succeeded'") == 0
                        && TestDatabase.number("SELECT count(*) FROM webhook_deliveries") > 0);
                await("the invitation email written to the log", PATIENCE).until(() -> service.process().stdout()
                        .contains("Email (not sent"));
            } finally {
                service.stop();
            }
            String organizationId = (String) TestDatabase.rows("SELECT organization_id FROM orders WHERE id = ?", orderId).get(0).get(0);
            return new Run(service.process().stdout(), service.process().stderr(), organizationId, orderId,
                    List.of(key.secret(), secret, SSN, SSN.replace("-", ""), token,
                    environment.get("SCREENING_KEYS").split(":", 2)[1]));
        }
    }
}
