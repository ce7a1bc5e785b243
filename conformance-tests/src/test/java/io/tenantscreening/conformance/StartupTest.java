package io.tenantscreening.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.TestDatabase;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the service starts: one clear line and a non-zero exit when PostgreSQL cannot be
 * reached, outside development when no master keys are configured, and when a master key
 * that sealed stored data is missing; in the development environment, a demo organisation
 * and a printed test key on a database without organisations, so the README's
 * walk-through works at once. Foundations issue, point 1: a master key is recorded when it
 * first seals something, never by a start or an operator command, and is retired by an
 * operator once nothing stored needs it.
 */
class StartupTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PRINTED_KEY = Pattern.compile("SCREENING_KEY=(sk_test_[0-9A-Za-z]{32})");

    @Test
    void unreachableDatabaseFailsFastWithOneLine() {
        assertRefusedToStart(environment -> environment.put("DATABASE_URL", "jdbc:postgresql://127.0.0.1:1/screening"))
                .startsWith("tenant-screening: cannot start: PostgreSQL is not reachable")
                .contains("DATABASE_URL");
    }

    @Test
    void outsideDevelopmentTheServiceRefusesToStartWithoutMasterKeys() {
        assertRefusedToStart(environment -> {
            environment.remove("SCREENING_KEYS");
            environment.put("SCREENING_ENVIRONMENT", "production");
        }).contains("SCREENING_KEYS is not set");
    }

    /** Adverse action: every notice names the consumer reporting agency, so outside development its details are required. */
    @Test
    void outsideDevelopmentTheServiceRefusesToStartWithoutTheAgencysDetails() {
        assertRefusedToStart(environment -> {
            environment.remove("AGENCY_NAME");
            environment.put("AGENCY_PHONE", " ");
            environment.put("SCREENING_ENVIRONMENT", "production");
        }).contains("AGENCY_NAME, AGENCY_PHONE are not set: notices of adverse action must give the consumer reporting agency's");
    }

    /**
     * Issue 37, concurrent delivery: deliveries take work threads, so WEBHOOK_WORKERS must
     * stay below WORK_THREADS, or the start is refused (a hanging receiver could otherwise
     * hold every thread and stop the screenings).
     */
    @Test
    void webhookWorkersThatWouldTakeEveryWorkThreadStopTheStart() {
        assertRefusedToStart(environment -> {
            environment.put("WORK_THREADS", "8");
            environment.put("WEBHOOK_WORKERS", "8");
        }).contains("WEBHOOK_WORKERS (8) must be below WORK_THREADS (8)");
    }

    /** An operator's notice templates (NOTICE_TEMPLATES) must be a whole set: a missing file stops the start, naming it. */
    @Test
    void aNoticeTemplateDirectoryThatLacksAFileStopsTheStart() throws Exception {
        Path directory = Files.createTempDirectory("notice-templates");
        Files.writeString(directory.resolve("adverse-action.xml"), "<notice/>");
        try {
            assertRefusedToStart(environment -> environment.put("NOTICE_TEMPLATES", directory.toString()))
                    .contains("NOTICE_TEMPLATES: " + directory + " lacks adverse-action-email-subject.txt,")
                    .contains("reasons.properties; a replacement set needs every file of the built-in one");
        } finally {
            Files.delete(directory.resolve("adverse-action.xml"));
            Files.delete(directory);
        }
    }

    /** Development starts without the agency's details too: its notices name a fictitious agency. */
    @Test
    void developmentStartOnAnEmptyDatabasePrintsAWorkingDemoKey() throws Exception {
        String database = "screening_demo_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        execute("CREATE DATABASE " + database);
        Map<String, String> environment = environmentOn(database);
        environment.put("SCREENING_ENVIRONMENT", "development");
        List.of("AGENCY_NAME", "AGENCY_ADDRESS", "AGENCY_PHONE").forEach(environment::remove);
        try (ServiceProcess service = ServiceProcess.start(environment)) {
            String key = awaitPrintedKey(service.process());
            HttpResponse<String> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(service.baseUrl() + "/no-such-route"))
                            .header("Authorization", "Bearer " + key).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).contains("not_found_error");
            assertThat(service.process().stdout()).contains("AGENCY_NAME, AGENCY_ADDRESS, AGENCY_PHONE not set: notices name a fictitious agency.");
        } finally {
            execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    @Test
    void aMasterKeyIsRecordedWhenItFirstSealsAndAStartWithoutItIsRefused() throws Exception {
        String database = newDatabaseName();
        execute("CREATE DATABASE " + database);
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
            execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /**
     * The first request to seal with the key records it, inside its own transaction. Six first
     * orders arriving together at a new instance with a pool of two connections: each of the
     * two that hold a connection needs the key recorded, which must not wait for a third
     * pooled connection (before, the two waited for the pool until it gave up, and every
     * order of the burst was refused with 503).
     */
    @Test
    void theFirstOrdersOfANewInstanceArrivingTogetherAreAllPlaced() throws Exception {
        String database = newDatabaseName();
        execute("CREATE DATABASE " + database);
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
            execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /**
     * The connection that records a new sealing key has the pooled connections' session
     * settings: a lock in its way ends it after DATABASE_LOCK_TIMEOUT (a 500 that is safe to
     * retry), as it would any other statement, and the retry once the lock is gone places the
     * order. Without them it waited for its socket's timeout (10 s) and answered as if the
     * database were out of reach (503).
     */
    @Test
    void recordingANewSealingKeyWaitsForALockNoLongerThanTheLockTimeout() throws Exception {
        String database = newDatabaseName();
        execute("CREATE DATABASE " + database);
        Map<String, String> environment = environmentOn(database);
        String url = environment.get("DATABASE_URL");
        environment.put("SCREENING_KEYS", "locked:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=");
        environment.put("DATABASE_LOCK_TIMEOUT", "1s");
        try {
            String apiKey = liveKeyOfNewOrganisation(environment, "Locked");
            try (ServiceProcess service = ServiceProcess.start(environment);
                 Connection holder = DriverManager.getConnection(url, TestDatabase.user(), TestDatabase.password())) {
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
            execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    @Test
    void aSealingKeyIsRetiredOnlyOnceNothingStoredNeedsIt() throws Exception {
        String database = newDatabaseName();
        execute("CREATE DATABASE " + database);
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
            execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /**
     * A webhook endpoint's signing secret is sealed too: the key of its current secret, and
     * the key of the previous one while that still signs after a rotation, cannot be retired.
     */
    @Test
    void aSealingKeyOfAWebhookSecretStillInUseIsNotRetired() throws Exception {
        String database = newDatabaseName();
        execute("CREATE DATABASE " + database);
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
            execute("DROP DATABASE IF EXISTS " + database);
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
        environment.put("DATABASE_URL", TestDatabase.url().replaceFirst("/[^/?]+(\\?.*)?$", "/" + database));
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

    /**
     * Starts the service with the test database's environment as {@code changes} leaves it,
     * asserts that it refused to start with exit code 1 and one line on stderr that names the
     * cause, without a stack trace, and returns that line for its content to be checked.
     */
    private static AbstractStringAssert<?> assertRefusedToStart(Consumer<Map<String, String>> changes) {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("PORT", String.valueOf(ServiceProcess.freePort()));
        changes.accept(environment);

        JarProcess.Result result = JarProcess.run(environment);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stdout() + result.stderr()).doesNotContain("\tat ", "Exception in thread");
        List<String> lines = result.stderr().strip().lines().toList();
        assertThat(lines).as("stderr").hasSize(1);
        return assertThat(lines.get(0)).startsWith("tenant-screening: cannot start:");
    }

    private static void executeOn(String url, String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(url, TestDatabase.user(), TestDatabase.password());
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String newDatabaseName() {
        return "screening_start_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
    }

    private static String awaitPrintedKey(JarProcess.Started service) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher matcher = PRINTED_KEY.matcher(service.stdout());
            if (matcher.find() && service.stdout().contains("Startup completed")) {
                return matcher.group(1);
            }
            assertThat(service.process().isAlive()).as("service exited: %s", service.stderr()).isTrue();
            Thread.sleep(200);
        }
        throw new AssertionError("no demo key printed within 60 s; output: " + service.stdout());
    }

    private static void execute(String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(TestDatabase.url(), TestDatabase.user(), TestDatabase.password());
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
