package io.tenantscreening.conformance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service as a separate process on a port of its own, started as an operator starts it,
 * so that it can be stopped or killed (kill -9) without taking the test with it. Closing it
 * stops it.
 */
public record ServiceProcess(JarProcess.Started process, int port) implements AutoCloseable {

    /**
     * What the service logs once it has finished starting: the migrations done and the
     * background workers running (BackgroundStart); its readiness answers 200 from then on.
     */
    public static final String READY = "Ready: the database has every migration";

    /**
     * What Micronaut logs once its HTTP server listens. The start's two parts run side by
     * side, so either line can come first: a process has started when it has logged both.
     */
    static final String LISTENING = "Server Running: ";

    /**
     * Starts the service with this environment (PORT is chosen here) and waits until it has
     * finished starting ({@link #READY}) and listens ({@link #LISTENING}).
     * When another process takes the chosen port before the service binds it, it starts again
     * on another.
     */
    public static ServiceProcess start(Map<String, String> environment) {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            Map<String, String> withPort = new HashMap<>(environment);
            withPort.put("PORT", String.valueOf(port));
            JarProcess.Started started = JarProcess.start(withPort);
            await("the service on port " + port + " started").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> started(started) || !started.process().isAlive());
            if (started(started)) {
                return new ServiceProcess(started, port);
            }
            boolean portTaken = started.stderr().contains("BindException");
            assertThat(portTaken && attempt < 3).as("service exited: %s", started.stderr()).isTrue();
        }
    }

    private static boolean started(JarProcess.Started process) {
        String stdout = process.stdout();
        return stdout.contains(READY) && stdout.contains(LISTENING) && process.process().isAlive();
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }

    /** Waits for the process to end by itself; its exit code. */
    public int exitCode() {
        try {
            assertThat(process.process().waitFor(30, TimeUnit.SECONDS)).as("the service ended").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.process().exitValue();
    }

    /** Kills the process at once, as kill -9 does: no shutdown hooks, nothing finishes. */
    public void kill() {
        process.process().destroyForcibly();
        assertThat(exitCode()).isEqualTo(137);
    }

    /** Stops the process the way an operator does (SIGTERM), waiting for it to end. */
    public void stop() {
        process.process().destroy();
        try {
            process.process().waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** A port no process listens on now. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
