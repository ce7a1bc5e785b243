package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.apply.SmsSender;
import io.tenantscreening.billing.GatewayRefused;
import io.tenantscreening.billing.GatewayUnavailable;
import io.tenantscreening.billing.HostedCheckout;
import io.tenantscreening.billing.StripeCheckout;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.SmsGateway;
import io.tenantscreening.conformance.support.StripeApi;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.conformance.support.WebhookReceiver;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.email.EmailRejected;
import io.tenantscreening.email.EmailSender;
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
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

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

    /**
     * docs/operators.md#what-to-page-on: the service's other outbound calls, each counted
     * once with its outcome: Stripe's and Twilio's requests under Micrometer's name for HTTP
     * client requests (by client, method, status, outcome and the fixed template of the uri,
     * never an id; a call that got no answer before its timeout too), and the emails handed
     * to the SMTP server, by outcome.
     */
    @Test
    void stripeTwilioAndSmtpCallsAreCountedByOutcome() throws Exception {
        String client = "http_client_requests_seconds_count{client_name=";
        String refund = client + "\"stripe\",method=\"POST\",outcome=\"SUCCESS\",status=\"200\",uri=\"/v1/refunds\"}";
        String expire = client + "\"stripe\",method=\"POST\",outcome=\"CLIENT_ERROR\",status=\"404\","
                + "uri=\"/v1/checkout/sessions/{session}/expire\"}";
        String unanswered = client + "\"stripe\",method=\"POST\",outcome=\"UNKNOWN\",status=\"CLIENT_ERROR\","
                + "uri=\"/v1/checkout/sessions\"}";
        String messages = "uri=\"/2010-04-01/Accounts/{AccountSid}/Messages.json\"}";
        String text = client + "\"twilio\",method=\"POST\",outcome=\"SUCCESS\",status=\"201\"," + messages;
        String failedText = client + "\"twilio\",method=\"POST\",outcome=\"SERVER_ERROR\",status=\"500\"," + messages;
        String sent = "screening_email_sends_seconds_count{outcome=\"sent\"}";
        String rejected = "screening_email_sends_seconds_count{outcome=\"rejected\"}";
        String before = scrapedText();
        String unique = UUID.randomUUID().toString().replace("-", "");

        StripeCheckout stripe = TestServer.bean(StripeCheckout.class);
        assertThat(stripe.refund("pi_metrics_" + unique, "refund-metrics-" + unique)).isInstanceOf(HostedCheckout.Refunded.class);
        assertThatThrownBy(() -> stripe.expire("cs_metrics_" + unique)).isInstanceOf(GatewayRefused.class);
        String payer = "slow-" + unique + "@example.com";
        StripeApi.Answer held = StripeApi.Answer.held();
        StripeApi.script(StripeApi.sessionFor(payer), held);
        try {
            assertThatThrownBy(() -> stripe.open(new HostedCheckout.CheckoutRequest("chk_metrics_" + unique, 2500, "usd",
                    "A screening", payer, "https://screening.example/return", "https://screening.example/cancel")))
                    .as("no answer within STRIPE_CHECKOUT_TIMEOUT, twice").isInstanceOf(GatewayUnavailable.class);
        } finally {
            held.release();
        }
        SmsSender sms = TestServer.bean(SmsSender.class);
        String phone = "+1737555" + String.format("%04d", ThreadLocalRandom.current().nextInt(10_000));
        sms.send(phone, "A text message");
        SmsGateway.failNext(phone, 1);
        assertThatThrownBy(() -> sms.send(phone, "A text message")).hasMessageContaining("answered 500");
        EmailSender email = TestServer.bean(EmailSender.class);
        email.send(new EmailMessage("metrics-" + unique + "@apply.test", "A subject", "Text", "<p>HTML</p>"));
        String refused = "refused-" + unique + "@apply.test";
        Mailbox.answerRecipient(refused, "550 5.1.1 No such mailbox here");
        assertThatThrownBy(() -> email.send(new EmailMessage(refused, "A subject", "Text", "<p>HTML</p>")))
                .isInstanceOf(EmailRejected.class);
        String after = scrapedText();

        assertSoftly(softly -> {
            for (String once : List.of(refund, expire, unanswered, failedText, rejected)) {
                softly.assertThat(count(after, once) - count(before, once)).as(once).isEqualTo(1);
            }
            // Other classes' invitations may go out meanwhile: at least this test's own.
            for (String atLeastOnce : List.of(text, sent)) {
                softly.assertThat(count(after, atLeastOnce) - count(before, atLeastOnce)).as(atLeastOnce).isGreaterThanOrEqualTo(1);
            }
        });
    }

    /** The value of a sample (a metric with its labels, as written), which must be present. */
    private static double value(String text, String sample) {
        return sample(text, sample).orElseThrow(() -> new AssertionError("no sample " + sample + " in the scrape"));
    }

    /** The count of a sample, 0 while it is absent (nothing counted yet). */
    private static double count(String text, String sample) {
        return sample(text, sample).orElse(0.0);
    }

    private static Optional<Double> sample(String text, String sample) {
        return Arrays.stream(text.split("\n")).filter(line -> line.startsWith(sample + " ")).findFirst()
                .map(line -> Double.parseDouble(line.substring(sample.length() + 1).trim()));
    }

    private static String scrapedText() throws IOException, InterruptedException {
        return scrape().body();
    }

    private static HttpResponse<String> scrape() throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(TestServer.baseUrl() + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
