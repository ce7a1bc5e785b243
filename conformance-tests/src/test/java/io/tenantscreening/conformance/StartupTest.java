package io.tenantscreening.conformance;

import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the service starts: one clear line and a non-zero exit when PostgreSQL cannot be
 * reached, outside development when no master keys are configured, and when a master key
 * that sealed stored data is missing; in the development environment, a demo organisation
 * and a printed test key on a database without organisations, so the README's
 * walk-through works at once.
 */
class StartupTest {

    private static final Pattern PRINTED_KEY = Pattern.compile("SCREENING_KEY=(sk_test_[0-9A-Za-z]{32})");

    @Test
    void unreachableDatabaseFailsFastWithOneLine() {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("DATABASE_URL", "jdbc:postgresql://127.0.0.1:1/screening");
        environment.put("PORT", String.valueOf(freePort()));

        JarProcess.Result result = JarProcess.run(environment);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr().strip().lines()).singleElement().asString()
                .startsWith("tenant-screening: cannot start: PostgreSQL is not reachable")
                .contains("DATABASE_URL");
        assertThat(result.stdout() + result.stderr()).doesNotContain("\tat ", "Exception in thread");
    }

    @Test
    void outsideDevelopmentTheServiceRefusesToStartWithoutMasterKeys() {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.remove("SCREENING_KEYS");
        environment.put("SCREENING_ENVIRONMENT", "production");
        environment.put("PORT", String.valueOf(freePort()));

        JarProcess.Result result = JarProcess.run(environment);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr().strip().lines()).singleElement().asString()
                .startsWith("tenant-screening: cannot start:")
                .contains("SCREENING_KEYS is not set");
    }

    @Test
    void developmentStartOnAnEmptyDatabasePrintsAWorkingDemoKey() throws Exception {
        String database = "screening_demo_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        execute("CREATE DATABASE " + database);
        int port = freePort();
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("DATABASE_URL", TestDatabase.url().replaceFirst("/[^/?]+(\\?.*)?$", "/" + database));
        environment.put("PORT", String.valueOf(port));
        environment.put("SCREENING_ENVIRONMENT", "development");
        JarProcess.Started service = JarProcess.start(environment);
        try {
            String key = awaitPrintedKey(service);
            HttpResponse<String> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/no-such-route"))
                            .header("Authorization", "Bearer " + key).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).contains("not_found_error");
        } finally {
            service.process().destroy();
            service.process().waitFor(20, TimeUnit.SECONDS);
            execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    @Test
    void aStartWithoutAMasterKeyThatSealedDataIsRefused() throws Exception {
        String database = newDatabaseName();
        execute("CREATE DATABASE " + database);
        String oldKey = "old:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
        String newKey = "new:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("DATABASE_URL", TestDatabase.url().replaceFirst("/[^/?]+(\\?.*)?$", "/" + database));
        try {
            environment.put("SCREENING_KEYS", oldKey);
            JarProcess.Result first = JarProcess.run(environment, "operator", "org", "list");
            environment.put("SCREENING_KEYS", newKey);
            JarProcess.Result withoutOld = JarProcess.run(environment, "operator", "org", "list");
            environment.put("SCREENING_KEYS", newKey + "," + oldKey);
            JarProcess.Result rotated = JarProcess.run(environment, "operator", "org", "list");

            assertThat(first.exitCode()).as(first.stderr()).isZero();
            assertThat(withoutOld.exitCode()).isEqualTo(1);
            assertThat(withoutOld.stderr().strip().lines()).singleElement().asString()
                    .contains("SCREENING_KEYS lacks the key(s) old that sealed stored data");
            assertThat(rotated.exitCode()).as(rotated.stderr()).isZero();
        } finally {
            execute("DROP DATABASE IF EXISTS " + database);
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

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
