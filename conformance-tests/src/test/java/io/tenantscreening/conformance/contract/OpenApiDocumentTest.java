package io.tenantscreening.conformance.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Documents;
import io.tenantscreening.conformance.support.JsonAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /openapi.yaml, rules 1 and 3, and GET /openapi/{version}.yaml, rules 1 and 2: the
 * running service publishes its contract, and the released contract of each version it
 * serves, without a key, as application/yaml, exactly as the repository holds them.
 */
class OpenApiDocumentTest {

    /** The released contracts as the repository keeps them (../api-spec/released from this module). */
    private static final Path RELEASED = Documents.repositoryRoot().resolve("api-spec").resolve("released");

    @Test
    void serviceServesTheContractWithoutAKey() throws Exception {
        ApiResponse response = Api.get("/openapi.yaml").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/yaml");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("openapi.yaml")) {
            assertThat(response.body()).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * GET /openapi/{version}.yaml, rule 1: every released contract in the repository is
     * served without a key, as application/yaml, byte for byte as api-spec/released holds it.
     */
    @Test
    void everyReleasedContractOfTheRepositoryIsServed() throws Exception {
        List<Path> released;
        try (Stream<Path> files = Files.list(RELEASED)) {
            released = files.filter(file -> file.getFileName().toString().endsWith(".yaml")).toList();
        }

        assertThat(released).hasSizeGreaterThanOrEqualTo(2);
        for (Path file : released) {
            ApiResponse response = Api.get("/openapi/" + file.getFileName()).send();
            assertThat(response.status()).as(file.getFileName().toString()).isEqualTo(200);
            assertThat(response.header("Content-Type")).startsWith("application/yaml");
            assertThat(response.bytes()).as(file.getFileName().toString()).isEqualTo(Files.readAllBytes(file));
        }
    }

    /** GET /openapi/{version}.yaml, rule 2: any other version is 404, naming the versions there are. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-01-01", "latest", "v1"})
    void anUnknownVersionIsNotFoundAndNamesTheReleasedOnes(String version) {
        ApiResponse response = Api.get("/openapi/" + version + ".yaml").send();

        JsonNode entry = response.assertError(404, "not_found_error");
        JsonAssertions.assertDetailMentions(entry, "Released versions: 2026-11-25, 2026-04-29.");
    }

    /** GET /openapi.yaml, rule 3: an older version named in the header gets that version's released contract. */
    @Test
    void anOlderVersionInTheHeaderGetsItsReleasedContract() throws Exception {
        ApiResponse response = Api.get("/openapi.yaml").header("Service-Tenant-Version", "2026-04-29").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/yaml");
        assertThat(response.header("Service-Tenant-Version")).isEqualTo("2026-04-29");
        assertThat(response.bytes()).isEqualTo(Files.readAllBytes(RELEASED.resolve("2026-04-29.yaml")));
    }

    /** GET /openapi.yaml, rule 3: the version this document describes, named in the header, gets this document. */
    @Test
    void theNewestVersionInTheHeaderGetsTheWorkingContract() throws Exception {
        ApiResponse response = Api.get("/openapi.yaml").header("Service-Tenant-Version", "2026-11-28").send();

        assertThat(response.status()).isEqualTo(200);
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("openapi.yaml")) {
            assertThat(response.bytes()).isEqualTo(in.readAllBytes());
        }
    }
}
