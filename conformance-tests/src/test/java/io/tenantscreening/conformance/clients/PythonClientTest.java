package io.tenantscreening.conformance.clients;

import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.LaterRelease;
import io.tenantscreening.conformance.support.RunsGeneratedClients;
import io.tenantscreening.conformance.support.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * docs/integrators.md#generated-clients (and README.md#generating-a-client): the build
 * generates the python client (pydantic 2, urllib3 2) from the contract with the generator's
 * default options and installs its requirements into a virtual environment
 * (conformance-tests/pom.xml, src/test/python/prepare-venv.sh); here it runs an integrator's
 * scenario (src/test/python/scenario.py) against the service, and the same scenario against a
 * later release of the same API version (docs/integrators.md#versions): unknown members in
 * every object and unknown values of {@code x-extensible-enum} members. A machine without
 * Python, its venv module or the packages skips these tests, with the reason the build found.
 */
@ExtendWith(FreshTenants.class)
@RunsGeneratedClients
class PythonClientTest {

    /** Only guards against a scenario that hangs; each of its waits is bounded far below this. */
    private static final long HANG_GUARD_MINUTES = 5;

    @Fresh
    private String key;

    /** Each test, not the class, is skipped, so that the report lists both with the reason. */
    @BeforeEach
    void theBuildMadeTheVirtualEnvironment() throws Exception {
        Path status = Path.of(System.getProperty("python.venv.status"));
        assertThat(status).as("the build's record of the Python client's virtual environment").exists();
        String found = Files.readString(status).strip();
        assumeTrue(found.equals("ready"), "The Python client scenario did not run: " + found);
    }

    @Test
    void thePythonClientRunsTheIntegratorsScenario() throws Exception {
        python(TestServer.baseUrl());
    }

    @Test
    void thePythonClientRunsTheSameScenarioAgainstALaterReleaseOfTheVersion() throws Exception {
        try (LaterRelease later = LaterRelease.inFrontOf(TestServer.baseUrl())) {
            python(later.baseUrl());
        }
    }

    /** Runs scenario.py with the venv's Python against {@code baseUrl}; it must exit with 0. Its output goes to the test's output. */
    private void python(String baseUrl) throws Exception {
        Path venvPython = Path.of(System.getProperty("python.venv"), "bin", "python");
        Path scenario = Path.of(System.getProperty("python.scenarios"), "scenario.py");
        Path output = Files.createTempFile("python-scenario", ".log");
        ProcessBuilder builder = new ProcessBuilder(venvPython.toString(), scenario.toString())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().put("PYTHONPATH", System.getProperty("python.client"));
        builder.environment().put("SCREENING_BASE_URL", baseUrl);
        builder.environment().put("SCREENING_KEY", key);
        Process process = builder.start();
        boolean ended = process.waitFor(HANG_GUARD_MINUTES, TimeUnit.MINUTES);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String printed = Files.readString(output);
        Files.delete(output);
        System.out.print(printed);
        assertThat(ended).as("python scenario.py ended; it printed:%n%s", printed).isTrue();
        assertThat(process.exitValue()).as("exit code of python scenario.py; it printed:%n%s", printed).isZero();
    }
}
