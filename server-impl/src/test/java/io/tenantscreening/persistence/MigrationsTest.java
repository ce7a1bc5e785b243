package io.tenantscreening.persistence;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class MigrationsTest {

    /**
     * Migrations.current, which lets a start skip Flyway when nothing is due, compares the
     * database with db/migrations.txt: it must name every script of db/migration and nothing
     * else, and each must be a versioned migration (a repeatable one would be missed).
     */
    @Test
    void theIndexNamesEveryMigrationScriptAndEachIsVersioned() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/db/migration"))) {
            List<String> scripts = files.map(path -> path.getFileName().toString()).sorted().toList();
            List<String> index = Files.readAllLines(Path.of("src/main/resources", Migrations.INDEX)).stream()
                    .filter(line -> !line.isBlank()).sorted().toList();
            assertThat(index).as(Migrations.INDEX).containsExactlyElementsOf(scripts);
            assertThat(scripts).allMatch(name -> name.matches("V[0-9]+__[a-z0-9_]+\\.sql"));
        }
    }

    /** The versions as Flyway records them (V073__x.sql is "073"), and the newest one, which readiness expects. */
    @Test
    void theShippedVersionsAreTheScriptsVersions() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/db/migration"))) {
            List<String> versions = files.map(path -> path.getFileName().toString())
                    .map(name -> name.substring(1, name.indexOf("__"))).toList();
            assertThat(Migrations.SHIPPED).containsExactlyInAnyOrderElementsOf(versions);
            assertThat(Migrations.LATEST).isEqualTo(versions.stream().mapToInt(Integer::parseInt).max().orElseThrow());
        }
    }
}
