package io.tenantscreening.conformance.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * A webhook receiver started by a test on a free loopback port: it records every request
 * (headers and raw body) and answers as scripted, 200 unless told otherwise: a status, or
 * hanging for a while before answering.
 */
public final class WebhookReceiver implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();

    /** One request as it arrived. */
    public record Received(Map<String, String> headers, byte[] body) {

        public String header(String name) {
            return headers.get(name.toLowerCase());
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private record Answer(int status, Duration hang) {
    }

    private WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), values.get(0)));
            received.add(new Received(headers, body));
            Answer answer = script.poll();
            if (answer != null && answer.hang() != null) {
                Pause.of(answer.hang());
            }
            byte[] reply = "received".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer == null ? 200 : answer.status(), reply.length);
            exchange.getResponseBody().write(reply);
            exchange.close();
        });
        server.start();
    }

    public static WebhookReceiver start() {
        return new WebhookReceiver();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** The next request is answered with this status. */
    public WebhookReceiver thenAnswer(int status) {
        script.add(new Answer(status, null));
        return this;
    }

    /** The next request gets no answer for this long (then 200). */
    public WebhookReceiver thenHang(Duration hang) {
        script.add(new Answer(200, hang));
        return this;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    /** Waits until {@code count} requests match (or fails), then returns the matching ones. */
    public List<Received> await(int count, Predicate<Received> which, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < deadline) {
            List<Received> matching = received.stream().filter(which).toList();
            if (matching.size() >= count) {
                return matching;
            }
            Pause.millis(50);
        }
        throw new AssertionError("the receiver did not get " + count + " matching request(s) in " + patience + "; it got "
                + received.size() + " in all");
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
