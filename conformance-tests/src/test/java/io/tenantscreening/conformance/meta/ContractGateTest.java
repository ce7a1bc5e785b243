package io.tenantscreening.conformance.meta;

import io.tenantscreening.conformance.support.Documents;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md#changing-the-contract: the contract gate (api-spec/gate/BreakingChangeGate.java),
 * run as the build runs it, in a JVM of its own with openapi-diff on its class path, on copies of
 * the repository's contract, released contracts and changelog, each test with one deliberate
 * change. Tagged process, like the gate, which the fast loop leaves out too.
 */
@Tag("process")
class ContractGateTest {

    private static final Path API_SPEC = Documents.repositoryRoot().resolve("api-spec");
    private static final Pattern VERSION = Pattern.compile("(?m)^  x-api-version: \"(\\d{4}-\\d{2}-\\d{2})\"$");
    private static final Pattern CONTRACT_DIGEST = Pattern.compile("<!-- contract: sha256 [0-9a-f]{64} -->");
    private static final int REFUSED = 3;

    /** The schema the tests change, and the texts of it they change. */
    private static final String PROPERTY = "    RentalProperty:\n";
    private static final String PROPERTY_ID = "          example: pr_7Hq2LmN9pRs4TuV6wXy8Za1B\n";
    private static final String COUNTY = """
                    county:
                      type: string
                      maxLength: 100
                      nullable: true
                      description: County of the address; null when not known.
            """;
    private static final String PROPERTY_UNIT = """
                    unit:
                      type: string
                      maxLength: 50
                      nullable: true
                      description: Unit, suite or apartment designator; null when none.
                      example: "#4B"
            """;
    private static final String PROPERTY_REQUIRED = "      required: [id, object, name, street, unit, city, state, zipcode, created_at]\n";

    @TempDir
    Path fixture;

    private String version;

    @BeforeEach
    void copyTheRepositorysFiles() throws IOException {
        Files.copy(API_SPEC.resolve("openapi.yaml"), fixture.resolve("openapi.yaml"));
        Files.copy(API_SPEC.resolve("CHANGELOG.md"), fixture.resolve("CHANGELOG.md"));
        Files.copy(API_SPEC.resolve("gate/openapi-diff.yaml"), fixture.resolve("openapi-diff.yaml"));
        Files.createDirectories(fixture.resolve("released"));
        try (Stream<Path> released = Files.list(API_SPEC.resolve("released"))) {
            for (Path file : released.toList()) {
                Files.copy(file, fixture.resolve("released").resolve(file.getFileName()));
            }
        }
        Matcher version = VERSION.matcher(read("openapi.yaml"));
        assertThat(version.find()).as("info.x-api-version of openapi.yaml").isTrue();
        this.version = version.group(1);
        Path baseline = fixture.resolve("released/" + this.version + ".yaml");
        if (Files.notExists(baseline)) {
            // A contract of a version not yet released: the fixture releases it, as its release will.
            Files.copy(fixture.resolve("openapi.yaml"), baseline);
            Files.writeString(fixture.resolve("released/SHA256SUMS"), sha256("released/" + this.version + ".yaml") + "  "
                    + this.version + ".yaml\n", StandardOpenOption.APPEND);
        }
        // The repository's changelog may not yet record the contract while branches are merged: the fixture's does.
        describeTheContract();
    }

    /** docs/design.md#reading-the-findings, docs/design.md#breaking-changes-start-a-new-version */
    @Test
    void aCompatibleChangePassesAndIsListedWithEachOperationAndSchemaItChanges() throws Exception {
        edit("openapi.yaml", PROPERTY, PROPERTY_ID, PROPERTY_ID + COUNTY);
        describeTheContract();

        Result gate = gate();

        assertThat(gate.exit()).as(gate.output()).isZero();
        assertThat(gate.output())
                .contains("compatible  RentalProperty\n", "compatible  GET /properties/{id}\n", "compatible  POST /properties\n",
                        "keeps every promise of released/" + version + ".yaml")
                .doesNotContain("breaking    ", "refuses");
        assertThat(read("target/contract-changes.md"))
                .startsWith("### Contract changes\n")
                .contains(" 0 breaking, ", "- compatible: `RentalProperty`\n", "- compatible: `GET /properties/{id}`\n");
    }

    /** docs/design.md#breaking-changes-start-a-new-version, docs/design.md#reading-the-findings */
    @Test
    void aBreakingChangeIsRefusedWithWhatBreaksInEachOperationAndSchema() throws Exception {
        edit("openapi.yaml", PROPERTY, PROPERTY_UNIT, "");
        edit("openapi.yaml", PROPERTY, PROPERTY_REQUIRED, PROPERTY_REQUIRED.replace(" unit,", ""));
        describeTheContract();

        Result gate = gate();

        assertThat(gate.exit()).as(gate.output()).isEqualTo(REFUSED);
        assertThat(gate.output())
                .contains("breaking    RentalProperty\n                  in responses: members removed: unit\n",
                        "breaking    GET /properties/{id}\n                  response 200 (application/json): members removed: unit\n",
                        "Contract gate refuses: openapi.yaml breaks clients of API version " + version + ", released as released/"
                                + version + ".yaml")
                .doesNotContain("Exception");
        assertThat(read("target/contract-changes.md")).contains("- **breaking**: `RentalProperty`\n  - in responses: members removed: unit\n");
        assertThat(read("target/contract-gate-refusal.txt")).contains("breaks clients of API version " + version);
    }

    /** docs/design.md#every-change-of-the-contract-is-in-the-changelog */
    @Test
    void aChangeOfTheContractWithoutAnEntryInTheChangelogIsRefusedWithTheLineToWrite() throws Exception {
        edit("openapi.yaml", PROPERTY, "          description: Number and street name.\n", "          description: Number and name of the street.\n");

        Result gate = gate();

        assertThat(gate.exit()).as(gate.output()).isEqualTo(REFUSED);
        assertThat(gate.output()).contains(
                "Contract gate refuses: openapi.yaml changed since CHANGELOG.md last described it",
                "Describe the change for integrators under \"## " + version + "\" in CHANGELOG.md, and write this line right"
                        + " under that heading:\n    <!-- contract: sha256 " + sha256("openapi.yaml") + " -->\n");
    }

    /** docs/design.md#released-contracts-never-change */
    @Test
    void anEditedReleasedContractIsRefused() throws Exception {
        String released = "released/" + version + ".yaml";
        String recorded = sha256(released);
        Files.writeString(fixture.resolve(released), "# An edit after the release.\n", StandardOpenOption.APPEND);

        Result gate = gate();

        assertThat(gate.exit()).as(gate.output()).isEqualTo(REFUSED);
        assertThat(gate.output()).contains("Contract gate refuses: " + released + " changed after its release: its SHA-256 is "
                + sha256(released) + ", released/SHA256SUMS records " + recorded + ". A released contract must never change");
    }

    /** docs/design.md#released-contracts-never-change */
    @Test
    void aReleasedContractWithoutARecordIsRefusedWithTheLineToAdd() throws Exception {
        String name = version + ".yaml";
        List<String> records = Files.readAllLines(fixture.resolve("released/SHA256SUMS"));
        Files.write(fixture.resolve("released/SHA256SUMS"), records.stream().filter(line -> !line.endsWith("  " + name)).toList());

        Result gate = gate();

        assertThat(gate.exit()).as(gate.output()).isEqualTo(REFUSED);
        assertThat(gate.output()).contains("Contract gate refuses: released/" + name + " has no record in released/SHA256SUMS.",
                "adding this line to released/SHA256SUMS:\n    " + sha256("released/" + name) + "  " + name + "\n",
                "A released contract never changes after that.");
    }

    private record Result(int exit, String output) {
    }

    /** The gate, with the arguments api-spec/pom.xml gives it, on the fixture. */
    private Result gate() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dslf4j.internal.verbosity=ERROR", "-cp", System.getProperty("java.class.path"),
                API_SPEC.resolve("gate/BreakingChangeGate.java").toString(),
                "openapi.yaml", "released", "openapi-diff.yaml", "CHANGELOG.md", "target")
                .directory(fixture.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).as("the gate ended").isTrue();
        return new Result(process.exitValue(), output);
    }

    /** Records the fixture's contract in the changelog's section of its version, as a described change does. */
    private void describeTheContract() throws IOException {
        String changelog = read("CHANGELOG.md");
        String heading = "## " + version + "\n";
        assertThat(changelog).as("the changelog's section of %s", version).contains(heading);
        String line = "<!-- contract: sha256 " + sha256("openapi.yaml") + " -->";
        String[] parts = changelog.split(Pattern.quote(heading), 2);
        String rest = parts[1];
        Matcher recorded = CONTRACT_DIGEST.matcher(rest);
        rest = recorded.lookingAt() ? recorded.replaceFirst(line) : line + "\n" + rest;
        Files.writeString(fixture.resolve("CHANGELOG.md"), parts[0] + heading + rest);
    }

    /** Replaces the first occurrence of a text after a place in a file of the fixture. */
    private void edit(String file, String after, String text, String replacement) throws IOException {
        String content = read(file);
        int place = content.indexOf(after);
        int at = place < 0 ? -1 : content.indexOf(text, place);
        assertThat(at).as("%s holds %s after %s", file, text, after).isNotNegative();
        Files.writeString(fixture.resolve(file), content.substring(0, at) + replacement + content.substring(at + text.length()));
    }

    private String read(String file) throws IOException {
        return Files.readString(fixture.resolve(file));
    }

    private String sha256(String file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(fixture.resolve(file))));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
