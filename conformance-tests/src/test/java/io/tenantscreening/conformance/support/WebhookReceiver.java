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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A webhook receiver started by a test on a free loopback port: it records every request
 * (headers and raw body, and when it arrived and was answered) and answers as scripted,
 * 200 at once unless told otherwise: a status, or hanging for a while before answering.
 */
public final class WebhookReceiver implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
    private final List<Visit> visits = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile Answer usually = new Answer(200, null);

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

    /** One request's time in the receiver (System.nanoTime), from arrival to the answer sent, and that answer. */
    public record Visit(String deliveryId, int status, long arrived, long answered) {

        boolean overlaps(Visit other) {
            return arrived < other.answered && other.arrived < answered;
        }
    }

    private WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            long arrived = System.nanoTime();
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), values.get(0)));
            received.add(new Received(headers, body));
            Answer answer = script.poll();
            if (answer == null) {
                answer = usually;
            }
            if (answer.hang() != null) {
                holdUntilClosed(answer.hang());
            }
            byte[] reply = "received".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), reply.length);
            exchange.getResponseBody().write(reply);
            exchange.close();
            visits.add(new Visit(headers.get("service-delivery-id"), answer.status(), arrived, System.nanoTime()));
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

    /** Every request not scripted otherwise waits this long and gets this status (200 at once unless told). */
    public WebhookReceiver usuallyAnswer(int status, Duration after) {
        usually = new Answer(status, after);
        return this;
    }

    /** Every request answered so far, in the order their answers were sent. */
    public List<Visit> visits() {
        return new ArrayList<>(visits);
    }

    /** The most requests this receiver held at one moment, among those that arrived at or after {@code since} (nanoTime). */
    public static int mostAtOnce(List<Visit> visits, long since) {
        List<Visit> counted = visits.stream().filter(visit -> visit.arrived() >= since).toList();
        int most = 0;
        for (Visit visit : counted) {
            int atOnce = (int) counted.stream().filter(other -> other.arrived() <= visit.arrived() && other.answered() > visit.arrived())
                    .count();
            most = Math.max(most, atOnce);
        }
        return most;
    }

    /** Pairs of requests for the same delivery that were in the receiver at the same time. */
    public static long concurrentDoubles(List<Visit> visits) {
        long doubles = 0;
        for (int i = 0; i < visits.size(); i++) {
            for (int j = i + 1; j < visits.size(); j++) {
                Visit a = visits.get(i);
                Visit b = visits.get(j);
                if (a.deliveryId() != null && a.deliveryId().equals(b.deliveryId()) && a.overlaps(b)) {
                    doubles++;
                }
            }
        }
        return doubles;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    /** Waits until {@code count} requests match (or fails), then returns the matching ones. */
    public List<Received> await(int count, Predicate<Received> which, Duration patience) {
        return Waits.await("the receiver got " + count + " matching request(s)", patience)
                .until(() -> received.stream().filter(which).toList(), matching -> matching.size() >= count);
    }

    /** Holds a request as a slow receiver does, for this long or until the receiver closes. */
    private void holdUntilClosed(Duration hang) {
        try {
            closed.await(hang.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
