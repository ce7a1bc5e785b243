package io.tenantscreening.conformance;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed: Versioning, rules 2 to 4 (Service-Tenant-Version pins a CalVer date; omitted means
 * the newest; an unknown value is 422), with the decision that every response names the
 * version that served it.
 */
class VersioningTest {

    @Test
    void omittedVersionIsServedByTheNewest() {
        ApiResponse response = Api.get("/openapi.yaml").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-04-29");
    }

    @Test
    void supportedVersionIsServed() {
        String key = TestTenant.create().testKey();

        ApiResponse response = Api.get("/properties").key(key).header("Service-Tenant-Version", "2026-04-29").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-04-29");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-01-01", "2026-04-30", "latest", "2026-4-29", "", "v1"})
    void anyOtherVersionIsAValidationError(String version) {
        String key = TestTenant.create().testKey();

        ApiResponse response = Api.get("/properties").key(key).header("Service-Tenant-Version", version).send();

        var entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("header").asText()).isEqualTo("Service-Tenant-Version");
        JsonAssertions.assertDetailMentions(entry, "2026-04-29");
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-04-29");
    }

    @Test
    void errorResponsesAlsoNameTheVersion() {
        ApiResponse response = Api.get("/properties").send();

        response.assertError(401, "authorization_error");
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-04-29");
    }
}
