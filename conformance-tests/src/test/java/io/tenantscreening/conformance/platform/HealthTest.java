package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Liveness and readiness answer without a key and say nothing of versions or hosts
 * (GET /health, rule 1; GET /health/readiness, rules 1 and 3); the framework's own management
 * endpoints (beans, flyway, info, ...) are not exposed (docs/operators.md#health). Their
 * failing answers (GET /health/readiness, rule 2: 503 with one entry per failing check) are
 * in DatabaseOutageTest, which can take the database away.
 */
class HealthTest {

    /** GET /health, rule 1. */
    @Test
    void livenessAnswersWithoutAKey() {
        ApiResponse live = Api.get("/health").send();

        assertThat(live.status()).isEqualTo(200);
        assertThat(live.body()).isEqualTo("{\"status\":\"up\"}");
    }

    /** docs/operators.md#health: Micronaut's own management endpoints are switched off. */
    @Test
    void theFrameworksOwnManagementEndpointsAreNotExposed() {
        String key = TestTenant.create().testKey();
        for (String path : List.of("/beans", "/flyway", "/info", "/routes", "/env", "/loggers", "/health/liveness", "/prometheus")) {
            Api.get(path).key(key).sendUndocumented("GET", "/properties").assertError(404, "not_found_error");
        }
    }

    /** GET /health/readiness, rules 1 and 3. */
    @Test
    void readinessReportsEveryCheckUpWithoutAKeyAndWithoutVersionsOrHosts() {
        ApiResponse ready = Api.get("/health/readiness").send();

        assertThat(ready.status()).isEqualTo(200);
        JsonNode body = ready.json();
        assertThat(body.get("status").asText()).isEqualTo("ready");
        assertThat(body.get("checks").get("database").asText()).isEqualTo("up");
        assertThat(body.get("checks").get("migrations").asText()).isEqualTo("up");
        assertThat(body.get("checks").get("workers").asText()).isEqualTo("up");
        assertThat(ready.body()).doesNotContainIgnoringCase("postgres").doesNotContain("127.0.0.1", "localhost", "version");
        assertThat(ready.header("Server")).isNull();
    }
}
