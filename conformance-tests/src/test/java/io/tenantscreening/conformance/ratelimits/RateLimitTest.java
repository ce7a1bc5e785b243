package io.tenantscreening.conformance.ratelimits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#rate-limits (docs/integrators.md#rate-limits, docs/operators.md#rate-limits):
 * every API key has a rate limit, separate for live and test keys, changed by the operator
 * for an organisation (docs/operators.md#the-operator-command-line), and held across
 * instances within the documented tolerance; over it, 429 rate_limited in the envelope with
 * Retry-After; RateLimit-Policy and RateLimit on every answer to a key. The test server's
 * defaults are far above what tests send, so each test gives its organisation small limits
 * of its own, as the operator does.
 */
@StartsServiceProcesses
class RateLimitTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String POLICY = "RateLimit-Policy";
    private static final String STATE = "RateLimit";
    private static final String STATE_PATTERN = "\"default\";r=\\d+;t=\\d+";
    private static final Duration CHANGE_BOUND = Duration.ofSeconds(10);

    /** openapi.yaml#rate-limits: a whole second's quota at once, then 429 with Retry-After and both fields. */
    @Test
    void aKeyOverItsLimitGets429InTheEnvelopeWithRetryAfterAndBothHeaders() {
        String key = TestTenant.create().rateLimits(null, 2).testKey();

        List<ApiResponse> answers = untilRefused(key);
        ApiResponse refused = answers.get(answers.size() - 1);

        assertThat(answers.subList(0, 2)).as("the first two requests, a whole second's quota at once")
                .extracting(ApiResponse::status).containsOnly(200);
        refused.assertError(429, "rate_limited");
        assertThat(refused.json().get("errors").get(0).get("detail").asText()).contains("2 requests a second");
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(refused.header(POLICY)).isEqualTo("\"default\";q=2;w=1");
        assertThat(refused.header(STATE)).isEqualTo("\"default\";r=0;t=1");
    }

    /** openapi.yaml#rate-limits: every answer to a valid key carries both fields, errors included; no key, no fields. */
    @Test
    void everyAnswerToAKeyCarriesBothHeadersErrorsIncluded() {
        TestTenant tenant = TestTenant.create().rateLimits(null, 1000);
        String key = tenant.testKey();
        String readOnly = tenant.key(Mode.TEST, Scope.READ_ONLY).secret();

        List<ApiResponse> answers = List.of(
                Api.get("/properties").key(key).send(),
                Api.get("/orders/ord_test_000000000000000000000000").key(key).send(),
                Api.get("/properties?per_page=0").key(key).sendInvalid(),
                Api.post("/properties").key(readOnly).json("{\"property\": {\"street\": \"1 Pine Road\", \"city\": \"Reno\", "
                        + "\"state\": \"NV\", \"zipcode\": \"89501\"}}").send());

        assertThat(answers).extracting(ApiResponse::status).containsExactly(200, 404, 422, 403);
        for (ApiResponse answer : answers) {
            assertThat(answer.header(POLICY)).as("RateLimit-Policy of a %s", answer.status()).isEqualTo("\"default\";q=1000;w=1");
            assertThat(answer.header(STATE)).as("RateLimit of a %s", answer.status()).matches(STATE_PATTERN);
        }
        ApiResponse unknownKey = Api.get("/properties").key("sk_test_" + "A".repeat(32)).send();
        unknownKey.assertError(401, "authorization_error");
        assertThat(unknownKey.header(POLICY)).as("no key, no quota").isNull();
        assertThat(Api.get("/health").send().header(POLICY)).as("an operation without a key").isNull();
    }

    /** openapi.yaml#rate-limits: live and test keys have limits of their own. */
    @Test
    void liveAndTestKeysHaveSeparateLimits() {
        TestTenant tenant = TestTenant.create().rateLimits(3, 1);
        String testKey = tenant.testKey();

        assertThat(untilRefused(testKey).get(0).header(POLICY)).isEqualTo("\"default\";q=1;w=1");
        ApiResponse live = Api.get("/properties").key(tenant.liveKey()).send();

        assertThat(live.status()).as("a live key of the organisation whose test key is refused").isEqualTo(200);
        assertThat(live.header(POLICY)).isEqualTo("\"default\";q=3;w=1");
    }

    /** docs/integrators.md#rate-limits: keys are limited separately, so one key's flood slows no other. */
    @Test
    void oneKeysFloodLimitsNeitherAnotherKeyNorAnotherOrganisation() {
        TestTenant flooding = TestTenant.create().rateLimits(null, 2);
        TestTenant other = TestTenant.create().rateLimits(null, 2);
        String flooded = flooding.testKey();

        untilRefused(flooded);

        assertThat(Api.get("/properties").key(flooding.testKey()).send().status()).as("another key of its organisation")
                .isEqualTo(200);
        assertThat(Api.get("/properties").key(other.testKey()).send().status()).as("a key of another organisation")
                .isEqualTo(200);
    }

    /** docs/operators.md#the-operator-command-line: rate-limit set and list, from 1 to 1,000,000 or default. */
    @Test
    void theOperatorSetsAnOrganisationsOwnLimitsAndEveryInstanceAppliesThem() throws Exception {
        TestTenant tenant = TestTenant.create();
        String key = tenant.testKey();
        assertThat(Api.get("/properties").key(key).send().header(POLICY)).as("the test server's default")
                .isEqualTo("\"default\";q=1000000;w=1");

        JsonNode set = operator("rate-limit", "set", "--org", tenant.id(), "--test", "5");

        assertThat(set.get("organization_id").asText()).isEqualTo(tenant.id());
        assertThat(set.get("test").get("requests_per_second").asInt()).isEqualTo(5);
        assertThat(set.get("test").get("source").asText()).isEqualTo("organization");
        assertThat(set.get("live").get("source").asText()).isEqualTo("default");
        awaitPolicy(key, "\"default\";q=5;w=1");
        JsonNode listed = StreamSupport.stream(operator("rate-limit", "list").spliterator(), false)
                .filter(organization -> organization.get("organization_id").asText().equals(tenant.id()))
                .findFirst().orElseThrow();
        assertThat(listed.get("test").get("requests_per_second").asInt()).isEqualTo(5);

        operator("rate-limit", "set", "--org", tenant.id(), "--test", "default");
        awaitPolicy(key, "\"default\";q=1000000;w=1");

        for (String wrong : List.of("0", "1000001", "many")) {
            JarProcess.Result refused = JarProcess.run(JarProcess.testDatabaseEnvironment(),
                    "operator", "rate-limit", "set", "--org", tenant.id(), "--test", wrong);
            assertThat(refused.exitCode()).as("--test %s", wrong).isNotZero();
            assertThat(refused.stderr()).contains("--test must be a whole number of requests per second from 1 to 1000000");
        }
    }

    /**
     * openapi.yaml#rate-limits, the tolerance across instances (docs/operators.md#rate-limits).
     * Two instances over one database, the default limit of test keys set by the operator
     * (RATE_LIMIT_TEST=10): four clients alternating between them, far faster than 10
     * requests a second, for 5 seconds get at most the limit over the time they took (a full
     * bucket of 10, then 10 a second, and a second more for the answers under way) plus the
     * tolerance, half a second's quota per instance; two separate limits would admit twice
     * the limit. Not timed: the bound follows the time the requests took.
     */
    @Test
    void twoInstancesShareOneLimitWithinTheDocumentedTolerance() throws Exception {
        int limit = 10;
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("RATE_LIMIT_TEST", Integer.toString(limit));
        JarProcess.IssuedKey key = JarProcess.issueTestKey(environment, "Shared limit");
        List<ServiceProcess> instances = List.of(ServiceProcess.start(environment), ServiceProcess.start(environment));
        try {
            long started = System.nanoTime();
            long end = started + Duration.ofSeconds(5).toNanos();
            List<List<Integer>> statuses = Concurrently.run(4, client -> {
                List<Integer> answers = new ArrayList<>();
                for (int i = client; System.nanoTime() < end; i++) {
                    ApiResponse answer = Api.get("/properties").at(instances.get(i % 2).baseUrl()).key(key.secret()).send();
                    assertThat(answer.header(POLICY)).isEqualTo("\"default\";q=" + limit + ";w=1");
                    answers.add(answer.status());
                }
                return answers;
            });
            double seconds = (System.nanoTime() - started) / 1e9;

            List<Integer> all = statuses.stream().flatMap(List::stream).toList();
            long admitted = all.stream().filter(status -> status == 200).count();
            assertThat(all).containsOnly(200, 429);
            assertThat(all.size() - admitted).as("requests refused (of %s in %.1f s)", all.size(), seconds).isPositive();
            assertThat(admitted).as("requests admitted by the two instances together in %.1f s", seconds)
                    .isBetween((long) limit, (long) (limit * (seconds + 1) + limit + 2 * (limit / 2)));
        } finally {
            instances.forEach(ServiceProcess::stop);
        }
    }

    /** GET /properties with the key until it is refused (at most 100 times); every answer, the refusal last. */
    private static List<ApiResponse> untilRefused(String key) {
        List<ApiResponse> answers = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ApiResponse answer = Api.get("/properties").key(key).send();
            answers.add(answer);
            if (answer.status() == 429) {
                return answers;
            }
            assertThat(answer.status()).isEqualTo(200);
        }
        throw new AssertionError("100 requests in a row admitted");
    }

    private static void awaitPolicy(String key, String policy) {
        await(policy, CHANGE_BOUND).until(() -> policy.equals(Api.get("/properties").key(key).send().header(POLICY)));
    }

    private static JsonNode operator(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "operator";
        System.arraycopy(args, 0, command, 1, args.length);
        JarProcess.Result result = JarProcess.run(JarProcess.testDatabaseEnvironment(), command);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        return JSON.readTree(result.stdout());
    }
}
