package io.tenantscreening.conformance.support;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tracing backend started by a test on a loopback port: it answers OTLP over HTTP
 * ({@code POST /v1/traces}, protobuf), decodes every export with the OpenTelemetry proto
 * classes and keeps each span, with its service name.
 */
public final class OtlpReceiver implements AutoCloseable {

    private static final HexFormat HEX = HexFormat.of();

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();

    /** One span as exported: ids in lower-case hex (the parent empty for a root), name, kind, attributes as text. */
    public record ReceivedSpan(String service, String traceId, String spanId, String parentSpanId, String name, String kind,
                               Map<String, String> attributes) {

        public String attribute(String key) {
            return attributes.get(key);
        }
    }

    private OtlpReceiver(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/v1/traces", exchange -> {
            requests.incrementAndGet();
            ExportTraceServiceRequest export = ExportTraceServiceRequest.parseFrom(exchange.getRequestBody().readAllBytes());
            export.getResourceSpansList().forEach(resource -> {
                String service = text(resource.getResource().getAttributesList()).getOrDefault("service.name", "");
                resource.getScopeSpansList().forEach(scope -> scope.getSpansList().forEach(span -> spans.add(new ReceivedSpan(
                        service, HEX.formatHex(span.getTraceId().toByteArray()), HEX.formatHex(span.getSpanId().toByteArray()),
                        HEX.formatHex(span.getParentSpanId().toByteArray()), span.getName(), span.getKind().name(),
                        text(span.getAttributesList())))));
            });
            byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    /** On a free loopback port. */
    public static OtlpReceiver start() {
        return new OtlpReceiver(0);
    }

    /** On this loopback port (the exporter's default, 4318, to see whether anything is sent without a setting). */
    public static OtlpReceiver startOn(int port) {
        return new OtlpReceiver(port);
    }

    /** The value of OTEL_EXPORTER_OTLP_ENDPOINT that points a service here. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<ReceivedSpan> spans() {
        return new ArrayList<>(spans);
    }

    /** Export requests received so far. */
    public int requests() {
        return requests.get();
    }

    private static Map<String, String> text(List<KeyValue> attributes) {
        Map<String, String> values = new LinkedHashMap<>();
        attributes.forEach(attribute -> values.put(attribute.getKey(), text(attribute.getValue())));
        return values;
    }

    private static String text(AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> value.getStringValue();
            case INT_VALUE -> Long.toString(value.getIntValue());
            case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
            case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
            default -> value.toString();
        };
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
