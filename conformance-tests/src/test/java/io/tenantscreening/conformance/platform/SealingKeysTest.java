package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The master keys that seal stored secrets (docs/operators.md#master-keys,
 * docs/design.md#secrets-at-rest): a key is recorded when it first seals something, never by
 * a start or an operator command; a start without a key that sealed stored data is refused;
 * an operator retires a key once nothing stored needs it.
 */
@StartsServiceProcesses
class SealingKeysTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aMasterKeyIsRecordedWhenItFirstSealsAndAStartWithoutItIsRefused() throws Exception {
        String database = TestDatabase.create();
        String oldKey = "old:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
        String newKey = "new:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
        Map<String, String> environment = environmentOn(database);
        environment.remove("SCREENING_KEYS");
        try {
            String apiKey = liveKeyOfNewOrganisation(environment, "Sealing");
            assertThat(sealingKeys(environment)).as("recorded by operator commands and by a start").isEmpty();

            environment.put("SCREENING_KEYS", oldKey);
            try (ServiceProcess service = ServiceProcess.start(environment)) {
                assertThat(sealingKeys(environment)).as("recorded by a start").isEmpty();
                assertThat(placeLiveOrderWithSsn(service, apiKey)).isEqualTo(201);
            }
            assertThat(sealingKeys(environment)).containsExactly("old");

            environment.put("SCREENING_KEYS", newKey);
            environment.put("PORT", String.valueOf(ServiceProcess.freePort()));
            JarProcess.Result withoutOld = JarProcess.run(environment);
            assertThat(withoutOld.exitCode()).isEqualTo(1);
            assertThat(withoutOld.stderr().strip().lines()).singleElement().asString()
                    .contains("SCREENING_KEYS lacks the key(s) old that sealed stored data");

            environment.put("SCREENING_KEYS", newKey + "," + oldKey);
            try (ServiceProcess ignored = ServiceProcess.start(environment)) {
                assertThat(sealingKeys(environment)).containsExactly("old");
            }
        } finally {
            TestDatabase.drop(database);
        }
    }

    /**
     * docs/operators.md#master-keys: the first request to seal with the key records it at
     * once, from inside its own transaction, on a connection of its own. Six first orders
     * arriving together at a new instance with a pool of two connections: each of the two that
     * hold a connection needs the key recorded, which must not wait for a third pooled
     * connection (before, the two waited for the pool until it gave up, and every order of the
     * burst was refused with 503).
     */
    @Test
    void theFirstOrdersOfANewInstanceArrivingTogetherAreAllPlaced() throws Exception {
        String database = TestDatabase.create();
        Map<String, String> environment = environmentOn(database);
        environment.put("SCREENING_KEYS", "burst:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=");
        environment.put("DATABASE_POOL_SIZE", "2");
        // Waiting for one of the two connections is expected here; only a wait that cannot end
        // (a request holding one and needing another) runs into this limit.
        environment.put("DATABASE_CONNECT_TIMEOUT", "10000");
        try {
            String apiKey = liveKeyOfNewOrganisation(environment, "Burst");
            try (ServiceProcess service = ServiceProcess.start(environment)) {
                List<CompletableFuture<HttpResponse<String>>> burst = IntStream.range(0, 6)
                        .mapToObj(n -> placeLiveOrderWithSsnAsync(service, apiKey, n + " Burst Street")).toList();

                assertThat(burst.stream().map(answer -> answer.join().statusCode()).toList())
                        .as("answers to the burst: %s", burst.stream().map(answer -> answer.join().body()).toList())
                        .containsOnly(201).hasSize(6);
            }
            assertThat(sealingKeys(environment)).containsExactly("burst");
        } finally {
            TestDatabase.drop(database);
        }
    }

    /**
     * docs/operators.md#master-keys: the connection that records a new sealing key has the
     * pooled connections' session settings: a lock in its way ends it after
     * DATABASE_LOCK_TIMEOUT (a 500 that is safe to retry), as it would any other statement,
     * and the retry once the lock is gone places the order. Without them it waited for its
     * socket's timeout (10 s) and answered as if the database were out of reach (503).
     */
    @Test
    void recordingANewSealingKeyWaitsForALockNoLongerThanTheLockTimeout() throws Exception {
        String database = TestDatabase.create();
        Map<String, String> environment = environmentOn(database);
        String url = environment.get("DATABASE_URL");
        environment.put("SCREENING_KEYS", "locked:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=");
        environment.put("DATABASE_LOCK_TIMEOUT", "1s");
        try {
            String apiKey = liveKeyOfNewOrganisation(environment, "Locked");
            try (ServiceProcess service = ServiceProcess.start(environment);
                 Connection holder = TestDatabase.connect(url)) {
                holder.setAutoCommit(false);
                try (Statement lock = holder.createStatement()) {
                    lock.execute("LOCK TABLE sealing_keys IN ACCESS EXCLUSIVE MODE");
                }
                HttpResponse<String> blocked = placeLiveOrderWithSsnAsync(service, apiKey, "1 Locked Street").join();
                holder.rollback();

                assertThat(blocked.statusCode()).as(blocked.body()).isEqualTo(500);
                assertThat(JSON.readTree(blocked.body()).at("/errors/0/code").asText()).isEqualTo("internal_error");
                assertThat(placeLiveOrderWithSsn(service, apiKey)).isEqualTo(201);
            }
            assertThat(sealingKeys(environment)).containsExactly("locked");
        } finally {
            TestDatabase.drop(database);
        }
    }

    @Test
    void aSealingKeyIsRetiredOnlyOnceNothingStoredNeedsIt() throws Exception {
        String database = TestDatabase.create();
        Map<String, String> environment = environmentOn(database);
        environment.remove("SCREENING_KEYS");
        try {
            operator(environment, "org", "list");
            String url = environment.get("DATABASE_URL");
            executeOn(url, "INSERT INTO sealing_keys (id, first_sealed_at) VALUES ('unused', now()), ('used', now())");
            executeOn(url, "INSERT INTO organizations (id, name) VALUES ('org_s', 'S')");
            executeOn(url, "INSERT INTO applicants (id, organization_id, mode, first_name, last_name, email, ssn_ciphertext, "
                    + "ssn_key_id, ssn_last4, created_at) VALUES ('ap_s', 'org_s', 'live', 'A', 'B', 'a@b.example', '\\x00', "
                    + "'used', '6789', now())");

            JarProcess.Result refused = operator(environment, "sealing-key", "retire", "--id", "used");
            JarProcess.Result retired = operator(environment, "sealing-key", "retire", "--id", "unused");

            assertThat(refused.exitCode()).isNotZero();
            assertThat(refused.stderr()).contains("still seals 1 applicant_ssns");
            assertThat(retired.exitCode()).as(retired.stderr()).isZero();
            assertThat(operatorJson(environment, "sealing-key", "list").findValuesAsText("id")).containsExactly("used");
        } finally {
            TestDatabase.drop(database);
        }
    }

    /**
     * A webhook endpoint's signing secret is sealed too: the key of its current secret, and
     * the key of the previous one while that still signs after a rotation, cannot be retired.
     */
    @Test
    void aSealingKeyOfAWebhookSecretStillInUseIsNotRetired() throws Exception {
        String database = TestDatabase.create();
        Map<String, String> environment = environmentOn(database);
        environment.remove("SCREENING_KEYS");
        try {
            operator(environment, "org", "list");
            String url = environment.get("DATABASE_URL");
            executeOn(url, "INSERT INTO sealing_keys (id, first_sealed_at) VALUES ('current', now()), ('previous', now()), "
                    + "('expired', now())");
            executeOn(url, "INSERT INTO organizations (id, name) VALUES ('org_w', 'W')");
            executeOn(url, "INSERT INTO webhook_endpoints (id, organization_id, mode, url, enabled_events, secret_ciphertext, "
                    + "secret_key_id, previous_secret_ciphertext, previous_secret_key_id, previous_secret_until, api_version, created_at) VALUES "
                    + "('we_1', 'org_w', 'live', 'https://hooks.example.com/a', '{}', '\\x00', 'current', '\\x00', 'previous', "
                    + "now() + interval '1 hour', '2026-11-25', now()), "
                    + "('we_2', 'org_w', 'live', 'https://hooks.example.com/b', '{}', '\\x00', 'current', '\\x00', 'expired', "
                    + "now() - interval '1 hour', '2026-11-25', now())");

            JarProcess.Result current = operator(environment, "sealing-key", "retire", "--id", "current");
            JarProcess.Result previous = operator(environment, "sealing-key", "retire", "--id", "previous");
            JarProcess.Result expired = operator(environment, "sealing-key", "retire", "--id", "expired");

            assertThat(current.exitCode()).isNotZero();
            assertThat(current.stderr()).contains("still seals 2 webhook_secrets");
            assertThat(previous.exitCode()).isNotZero();
            assertThat(previous.stderr()).contains("still seals 1 webhook_secrets_in_rotation");
            assertThat(expired.exitCode()).as("a previous secret that no longer signs: %s", expired.stderr()).isZero();
        } finally {
            TestDatabase.drop(database);
        }
    }

    private static int placeLiveOrderWithSsn(ServiceProcess service, String apiKey) {
        return placeLiveOrderWithSsnAsync(service, apiKey, "1 Seal Street").join().statusCode();
    }

    private static CompletableFuture<HttpResponse<String>> placeLiveOrderWithSsnAsync(ServiceProcess service, String apiKey,
                                                                                      String street) {
        String body = "{\"order\": {\"package\": \"starter\", \"property\": {\"street\": \"" + street + "\", "
                + "\"city\": \"Austin\", \"state\": \"TX\", \"zipcode\": \"78701\"}, \"applicant\": {\"email\": "
                + "\"a@b.example\", \"first_name\": \"A\", \"last_name\": \"B\", \"ssn\": \"123-45-6789\"}}}";
        return HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(URI.create(service.baseUrl() + "/orders"))
                        .header("Authorization", "Bearer " + apiKey).header("Content-Type", "application/json")
                        .header("Idempotency-Key", UUID.randomUUID().toString()).timeout(Duration.ofSeconds(60))
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The environment of an instance, and of the operator command, on the database of this name. */
    private static Map<String, String> environmentOn(String database) {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("DATABASE_URL", TestDatabase.urlOf(database));
        return environment;
    }

    /** A live API key of a new organisation whose card pays, both made with the operator command. */
    private static String liveKeyOfNewOrganisation(Map<String, String> environment, String name) throws Exception {
        String organization = operatorJson(environment, "org", "create", "--name", name).get("id").asText();
        String apiKey = operatorJson(environment, "key", "issue", "--org", organization, "--mode", "live").get("key").asText();
        operatorJson(environment, "billing", "set", "--org", organization, "--payment-method", "ok", "--invoiced", "false");
        return apiKey;
    }

    private static List<String> sealingKeys(Map<String, String> environment) throws Exception {
        return operatorJson(environment, "sealing-key", "list").findValuesAsText("id");
    }

    private static JarProcess.Result operator(Map<String, String> environment, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "operator";
        System.arraycopy(args, 0, command, 1, args.length);
        return JarProcess.run(environment, command);
    }

    private static JsonNode operatorJson(Map<String, String> environment, String... args) throws Exception {
        JarProcess.Result result = operator(environment, args);
        assertThat(result.exitCode()).as("operator %s: %s", String.join(" ", args), result.stderr()).isZero();
        return JSON.readTree(result.stdout());
    }

    private static void executeOn(String url, String sql) throws Exception {
        try (Connection connection = TestDatabase.connect(url);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

}
