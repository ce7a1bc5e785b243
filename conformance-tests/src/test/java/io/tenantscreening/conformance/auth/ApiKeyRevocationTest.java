package io.tenantscreening.conformance.auth;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#authentication (a revoked key is 401), with the key cache of
 * docs/design.md#the-request-path: each instance answers for keys it has seen from memory,
 * and a revocation (here by the operator command, a third process) still reaches every
 * instance within the bound of 2 seconds that docs/operators.md#the-operator-command-line
 * documents. Without the revocation notice the instances would accept the key for the
 * cache's whole lifetime (API_KEY_CACHE_TTL, 60 s: docs/operators.md#requests), and this
 * test would fail.
 */
@StartsServiceProcesses
class ApiKeyRevocationTest {

    /** The documented bound, plus room for the polling and a loaded machine. */
    private static final Duration BOUND = Duration.ofSeconds(2).plusMillis(1500);

    @Test
    void aRevokedKeyIsRefusedByEveryInstanceWithinTheBound() {
        Map<String, String> environment = JarProcess.testDatabaseEnvironment();
        JarProcess.IssuedKey key = JarProcess.issueTestKey(environment, "Revocation");
        List<ServiceProcess> instances = List.of(ServiceProcess.start(environment), ServiceProcess.start(environment));
        try {
            for (ServiceProcess instance : instances) {
                for (int i = 0; i < 3; i++) {
                    assertThat(status(instance, key)).as("the key works before revocation").isEqualTo(200);
                }
            }

            JarProcess.Result revoked = JarProcess.run(environment, "operator", "key", "revoke", "--key", key.id());
            assertThat(revoked.exitCode()).as(revoked.stderr()).isZero();
            long revokedAt = System.nanoTime();

            for (ServiceProcess instance : instances) {
                await(instance.baseUrl() + " refused the revoked key", BOUND).until(() -> status(instance, key) == 401);
                assertThat(Duration.ofNanos(System.nanoTime() - revokedAt))
                        .as("time until %s refused the revoked key", instance.baseUrl()).isLessThan(BOUND);
            }
        } finally {
            instances.forEach(ServiceProcess::stop);
        }
    }

    private static int status(ServiceProcess instance, JarProcess.IssuedKey key) {
        return Api.get("/properties").at(instance.baseUrl()).key(key.secret()).send().status();
    }
}
