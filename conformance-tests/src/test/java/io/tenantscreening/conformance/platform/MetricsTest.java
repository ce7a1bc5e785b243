package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.conformance.support.WebhookReceiver;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#metrics: with metrics on (the test server turns them on; they are off by
 * default), GET /metrics answers Prometheus text without a key: request counts and latency
 * histograms by route and status, the connection pool, JVM memory and GC, and the service's
 * own counters and gauges; no label carries an id, a key or personal data.
 */
class MetricsTest {

    private static final Pattern ID_OR_SECRET = Pattern.compile(
            "(ord|ap|pr|req|rpt|evt|we|whd|org|key|sk)_[A-Za-z0-9]|@|\\+1[0-9]{10}|[0-9]{3}-[0-9]{2}-[0-9]{4}");

    @Test
    void prometheusTextCarriesTheServicesCountersWithoutIdsOrPersonalData() throws Exception {
        String test = TestTenant.create().testKey();
        placed(test, body());
        String live = TestTenant.create().billing(PaymentMethod.OK, false).liveKey();
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode order = body();
        OrderRequests.post(live, order, idempotencyKey).send();
        OrderRequests.post(live, order, idempotencyKey).send();
        String unpaid = TestTenant.create().billing(PaymentMethod.NONE, false).liveKey();
        OrderRequests.post(unpaid, body(), UUID.randomUUID().toString()).send();

        HttpResponse<String> scraped = scrape();

        assertThat(scraped.statusCode()).isEqualTo(200);
        assertThat(scraped.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
        String text = scraped.body();
        assertThat(text).contains(
                "screening_orders_placements_total{mode=\"test\",outcome=\"created\"}",
                "screening_orders_placements_total{mode=\"live\",outcome=\"created\"}",
                "screening_orders_placements_total{mode=\"live\",outcome=\"replayed\"}",
                "screening_orders_placements_total{mode=\"live\",outcome=\"payment_required\"}",
                "screening_orders_payment_required_total{code=\"no_payment_method\"}",
                "screening_work_queued{kind=\"screen-order\"}",
                "screening_work_queued{kind=\"send-adverse-action-notice\"}",
                "screening_work_retrying{kind=\"reinvestigate-dispute\"}",
                "screening_work_running{kind=\"send-payment-receipt\"}",
                "http_server_requests_seconds_bucket{exception=\"none\",method=\"POST\",status=\"201\",uri=\"/orders\"",
                "hikaricp_connections_active", "jvm_memory_used_bytes", "jvm_gc_");
        List<String> labelled = Arrays.stream(text.split("\n")).filter(line -> !line.startsWith("#") && line.contains("{"))
                .map(line -> line.substring(line.indexOf('{'), line.lastIndexOf('}') + 1)).toList();
        assertThat(labelled).isNotEmpty().noneMatch(labels -> ID_OR_SECRET.matcher(labels).find());
    }

    /**
     * docs/operators.md#what-to-page-on: the metrics an operator pages on, each moved by what
     * it counts: refusals of the rate limit and of the HTTP framing, the open connections,
     * provider calls by outcome, webhook requests under Micrometer's HTTP client name, the age
     * of the oldest due work and failing webhook endpoints.
     */
    @Test
    void whatAnOperatorPagesOnIsCounted() throws Exception {
        String limited = TestTenant.create().rateLimits(null, 1).testKey();
        int refusals = 0;
        for (int i = 0; i < 20 && refusals == 0; i++) {
            refusals += Api.get("/properties").key(limited).send().status() == 429 ? 1 : 0;
        }
        assertThat(refusals).as("a refusal of the rate limit").isEqualTo(1);
        RawHttp.Response malformed = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", "/health",
                Map.of("Transfer-Encoding", "chunked, identity"), null), Duration.ofSeconds(10));
        assertThat(malformed.status()).isEqualTo(400);
        String key = TestTenant.create().testKey();
        String text;
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            assertThat(Api.post("/webhook_endpoints").key(key)
                    .json("{\"webhook_endpoint\":{\"url\":\"" + receiver.url() + "\",\"enabled_events\":[]}}").send().status()).isEqualTo(201);
            String orderId = placed(key, body());
            Screenings.complete(key, orderId);
            receiver.await(1, any -> true, Waits.PATIENCE);
            text = await("the webhook request counted").until(MetricsTest::scrapedText,
                    scraped -> scraped.contains("http_client_requests_seconds_count{client_name=\"webhooks\",method=\"POST\","
                            + "outcome=\"SUCCESS\",status=\"200\",uri=\"/webhook\"}"));
        }

        assertThat(value(text, "screening_rate_limit_refusals_total{mode=\"test\"}")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "screening_http_refusals_total{code=\"malformed_request\"}")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "screening_http_connections")).as("the scrape's own connection at least").isGreaterThanOrEqualTo(1);
        assertThat(value(text, "screening_http_connections_max")).isGreaterThan(1);
        assertThat(value(text, "screening_providers_calls_seconds_count{check=\"credit\",outcome=\"answered\",provider=\"test\"}"))
                .isGreaterThanOrEqualTo(1);
        assertThat(text).contains("screening_work_oldest_due_seconds{kind=\"screen-order\"}",
                "screening_webhooks_endpoints_failing{mode=\"live\"}", "hikaricp_connections_pending");
    }

    /** The value of a sample (a metric with its labels, as written), which must be present. */
    private static double value(String text, String sample) {
        return Arrays.stream(text.split("\n")).filter(line -> line.startsWith(sample + " ")).findFirst()
                .map(line -> Double.parseDouble(line.substring(sample.length() + 1).trim()))
                .orElseThrow(() -> new AssertionError("no sample " + sample + " in the scrape"));
    }

    private static String scrapedText() throws IOException, InterruptedException {
        return scrape().body();
    }

    private static HttpResponse<String> scrape() throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(TestServer.baseUrl() + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
