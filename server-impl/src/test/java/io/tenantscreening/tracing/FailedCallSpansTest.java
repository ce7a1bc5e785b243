package io.tenantscreening.tracing;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.tenantscreening.apply.TwilioSmsSender;
import io.tenantscreening.billing.PaymentSettings;
import io.tenantscreening.billing.StripeCheckout;
import io.tenantscreening.metrics.ServiceMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * docs/operators.md#traces: the span of an outbound call that fails (no answer, or a refusal)
 * is marked failed, with the error recorded, so that a trace shows where an order's work went
 * wrong. Only loopback addresses are used.
 */
class FailedCallSpansTest {

    private final List<SpanData> ended = new CopyOnWriteArrayList<>();
    private final SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(new SpanExporter() {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            ended.addAll(spans);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    })).build();
    private final Traces traces = Traces.through(OpenTelemetrySdk.builder().setTracerProvider(provider).build());
    private HttpServer gateway;

    @AfterEach
    void stop() {
        provider.close();
        if (gateway != null) {
            gateway.stop(0);
        }
    }

    @Test
    void aStripeCallThatGetsNoAnswerIsAFailedSpan() throws IOException {
        PaymentSettings settings = new PaymentSettings();
        settings.setStripeSecretKey("sk_test_unit");
        settings.setStripeApiBase("http://127.0.0.1:" + closedPort());
        StripeCheckout stripe = new StripeCheckout(settings, Clock.systemUTC(), traces, ServiceMetrics.off());

        assertThatThrownBy(() -> stripe.expire("cs_test_1")).isNotNull();

        assertFailed("stripe expire checkout session");
    }

    @Test
    void aTextMessageTheGatewayRefusesIsAFailedSpan() throws IOException {
        gateway = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        gateway.createContext("/", exchange -> {
            byte[] body = "{\"code\":21211,\"message\":\"Invalid 'To' Phone Number\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(400, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        TwilioSmsSender sms = new TwilioSmsSender("http://127.0.0.1:" + gateway.getAddress().getPort(), "AC_unit", "token", "+15005550006",
                traces, ServiceMetrics.off());

        assertThatThrownBy(() -> sms.send("+15005550001", "Your screening invitation")).hasMessageContaining("21211");

        assertFailed("sms send");
    }

    @Test
    void aTextMessageThatReachesNoGatewayIsAFailedSpan() throws IOException {
        TwilioSmsSender sms = new TwilioSmsSender("http://127.0.0.1:" + closedPort(), "AC_unit", "token", "+15005550006", traces,
                ServiceMetrics.off());

        assertThatThrownBy(() -> sms.send("+15005550001", "Your screening invitation")).hasMessageContaining("could not be reached");

        assertFailed("sms send");
    }

    private void assertFailed(String name) {
        assertThat(ended).filteredOn(span -> span.getName().equals(name)).singleElement().satisfies(span -> {
            assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
            assertThat(span.getEvents()).anySatisfy(event -> assertThat(event.getName()).isEqualTo("exception"));
        });
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
