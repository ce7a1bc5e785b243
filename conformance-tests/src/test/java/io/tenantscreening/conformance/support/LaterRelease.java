package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A stand-in for a later release of the same API version (docs/integrators.md#versions), for
 * clients generated from the contract: an HTTP proxy on 127.0.0.1 in front of a service that
 * passes every request on unchanged and, in every JSON answer, adds what a later release may
 * add without a new version:
 * <ul>
 * <li>a member no client knows, {@value #UNKNOWN_MEMBER}: {@value #UNKNOWN_MEMBER_VALUE}, in every JSON object;</li>
 * <li>an unknown value of an {@code x-extensible-enum} member: {@value #UNKNOWN_VALUE} at the end of every
 * {@code add_on_products} array, and a check of type {@value #UNKNOWN_VALUE} with the result
 * {@value #UNKNOWN_RESULT} at the end of every report's {@code checks} (with every member a
 * {@code ReportCheck} requires, so that a typed client can read it).</li>
 * </ul>
 * Answers in other media types (PDF, HTML) pass unchanged. The proxy asks the service for
 * uncompressed answers, so that it can read them.
 */
public final class LaterRelease implements AutoCloseable {

    public static final String UNKNOWN_MEMBER = "risk_score";
    public static final int UNKNOWN_MEMBER_VALUE = 7;
    public static final String UNKNOWN_VALUE = "rental_history";
    public static final String UNKNOWN_RESULT = "needs_review";

    /** Headers the JDK's HTTP client sets itself, or that describe one hop or an encoding the proxy undoes. */
    private static final Set<String> NOT_PASSED = Set.of("connection", "content-length", "expect", "host", "upgrade",
            "keep-alive", "transfer-encoding", "te", "trailer", "proxy-connection", "accept-encoding", "http2-settings");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI target;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private LaterRelease(URI target) throws IOException {
        this.target = target;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::pass);
        server.setExecutor(threads);
        server.start();
    }

    /** A later release of the service at {@code baseUrl}, started; close it to stop it. */
    public static LaterRelease inFrontOf(String baseUrl) {
        try {
            return new LaterRelease(URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where clients reach the later release: {@code http://127.0.0.1:<port>}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private void pass(HttpExchange exchange) throws IOException {
        try (exchange) {
            HttpResponse<byte[]> answer;
            try {
                answer = client.send(forwarded(exchange), HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
                return;
            }
            byte[] body = answer.body();
            String contentType = answer.headers().firstValue("Content-Type").orElse("");
            if (contentType.toLowerCase(Locale.ROOT).contains("json") && body.length > 0) {
                body = JSON.writeValueAsBytes(later(JSON.readTree(body)));
            }
            answer.headers().map().forEach((name, values) -> {
                if (!NOT_PASSED.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, values);
                }
            });
            boolean empty = body.length == 0 || exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(answer.statusCode(), empty ? -1 : body.length);
            if (!empty) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    private HttpRequest forwarded(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().toString().substring(1)))
                .method(exchange.getRequestMethod(), body.length == 0
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
            if (!NOT_PASSED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                header.getValue().forEach(value -> request.header(header.getKey(), value));
            }
        }
        return request.build();
    }

    /** The JSON document as the later release answers it, changed in place. */
    private static JsonNode later(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.path("object").asText().equals("report") && object.get("checks") instanceof ArrayNode checks) {
                checks.addObject()
                        .put("type", UNKNOWN_VALUE)
                        .put("provider", "test")
                        .put("status", "complete")
                        .put("result", UNKNOWN_RESULT)
                        .put("findings_deleted", false)
                        .putObject("details");
            }
            if (object.get("add_on_products") instanceof ArrayNode addOns) {
                addOns.add(UNKNOWN_VALUE);
            }
            object.forEach(LaterRelease::later);
            object.put(UNKNOWN_MEMBER, UNKNOWN_MEMBER_VALUE);
        } else if (node instanceof ArrayNode array) {
            array.forEach(LaterRelease::later);
        }
        return node;
    }
}
