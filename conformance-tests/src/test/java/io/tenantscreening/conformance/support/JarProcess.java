package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the service's main class in a separate JVM, as an operator would run the jar:
 * for the operator command line and for start-up behaviour. The JVM compiles with its
 * quick compiler only, collects garbage on one thread and shares the service's classes from
 * an archive ({@link ProcessClasses}): a process of a test lives for seconds, and so starts
 * in a fraction of the CPU time, which the tests running beside it need.
 */
public final class JarProcess {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JarProcess() {
    }

    /** Starts {@code Application} with these arguments and environment; output goes to files. */
    public static Started start(Map<String, String> environment, String... args) {
        return startWith(ProcessClasses.jvmOptions(), environment, args);
    }

    /** Like {@link #start}, in a JVM with these options (the class path among them). */
    static Started startWith(List<String> jvmOptions, Map<String, String> environment, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("io.tenantscreening.Application");
        command.addAll(List.of(args));
        try {
            Path stdout = Files.createTempFile("screening-out", ".txt");
            Path stderr = Files.createTempFile("screening-err", ".txt");
            stdout.toFile().deleteOnExit();
            stderr.toFile().deleteOnExit();
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            builder.environment().putAll(environment);
            return new Started(builder.start(), stdout, stderr);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs to completion (at most 60 seconds) and returns exit code and output. */
    public static Result run(Map<String, String> environment, String... args) {
        Started started = start(environment, args);
        try {
            if (!started.process().waitFor(60, TimeUnit.SECONDS)) {
                started.process().destroyForcibly();
                throw new AssertionError("process did not finish within 60 s: " + String.join(" ", args));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new Result(started.process().exitValue(), started.stdout(), started.stderr());
    }

    /** The environment that points a process at the test class's database, with the test server's keys and agency. */
    public static Map<String, String> testDatabaseEnvironment() {
        return Map.ofEntries(Map.entry("DATABASE_URL", TestDatabase.url()), Map.entry("DATABASE_USER", TestDatabase.user()),
                Map.entry("DATABASE_PASSWORD", TestDatabase.password()), Map.entry("SCREENING_KEYS", TestServer.KEYS),
                Map.entry("AGENCY_NAME", TestServer.AGENCY_NAME), Map.entry("AGENCY_ADDRESS", TestServer.AGENCY_ADDRESS),
                Map.entry("AGENCY_PHONE", TestServer.AGENCY_PHONE),
                // As in the test server: limits far above what a test sends (RateLimitTest sets its own).
                Map.entry("RATE_LIMIT_LIVE", "1000000"), Map.entry("RATE_LIMIT_TEST", "1000000"),
                // As in the test server: two idle connections after ten seconds, not ten (Micronaut
                // reads these variables as datasources.default.minimum-idle and idle-timeout).
                Map.entry("DATASOURCES_DEFAULT_MINIMUM_IDLE", "2"), Map.entry("DATASOURCES_DEFAULT_IDLE_TIMEOUT", "10000"));
    }

    /**
     * Through the operator command line: a new organisation with this name and a full-scope
     * test key of it.
     */
    public static IssuedKey issueTestKey(Map<String, String> environment, String organizationName) {
        return issueKey(environment, organizationName, "test");
    }

    /**
     * Through the operator command line: a new organisation with this name (no payment
     * method) and a full-scope key of it in this mode ({@code test} or {@code live}).
     */
    public static IssuedKey issueKey(Map<String, String> environment, String organizationName, String mode) {
        Result organization = run(environment, "operator", "org", "create", "--name", organizationName);
        if (organization.exitCode() != 0) {
            throw new AssertionError("operator org create failed: " + organization.stderr());
        }
        String organizationId = field(organization.stdout(), "id");
        Result key = run(environment, "operator", "key", "issue", "--org", organizationId, "--mode", mode, "--scope", "full");
        if (key.exitCode() != 0) {
            throw new AssertionError("operator key issue failed: " + key.stderr());
        }
        return new IssuedKey(field(key.stdout(), "id"), field(key.stdout(), "key"));
    }

    /** A key as issued: its id and its secret. */
    public record IssuedKey(String id, String secret) {
    }

    private static String field(String json, String name) {
        try {
            return JSON.readTree(json).get(name).asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A running process and the files its output goes to. */
    public record Started(Process process, Path stdoutFile, Path stderrFile) {
        public String stdout() {
            return read(stdoutFile);
        }

        public String stderr() {
            return read(stderrFile);
        }
    }

    /** A finished process. */
    public record Result(int exitCode, String stdout, String stderr) {
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
