package io.tenantscreening.conformance;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.TcpProxy;
import io.tenantscreening.conformance.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Operations issue, points 2 and 6: while PostgreSQL is out of reach, every request that
 * needs it answers 503 service_unavailable with Retry-After within 2 seconds (not a 500,
 * not a hang), readiness says why, liveness and the contract still answer; when the
 * database is back the service recovers by itself. A failed migration makes the instance
 * not ready. The service runs as its own process, connected to PostgreSQL through a proxy
 * this test cuts and restores.
 */
class DatabaseOutageTest {

    private static final String DATABASE = "screening_test_outage";
    private static final Duration BOUND = Duration.ofSeconds(2);

    @Test
    void whileTheDatabaseIsOutOfReachRequestsAnswer503QuicklyAndTheServiceRecoversByItself() throws Exception {
        TestDatabase.recreate(DATABASE);
        Map<String, String> direct = new HashMap<>(JarProcess.testDatabaseEnvironment());
        direct.put("DATABASE_URL", TestDatabase.urlOf(DATABASE));
        try (TcpProxy proxy = TcpProxy.start()) {
            Map<String, String> proxied = new HashMap<>(direct);
            proxied.put("DATABASE_URL", "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + DATABASE);
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

                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                int status;
                do {
                    Thread.sleep(200);
                    status = Api.get("/orders/" + order).at(service.baseUrl()).key(key).sendRaw().status();
                } while (status != 200 && System.nanoTime() < deadline);
                assertThat(status).as("the service recovered by itself").isEqualTo(200);
                assertThat(OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString()).at(service.baseUrl())
                        .send().status()).isEqualTo(201);
                assertThat(Api.get("/health/readiness").at(service.baseUrl()).send().status()).isEqualTo(200);

                TestDatabase.rowsIn(TestDatabase.urlOf(DATABASE), "UPDATE flyway_schema_history SET success = false "
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

}
