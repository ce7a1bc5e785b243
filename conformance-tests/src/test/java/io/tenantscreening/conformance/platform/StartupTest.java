package io.tenantscreening.conformance.platform;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the service starts (docs/operators.md#starting, docs/operators.md#environment-and-keys):
 * one clear line and a non-zero exit when PostgreSQL cannot be reached, outside development
 * when no master keys or no agency details are configured, and when a setting or the notice
 * templates cannot work; in the development environment, a demo organisation and a printed
 * test key on a database without organisations, so the README's walk-through works at once
 * (README.md#from-a-test-order-to-its-report). The master keys' part: SealingKeysTest.
 */
@StartsServiceProcesses
class StartupTest {

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

    /**
     * docs/operators.md#the-agency-and-its-notices: every notice names the consumer reporting
     * agency, so outside development its details are required.
     */
    @Test
    void outsideDevelopmentTheServiceRefusesToStartWithoutTheAgencysDetails() {
        assertRefusedToStart(environment -> {
            environment.remove("AGENCY_NAME");
            environment.put("AGENCY_PHONE", " ");
            environment.put("SCREENING_ENVIRONMENT", "production");
        }).contains("AGENCY_NAME, AGENCY_PHONE are not set: notices of adverse action must give the consumer reporting agency's");
    }

    /**
     * docs/operators.md#webhooks: deliveries take work threads, so WEBHOOK_WORKERS must stay
     * below WORK_THREADS, or the start is refused (a hanging receiver could otherwise hold
     * every thread and stop the screenings).
     */
    @Test
    void webhookWorkersThatWouldTakeEveryWorkThreadStopTheStart() {
        assertRefusedToStart(environment -> {
            environment.put("WORK_THREADS", "8");
            environment.put("WEBHOOK_WORKERS", "8");
        }).contains("WEBHOOK_WORKERS (8) must be below WORK_THREADS (8)");
    }

    /**
     * docs/operators.md#the-agency-and-its-notices: an operator's notice templates
     * (NOTICE_TEMPLATES) must be a whole set: a missing file stops the start, naming it.
     */
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

    /**
     * docs/operators.md#environment-and-keys: development starts without the agency's details
     * too (its notices name a fictitious agency), and prints a test key of a demo organisation.
     */
    @Test
    void developmentStartOnAnEmptyDatabasePrintsAWorkingDemoKey() throws Exception {
        String database = TestDatabase.createEmpty();
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
            TestDatabase.drop(database);
        }
    }

    /**
     * docs/operators.md#starting: a start on a database that lacks one migration the build
     * ships (as after an upgrade) applies it, though it skips Flyway on a database that has
     * them all.
     */
    @Test
    void aStartAppliesTheMigrationThatIsDue() {
        String database = TestDatabase.create();
        String url = TestDatabase.urlOf(database);
        String traceparentColumns = "SELECT count(*) FROM information_schema.columns WHERE table_name = 'scheduled_tasks'"
                + " AND column_name = 'traceparent'";
        try {
            // As if V073 (the tasks' traceparent) had not been applied yet.
            TestDatabase.executeIn(url, "ALTER TABLE scheduled_tasks DROP COLUMN traceparent");
            TestDatabase.executeIn(url, "DELETE FROM flyway_schema_history WHERE version = '073'");

            try (ServiceProcess service = ServiceProcess.start(environmentOn(database))) {
                assertThat(Api.get("/health/readiness").at(service.baseUrl()).send().status()).isEqualTo(200);
            }

            assertThat(TestDatabase.numberIn(url, traceparentColumns)).isEqualTo(1);
            assertThat(TestDatabase.numberIn(url, "SELECT count(*) FROM flyway_schema_history WHERE version = '073' AND success"))
                    .isEqualTo(1);
        } finally {
            TestDatabase.drop(database);
        }
    }

    /**
     * GET /health, rule 2, GET /health/readiness, rule 4, and docs/operators.md#starting: while
     * the migrations cannot be checked (a transaction holds the table of applied migrations),
     * the instance answers its liveness, its readiness answers 503 naming the migrations and
     * the workers as starting, and an API request waits; once the table is free the start
     * finishes, the request is answered and readiness answers 200.
     */
    @Test
    void livenessAnswersWhileTheStartWaitsForTheDatabaseAndOtherRequestsWaitForIt() throws Exception {
        try (Starting starting = Starting.withMigrationsHeld(Duration.ofSeconds(60))) {
            ApiResponse readiness = Api.get("/health/readiness").at(starting.base).send();
            assertThat(readiness.status()).isEqualTo(503);
            assertThat(readiness.header("Retry-After")).isEqualTo("5");
            assertThat(readiness.json().get("errors")).extracting(entry -> entry.get("detail").asText()).containsExactly(
                    "migrations: The instance is starting: it checks or applies the migrations first.",
                    "workers: The instance is starting: its background workers start once the migrations are done.");
            assertThat(starting.service.stdout()).doesNotContain(ServiceProcess.READY);
            // Sent while the start waits (the rest of it takes far longer than the request takes
            // to arrive), it is held until the start finishes (aRequestThatWaitsLongerThanTheStartWaitAnswers503
            // shows that it is held), then served.
            CompletableFuture<ApiResponse> orders = CompletableFuture.supplyAsync(
                    () -> Api.get("/orders").at(starting.base).key(starting.key).send());
            starting.release();

            assertThat(orders.get(60, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(Api.get("/health/readiness").at(starting.base).send().status()).isEqualTo(200);
            assertThat(starting.service.stdout()).contains(ServiceProcess.READY);
        }
    }

    /**
     * docs/operators.md#starting: a request still waiting for the start after HTTP_START_WAIT
     * answers 503 service_unavailable with Retry-After; on the applicants' pages, as a page.
     */
    @Test
    void aRequestThatWaitsLongerThanTheStartWaitAnswers503() throws Exception {
        try (Starting starting = Starting.withMigrationsHeld(Duration.ofMillis(500))) {
            ApiResponse refused = Api.get("/orders").at(starting.base).key(starting.key).send();

            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).isEqualTo("5");
            assertThat(refused.assertError(503, "service_unavailable").get("detail").asText())
                    .isEqualTo("The instance is starting and cannot serve this request yet. Retry after 5 seconds.");

            HttpResponse<String> page = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(starting.base + "/apply/some-link")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(503);
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
            assertThat(page.headers().firstValue("Retry-After")).hasValue("5");
        }
    }

    /**
     * An instance on a database of its own whose start waits: a transaction holds the table of
     * applied migrations, so its migrations wait (for up to a minute, instead of the usual
     * lock timeout) until {@link #release()}. Made once its liveness answers; closing it stops
     * the instance and drops the database.
     */
    private static final class Starting implements AutoCloseable {
        private final String database = TestDatabase.create();
        private final Connection holder;
        private final String key;
        private final String base;
        private final JarProcess.Started service;

        private Starting(Duration startWait) throws Exception {
            Map<String, String> environment = environmentOn(database);
            Connection opened = null;
            JarProcess.Started started = null;
            int port = ServiceProcess.freePort();
            environment.put("PORT", String.valueOf(port));
            environment.put("HTTP_START_WAIT", startWait.toMillis() + "ms");
            environment.put("DATABASE_LOCK_TIMEOUT", "60s");
            environment.put("DATABASE_STATEMENT_TIMEOUT", "60s");
            environment.put("DATABASE_SOCKET_TIMEOUT", "70");
            key = JarProcess.issueTestKey(environment, "Starting").secret();
            base = "http://localhost:" + port;
            try {
                opened = TestDatabase.connect(TestDatabase.urlOf(database));
                opened.setAutoCommit(false);
                try (Statement lock = opened.createStatement()) {
                    lock.execute("LOCK TABLE flyway_schema_history IN ACCESS EXCLUSIVE MODE");
                }
                started = JarProcess.start(environment);
                JarProcess.Started running = started;
                await("the liveness answer", Duration.ofSeconds(60)).ignoreExceptionsInstanceOf(UncheckedIOException.class).until(() -> {
                    assertThat(running.process().isAlive()).as("service exited: %s", running.stderr()).isTrue();
                    return Api.get("/health").at(base).send().status() == 200;
                });
            } catch (Exception | AssertionError e) {
                stop(opened, started);
                throw e;
            }
            holder = opened;
            service = started;
        }

        static Starting withMigrationsHeld(Duration startWait) throws Exception {
            return new Starting(startWait);
        }

        void release() throws SQLException {
            holder.rollback();
        }

        @Override
        public void close() throws Exception {
            stop(holder, service);
        }

        private void stop(Connection opened, JarProcess.Started started) throws SQLException, InterruptedException {
            try {
                if (opened != null) {
                    opened.close();
                }
                if (started != null) {
                    started.process().destroy();
                    started.process().waitFor(30, TimeUnit.SECONDS);
                }
            } finally {
                TestDatabase.drop(database);
            }
        }
    }

    /** The environment of an instance, and of the operator command, on the database of this name. */
    private static Map<String, String> environmentOn(String database) {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("DATABASE_URL", TestDatabase.urlOf(database));
        return environment;
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

    private static String awaitPrintedKey(JarProcess.Started service) {
        Matcher printed = await("the demo key printed and the service started", Duration.ofSeconds(60)).until(() -> {
            assertThat(service.process().isAlive()).as("service exited: %s", service.stderr()).isTrue();
            return PRINTED_KEY.matcher(service.stdout());
        }, matcher -> matcher.find() && service.stdout().contains("Startup completed"));
        return printed.group(1);
    }

}
