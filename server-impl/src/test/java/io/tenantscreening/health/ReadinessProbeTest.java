package io.tenantscreening.health;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ReadinessProbeTest {

    @Test
    void theLatestMigrationReadinessExpectsIsTheNewestOneShipped() throws IOException {
        try (Stream<Path> migrations = Files.list(Path.of("src/main/resources/db/migration"))) {
            int newest = migrations.map(path -> path.getFileName().toString())
                    .filter(name -> name.matches("V[0-9]+__.*\\.sql"))
                    .mapToInt(name -> Integer.parseInt(name.substring(1, name.indexOf("__"))))
                    .max().orElseThrow();
            assertThat(ReadinessProbe.LATEST_MIGRATION).isEqualTo(newest);
        }
    }
}
