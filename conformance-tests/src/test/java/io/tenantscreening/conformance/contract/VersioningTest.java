package io.tenantscreening.conformance.contract;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#versioning and docs/integrators.md#versions: Service-Tenant-Version pins a
 * CalVer date; omitted means the newest; any other value is 422 on the header, answered by
 * the newest; the supported versions are 2026-11-28 (the newest), 2026-11-25 and 2026-04-29, and every
 * response, errors included, names the version that served it.
 */
class VersioningTest {

    @Test
    void omittedVersionIsServedByTheNewest() {
        ApiResponse response = Api.get("/openapi.yaml").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-11-28");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-28", "2026-11-25", "2026-04-29"})
    void eachSupportedVersionIsServedAndNamed(String version) {
        String key = TestTenant.create().testKey();

        ApiResponse response = Api.get("/properties").key(key).header("Service-Tenant-Version", version).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Service-Tenant-Version")).isEqualTo(version);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-01-01", "2026-04-30", "2026-11-26", "latest", "2026-4-29", "", "v1"})
    void anyOtherVersionIsAValidationErrorOfTheNewest(String version) {
        String key = TestTenant.create().testKey();

        ApiResponse response = Api.get("/properties").key(key).header("Service-Tenant-Version", version).send();

        var entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("header").asText()).isEqualTo("Service-Tenant-Version");
        JsonAssertions.assertDetailMentions(entry, "2026-11-28, 2026-11-25, 2026-04-29");
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-11-28");
    }

    @Test
    void errorResponsesAlsoNameTheVersion() {
        ApiResponse response = Api.get("/properties").send();

        response.assertError(401, "authorization_error");
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-11-28");
    }

    /** Refused by authentication, by the router, by the size limit and by the contract check: each answered by 2026-04-29. */
    @Test
    void errorResponsesNameTheVersionTheRequestAskedFor() {
        String key = TestTenant.create().testKey();
        String old = "2026-04-29";

        ApiResponse unauthenticated = Api.get("/properties").header("Service-Tenant-Version", old).send();
        ApiResponse noRoute = Api.get("/no/such/route").key(key).header("Service-Tenant-Version", old)
                .sendUndocumented("GET", "/properties");
        ApiResponse tooLarge = Api.post("/properties").key(key).header("Service-Tenant-Version", old)
                .json("{\"property\": {\"name\": \"" + "n".repeat(1024 * 1024) + "\"}}").sendInvalid();
        ApiResponse invalid = Api.get("/properties?per_page=0").key(key).header("Service-Tenant-Version", old).sendInvalid();

        unauthenticated.assertError(401, "authorization_error");
        noRoute.assertError(404, "not_found_error");
        tooLarge.assertError(413, "payload_too_large");
        invalid.assertError(422, "validation_error");
        for (ApiResponse response : new ApiResponse[] {unauthenticated, noRoute, tooLarge, invalid}) {
            assertThat(response.header("Service-Tenant-Version")).isEqualTo(old);
        }
    }
}
