package io.tenantscreening.conformance.contract;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /openapi.yaml, rule 1: the running service publishes its contract, without a key, as
 * application/yaml, exactly as the api-spec module holds it.
 */
class OpenApiDocumentTest {

    @Test
    void serviceServesTheContractWithoutAKey() throws Exception {
        ApiResponse response = Api.get("/openapi.yaml").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/yaml");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("openapi.yaml")) {
            assertThat(response.body()).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
