package io.tenantscreening.conformance.platform;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TcpProxy;
import io.tenantscreening.conformance.support.TestDatabase;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#when-the-database-is-out-of-reach: while PostgreSQL is out of reach, every
 * request that needs it answers 503 service_unavailable with Retry-After within 2 seconds (not
 * a 500, not a hang), readiness says why (GET /health/readiness, rule 2), liveness and the
 * contract still answer; when the database is back the service recovers by itself. A failed
 * migration makes the instance not ready (GET /health/readiness, rules 1 and 2). When
 * PostgreSQL stops answering without refusing, the same 503 comes within the bound that
 * section documents. The service runs as its own process, connected to PostgreSQL through a
 * proxy this test cuts or holds, and restores.
 */
@StartsServiceProcesses
class DatabaseOutageTest {

    private static final Duration BOUND = Duration.ofSeconds(2);
    /**
     * The documented longest wait of a request when PostgreSQL stops answering without
     * refusing (docs/operators.md#when-the-database-is-out-of-reach): DATABASE_SOCKET_TIMEOUT
     * (10 s) for an answer, and DATABASE_CONNECT_TIMEOUT (1.5 s) with at most 1 s of testing
     * an idle connection for a connection.
     */
    private static final Duration SILENT_BOUND = Duration.ofMillis(10_000 + 1500 + 1000);
    /** What a loaded two-core machine may add to it: the bound is about hangs, not speed. */
    private static final Duration MARGIN = Duration.ofSeconds(5);

    @Test
    void whileTheDatabaseIsOutOfReachRequestsAnswer503QuicklyAndTheServiceRecoversByItself() {
        Map<String, String> direct = new HashMap<>(JarProcess.testDatabaseEnvironment());
        try (TcpProxy proxy = TcpProxy.start()) {
            Map<String, String> proxied = new HashMap<>(direct);
            proxied.put("DATABASE_URL", proxy.url(TestDatabase.url()));
            ServiceProcess service = ServiceProcess.start(proxied);
            try {
                String key = JarProcess.issueTestKey(direct, "Outage").secret();
                String order = OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(service.baseUrl())
                        .send().json().get("id").asText();

                proxy.cut();

                for (Api.Call call : List.of(
                        Api.get("/orders/" + order).at(service.baseUrl()).key(key),
                        Api.get("/orders").at(service.baseUrl()).key(key),
                        Api.get("/events").at(service.baseUrl()).key(key),
                        OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(service.baseUrl()))) {
                    long start = System.nanoTime();
                    ApiResponse answer = call.send();
                    Duration took = Duration.ofNanos(System.nanoTime() - start);

                    answer.assertError(503, "service_unavailable");
                    assertThat(answer.header("Retry-After")).isEqualTo("5");
                    assertThat(answer.json().get("errors").get(0).get("detail").asText()).contains("Retry after 5 seconds");
                    assertThat(took).as("time to answer").isLessThan(BOUND);
                }
                assertThat(Api.get("/openapi.yaml").at(service.baseUrl()).sendRaw().status()).isEqualTo(200);
                assertThat(Api.get("/health").at(service.baseUrl()).send().status()).isEqualTo(200);
                long asked = System.nanoTime();
                ApiResponse notReady = Api.get("/health/readiness").at(service.baseUrl()).send();
                assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("time to answer readiness").isLessThan(BOUND);
                notReady.assertError(503, "service_unavailable");
                assertThat(notReady.header("Retry-After")).isEqualTo("5");
                assertThat(notReady.json().get("errors").get(0).get("detail").asText()).isEqualTo("database: PostgreSQL does not answer.");

                proxy.restore();

                await("the service recovered by itself").until(
                        () -> Api.get("/orders/" + order).at(service.baseUrl()).key(key).sendRaw().status() == 200);
                assertThat(OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(service.baseUrl())
                        .send().status()).isEqualTo(201);
                assertThat(Api.get("/health/readiness").at(service.baseUrl()).send().status()).isEqualTo(200);

                TestDatabase.rows("UPDATE flyway_schema_history SET success = false "
                        + "WHERE installed_rank = (SELECT max(installed_rank) FROM flyway_schema_history) RETURNING version");
                ApiResponse failedMigration = Api.get("/health/readiness").at(service.baseUrl()).send();
                failedMigration.assertError(503, "service_unavailable");
                assertThat(failedMigration.json().get("errors").get(0).get("detail").asText())
                        .isEqualTo("migrations: 1 migration(s) failed; see flyway_schema_history.");
            } finally {
                service.stop();
            }
        }
    }

    /**
     * docs/operators.md#when-the-database-is-out-of-reach: PostgreSQL stops answering without
     * refusing (the proxy holds every byte, as a network path that drops packets does).
     * Requests that were waiting on it and requests that arrive meanwhile each answer 503 with
     * Retry-After within the documented bound (plus a margin for a loaded machine), never
     * hang. A POST /orders that was waiting on it (before its commit) and got its 503 leaves
     * no order behind when the database answers again: its transaction ends with its
     * connection. The service recovers by itself. Before the pool's connections had a socket
     * timeout, requests waited as long as the database was silent, and the order of an
     * abandoned POST /orders was created once it answered again.
     */
    @Test
    void whenTheDatabaseStopsAnsweringRequestsAnswer503WithinTheBoundAndChangeNothingLater() throws Exception {
        String database = TestDatabase.create();
        String directUrl = TestDatabase.urlOf(database);
        Map<String, String> direct = new HashMap<>(JarProcess.testDatabaseEnvironment());
        direct.put("DATABASE_URL", directUrl);
        try (TcpProxy proxy = TcpProxy.start()) {
            Map<String, String> proxied = new HashMap<>(direct);
            proxied.put("DATABASE_URL", proxy.url(directUrl));
            ServiceProcess service = ServiceProcess.start(proxied);
            try {
                String key = JarProcess.issueTestKey(direct, "Silent outage").secret();
                String order = OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(service.baseUrl())
                        .send().json().get("id").asText();
                SoftAssertions softly = new SoftAssertions();

                List<Sent> inFlight;
                try (Connection holder = TestDatabase.connect(directUrl)) {
                    holder.setAutoCommit(false);
                    try (Statement lock = holder.createStatement()) {
                        lock.execute("LOCK TABLE orders IN ACCESS EXCLUSIVE MODE");
                    }
                    inFlight = List.of(
                            Sent.now("GET /orders/{id} waiting on the database",
                                    Api.get("/orders/" + order).at(service.baseUrl()).key(key)),
                            Sent.now("POST /orders waiting on the database", OrderRequests.post(key, OrderRequests.body(),
                                    UUID.randomUUID().toString()).at(service.baseUrl())));
                    awaitPlacementWaitingForTheLock(directUrl);
                    proxy.hold();
                    holder.rollback();
                }

                List<Sent> arriving = List.of(
                        Sent.now("GET /orders/{id}", Api.get("/orders/" + order).at(service.baseUrl()).key(key)),
                        Sent.now("GET /orders", Api.get("/orders").at(service.baseUrl()).key(key)),
                        Sent.now("GET /events", Api.get("/events").at(service.baseUrl()).key(key)),
                        Sent.now("POST /orders", OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString())
                                .at(service.baseUrl())),
                        Sent.now("GET /health/readiness", Api.get("/health/readiness").at(service.baseUrl())));
                Stream.concat(inFlight.stream(), arriving.stream()).forEach(call -> call.assertUnavailableWithinTheBound(softly));

                Object openTransactions = TestDatabase.rowsIn(directUrl, "SELECT coalesce(string_agg(pid::text, ','), '') "
                        + "FROM pg_stat_activity WHERE datname = current_database() AND xact_start IS NOT NULL "
                        + "AND pid <> pg_backend_pid()").get(0).get(0);
                proxy.restore();

                await("the transactions open during the outage ended", Duration.ofSeconds(30)).until(() -> TestDatabase.numberIn(
                        directUrl, "SELECT count(*) FROM pg_stat_activity WHERE pid::text = ANY (string_to_array(?, ',')) "
                                + "AND xact_start IS NOT NULL", openTransactions) == 0);
                softly.assertThat(TestDatabase.numberIn(directUrl, "SELECT count(*) FROM orders"))
                        .as("orders once the transactions open during the outage ended: only the one placed before it")
                        .isEqualTo(1);

                await("the service recovered by itself").until(
                        () -> Api.get("/orders/" + order).at(service.baseUrl()).key(key).sendRaw().status() == 200);
                softly.assertThat(OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString())
                        .at(service.baseUrl()).send().status()).isEqualTo(201);
                softly.assertThat(Api.get("/health/readiness").at(service.baseUrl()).send().status()).isEqualTo(200);
                softly.assertAll();
            } finally {
                proxy.restore();
                service.stop();
            }
        } finally {
            TestDatabase.drop(database);
        }
    }

    /**
     * Waits until the test's POST /orders waits for the test's lock on orders (the GET sent
     * before it has less to do on the way there), so that both wait on the database when it
     * falls silent.
     */
    private static void awaitPlacementWaitingForTheLock(String url) {
        await("POST /orders waiting for the lock", Duration.ofSeconds(10)).until(() -> TestDatabase.numberIn(url,
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                        + "AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO orders%'") > 0);
    }

    /** A request sent on a thread of its own, and when. */
    private record Sent(String what, long sentAt, CompletableFuture<Answer> answer) {

        static Sent now(String what, Api.Call call) {
            return new Sent(what, System.nanoTime(), CompletableFuture.supplyAsync(() -> new Answer(call.send(), System.nanoTime()),
                    runnable -> {
                        Thread thread = new Thread(runnable, "client " + what);
                        thread.setDaemon(true);
                        thread.start();
                    }));
        }

        /** Its answer is 503 service_unavailable with Retry-After, within the bound and the margin of its sending. */
        void assertUnavailableWithinTheBound(SoftAssertions softly) {
            Duration limit = SILENT_BOUND.plus(MARGIN);
            Answer answered;
            try {
                answered = answer.get(Math.max(0, sentAt + limit.toNanos() - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                softly.fail(what + ": no answer within " + limit.toMillis() + " ms");
                return;
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(what, e);
            }
            long took = Duration.ofNanos(answered.at() - sentAt).toMillis();
            softly.assertThat(answered.response().status()).as("%s: status after %d ms of %s", what, took,
                    answered.response().body()).isEqualTo(503);
            softly.assertThat(answered.response().body()).as("%s: code", what).contains("\"service_unavailable\"");
            softly.assertThat(answered.response().header("Retry-After")).as("%s: Retry-After", what).isEqualTo("5");
        }
    }

    /** An answer and when it arrived. */
    private record Answer(ApiResponse response, long at) {
    }
}
