package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.OtlpReceiver;
import io.tenantscreening.conformance.support.OtlpReceiver.ReceivedSpan;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.SmsGateway;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.StripeApi;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.WebhookReceiver;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

import static io.tenantscreening.conformance.support.Pages.fields;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Traces (docs/operators.md#traces): with OTEL_EXPORTER_OTLP_ENDPOINT set, the service
 * exports its spans by OTLP/HTTP to a receiver on loopback, and one trace follows an order
 * from its POST /orders request through the screening work, the report, the events and the
 * webhook delivery, whose request carries that trace's traceparent to the receiver; the
 * database statements of the request and of the screening are spans of that trace, none
 * starts a trace of its own, and none carries what the order said of its applicant; a caller's
 * traceparent is honoured, and so are the sampler variables; the spans of the emails, text
 * messages and Stripe calls a request causes join its trace; without the setting nothing is
 * sent. The instances are separate
 * processes with their own environment, exporting every 100 ms.
 */
@StartsServiceProcesses
class TracesTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EMAIL = "jamie.rivera@example.com";
    /** Ends in 0000: every check of the test order is clear. */
    private static final String SSN = "987-65-0000";
    private static final String DOB = "1990-07-14";
    /** What the traced orders say of their applicant, none of which a span may hold. */
    private static final List<String> APPLICANT_DATA = List.of(EMAIL, SSN, SSN.replace("-", ""), DOB, "Jamie", "Rivera");

    private static Map<String, String> environment;

    @BeforeAll
    static void database() {
        environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("WEBHOOK_ALLOW_LOOPBACK", "true");
        environment.put("OTEL_BSP_SCHEDULE_DELAY", "100");
    }

    @Test
    void oneTraceJoinsTheOrdersRequestItsScreeningItsReportAndItsWebhookDelivery() throws Exception {
        String key = JarProcess.issueTestKey(environment, "Traced").secret();
        try (OtlpReceiver backend = OtlpReceiver.start(); WebhookReceiver webhooks = WebhookReceiver.start();
             ServiceProcess instance = ServiceProcess.start(exportingTo(backend))) {
            subscribe(instance, key, webhooks);

            String orderId = placeAndAwaitReport(instance, key, webhooks);

            assertOneTraceJoinsTheOrder(backend, webhooks, orderId);
            ReceivedSpan screening = find(backend, span -> span.name().equals("screen-order")).orElseThrow();
            assertThat(backend.spans()).as("the screening providers' calls, within the screening task")
                    .filteredOn(span -> span.kind().equals("SPAN_KIND_CLIENT") && span.name().startsWith("screening "))
                    .extracting(ReceivedSpan::name, ReceivedSpan::traceId, ReceivedSpan::parentSpanId)
                    .contains(tuple("screening credit", screening.traceId(), screening.spanId()),
                            tuple("screening eviction", screening.traceId(), screening.spanId()));
            assertTheDatabaseStatementsAreSpansOfTheirRequestOrWork(backend, screening);
        }
    }

    /**
     * The order is placed on one instance, which is killed (kill -9) while its screening is
     * under way; another instance, started afterwards, takes the screening up from its task
     * row and still joins the trace of the request.
     */
    @Test
    void theTraceSurvivesAKillOfTheInstanceThatPlacedTheOrder() throws Exception {
        Map<String, String> quickToNotice = new HashMap<>(environment);
        quickToNotice.put("WORK_HEARTBEAT_INTERVAL", "200ms");
        quickToNotice.put("WORK_MISSED_HEARTBEATS", "4");
        String key = JarProcess.issueTestKey(quickToNotice, "Traced across a kill").secret();
        try (OtlpReceiver backend = OtlpReceiver.start(); WebhookReceiver webhooks = WebhookReceiver.start()) {
            Map<String, String> slow = exportingTo(backend, quickToNotice);
            slow.put("TEST_SLOW_SCREENING", "3s");
            ServiceProcess doomed = ServiceProcess.start(slow);
            ReceivedSpan request;
            String orderId;
            try {
                subscribe(doomed, key, webhooks);
                ApiResponse placed = OrderRequests.post(key, OrderRequests.body(), UUID.randomUUID().toString())
                        .at(doomed.baseUrl()).send();
                assertThat(placed.status()).as(placed.body()).isEqualTo(201);
                orderId = placed.json().get("id").asText();
                await("the doomed instance screens the order", PATIENCE).until(() -> TestDatabase.number("SELECT count(*) "
                        + "FROM scheduled_tasks WHERE task_name = 'screen-order' AND task_instance = ? AND picked", orderId) == 1);
                request = await("the request's span was exported", PATIENCE).until(() -> find(backend,
                        span -> span.kind().equals("SPAN_KIND_SERVER") && span.name().equals("POST /orders")), Optional::isPresent)
                        .orElseThrow();
            } finally {
                doomed.kill();
            }

            try (ServiceProcess survivor = ServiceProcess.start(exportingTo(backend, quickToNotice))) {
                awaitReportDelivered(webhooks);
                ReceivedSpan screening = await("the survivor's screening span", PATIENCE).until(() -> find(backend,
                        span -> span.name().equals("screen-order") && orderId.equals(span.attribute("work.instance"))),
                        Optional::isPresent).orElseThrow();
                assertThat(screening.traceId()).as("the screening finished by the survivor").isEqualTo(request.traceId());
                assertOneTraceJoinsTheOrder(backend, webhooks, orderId);
            }
        }
    }

    /**
     * The outbound calls a request causes join its trace: the invitation's email (SMTP, to a
     * server in this JVM) and text message (Twilio's API, a stand-in in this JVM), sent by
     * background work, in the trace of the order's POST /orders; the Stripe Checkout Session
     * (a stand-in of Stripe's API) that the applicant's pay button opens, in the trace of
     * that request.
     */
    @Test
    void theEmailTextMessageAndStripeCallsJoinTheTraceOfTheRequestThatCausedThem() throws Exception {
        String key = JarProcess.issueKey(environment, "Traced calls", "live").secret();
        String email = "traced-" + UUID.randomUUID() + "@example.com";
        String phone = "+1737556" + String.format("%04d", ThreadLocalRandom.current().nextInt(10_000));
        try (OtlpReceiver backend = OtlpReceiver.start(); ServiceProcess instance = ServiceProcess.start(withOutboundCalls(backend))) {
            ObjectNode body = OrderRequests.body();
            OrderRequests.order(body).put("payer", "applicant");
            OrderRequests.applicant(body).put("email", email).put("phone_number", phone);
            ApiResponse placed = OrderRequests.post(key, body, UUID.randomUUID().toString()).at(instance.baseUrl()).send();
            assertThat(placed.status()).as(placed.body()).isEqualTo(201);
            Mailbox.await(email, 1);
            SmsGateway.awaitAccepted(phone, 1);
            String page = instance.baseUrl() + URI.create(placed.json().get("application_url").asText()).getPath();
            Pages client = Pages.client();
            Pages.Page form = client.get(page);
            assertThat(form.status()).isEqualTo(200);
            Pages.Page pay = client.post(page + "/payment", fields("form_token", form.formToken()));
            assertThat(pay.status()).as(pay.html()).isEqualTo(303);

            // A client span ends before the server span of its request, and the exporter may send
            // them in different batches: both kinds are awaited.
            Predicate<ReceivedSpan> orderRequest = span -> span.kind().equals("SPAN_KIND_SERVER") && span.name().equals("POST /orders");
            Predicate<ReceivedSpan> paymentRequest = span -> span.kind().equals("SPAN_KIND_SERVER")
                    && span.name().startsWith("POST /apply/") && span.name().endsWith("/payment");
            List<ReceivedSpan> calls = await("the calls' and the requests' spans", PATIENCE).until(() -> backend.spans().stream()
                    .filter(span -> span.kind().equals("SPAN_KIND_CLIENT")).toList(), found -> names(found)
                    .containsAll(List.of("smtp send", "sms send", "stripe create checkout session"))
                    && find(backend, orderRequest).isPresent() && find(backend, paymentRequest).isPresent());
            ReceivedSpan order = find(backend, orderRequest).orElseThrow();
            ReceivedSpan payment = find(backend, paymentRequest).orElseThrow();
            assertThat(calls).filteredOn(span -> !span.name().startsWith("screening ") && span.attribute("db.system") == null)
                    .extracting(ReceivedSpan::name, ReceivedSpan::traceId)
                    .containsExactlyInAnyOrder(tuple("smtp send", order.traceId()), tuple("sms send", order.traceId()),
                            tuple("stripe create checkout session", payment.traceId()));
        }
    }

    /**
     * An instance exporting to the backend whose applicants pay through Stripe and which sends
     * email and text messages, each to its stand-in in this JVM.
     */
    private static Map<String, String> withOutboundCalls(OtlpReceiver backend) {
        Map<String, String> calling = exportingTo(backend);
        calling.putAll(StripeApi.serviceEnvironment("https://screening.example"));
        calling.putAll(Mailbox.serviceEnvironment());
        calling.putAll(SmsGateway.serviceEnvironment());
        return calling;
    }

    /**
     * A caller's traceparent makes the request's span a child of the caller's; the request's
     * log lines (docs/operators.md#structured-logs) carry the trace and span ids.
     */
    @Test
    void aRequestWithATraceparentJoinsTheCallersTrace() throws Exception {
        String key = JarProcess.issueTestKey(environment, "Traced caller").secret();
        String callerTrace = UUID.randomUUID().toString().replace("-", "");
        String callerSpan = callerTrace.substring(0, 16);
        try (OtlpReceiver backend = OtlpReceiver.start();
             ServiceProcess instance = ServiceProcess.start(withJsonLogs(exportingTo(backend)))) {
            ApiResponse answer = Api.get("/orders").at(instance.baseUrl()).key(key)
                    .header("traceparent", "00-" + callerTrace + "-" + callerSpan + "-01").send();
            assertThat(answer.status()).isEqualTo(200);

            ReceivedSpan request = await("the request's span", PATIENCE).until(() -> find(backend,
                    span -> span.kind().equals("SPAN_KIND_SERVER") && span.name().equals("GET /orders")), Optional::isPresent)
                    .orElseThrow();
            assertThat(request.traceId()).isEqualTo(callerTrace);
            assertThat(request.parentSpanId()).isEqualTo(callerSpan);
            JsonNode accessLine = await("the request's access line", PATIENCE).until(() -> accessLine(instance,
                    answer.header("Request-Id")), Optional::isPresent).orElseThrow();
            assertThat(accessLine.path("trace_id").asText()).as("the access line: %s", accessLine).isEqualTo(callerTrace);
            assertThat(accessLine.path("span_id").asText()).as("the access line: %s", accessLine).isEqualTo(request.spanId());
        }
    }

    private static Map<String, String> withJsonLogs(Map<String, String> environment) {
        Map<String, String> json = new HashMap<>(environment);
        json.put("LOG_FORMAT", "json");
        return json;
    }

    /** The access line (logger access) of the request with this Request-Id in the service's output, once written. */
    private static Optional<JsonNode> accessLine(ServiceProcess instance, String requestId) throws IOException {
        for (String line : instance.process().stdout().split("\n")) {
            if (line.startsWith("{") && line.contains(requestId)) {
                JsonNode parsed = JSON.readTree(line);
                if (parsed.path("logger").asText().equals("access")) {
                    return Optional.of(parsed);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * OTEL_TRACES_SAMPLER=parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG=0: a request
     * of its own is not traced, a request whose caller sampled its trace is.
     */
    @Test
    void theSamplerVariablesApply() {
        String key = JarProcess.issueTestKey(environment, "Sampled").secret();
        String callerTrace = UUID.randomUUID().toString().replace("-", "");
        Map<String, String> sampling = new HashMap<>(environment);
        sampling.put("OTEL_TRACES_SAMPLER", "parentbased_traceidratio");
        sampling.put("OTEL_TRACES_SAMPLER_ARG", "0");
        try (OtlpReceiver backend = OtlpReceiver.start(); ServiceProcess instance = ServiceProcess.start(exportingTo(backend, sampling))) {
            assertThat(Api.get("/orders").at(instance.baseUrl()).key(key).send().status()).isEqualTo(200);
            assertThat(Api.get("/orders").at(instance.baseUrl()).key(key)
                    .header("traceparent", "00-" + callerTrace + "-" + callerTrace.substring(0, 16) + "-01").send().status()).isEqualTo(200);

            await("the sampled request's server span", PATIENCE).until(() -> find(backend,
                    span -> span.kind().equals("SPAN_KIND_SERVER") && span.traceId().equals(callerTrace)), Optional::isPresent);
            assertThat(backend.spans()).filteredOn(span -> span.kind().equals("SPAN_KIND_SERVER"))
                    .extracting(ReceivedSpan::traceId).containsExactly(callerTrace);
        }
    }

    /**
     * Without OTEL_EXPORTER_OTLP_ENDPOINT: nothing reaches a backend on the exporter's
     * default port (4318), even after a graceful stop (which flushes what an exporter holds),
     * and webhook requests carry no traceparent.
     */
    @Test
    void withoutAnEndpointNothingIsSent() throws Exception {
        String key = JarProcess.issueTestKey(environment, "Not traced").secret();
        try (OtlpReceiver backend = OtlpReceiver.startOn(4318); WebhookReceiver webhooks = WebhookReceiver.start()) {
            ServiceProcess instance = ServiceProcess.start(environment);
            try {
                subscribe(instance, key, webhooks);
                placeAndAwaitReport(instance, key, webhooks);
            } finally {
                instance.stop();
            }

            assertThat(backend.requests()).as("export requests").isZero();
            assertThat(webhooks.received()).isNotEmpty().allSatisfy(request -> assertThat(request.header("traceparent")).isNull());
        }
    }

    private static Map<String, String> exportingTo(OtlpReceiver backend) {
        return exportingTo(backend, environment);
    }

    private static Map<String, String> exportingTo(OtlpReceiver backend, Map<String, String> base) {
        Map<String, String> exporting = new HashMap<>(base);
        exporting.put("OTEL_EXPORTER_OTLP_ENDPOINT", backend.endpoint());
        return exporting;
    }

    private static void subscribe(ServiceProcess instance, String key, WebhookReceiver webhooks) {
        ApiResponse endpoint = Api.post("/webhook_endpoints").at(instance.baseUrl()).key(key)
                .json("{\"webhook_endpoint\":{\"url\":\"" + webhooks.url() + "\"}}").send();
        assertThat(endpoint.status()).as(endpoint.body()).isEqualTo(201);
    }

    private static String placeAndAwaitReport(ServiceProcess instance, String key, WebhookReceiver webhooks) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", EMAIL).put("ssn", SSN).put("dob", DOB);
        ApiResponse placed = OrderRequests.post(key, body, UUID.randomUUID().toString()).at(instance.baseUrl()).send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        awaitReportDelivered(webhooks);
        return placed.json().get("id").asText();
    }

    private static void awaitReportDelivered(WebhookReceiver webhooks) {
        webhooks.await(1, request -> request.text().contains("\"report.completed\""), PATIENCE);
    }

    /**
     * The request's server span, the screening task's span, the report's, its event's, the
     * delivery task's and the delivery attempt's spans share one trace id; the webhook request
     * of the report.completed event carries the attempt span's traceparent.
     */
    private static void assertOneTraceJoinsTheOrder(OtlpReceiver backend, WebhookReceiver webhooks, String orderId) throws Exception {
        WebhookReceiver.Received delivered = webhooks.received().stream()
                .filter(request -> request.text().contains("\"report.completed\"")).findFirst().orElseThrow();
        String eventId = delivered.header("Service-Event-Id");
        ReceivedSpan attempt = await("the delivery attempt's span", PATIENCE).until(() -> find(backend,
                span -> span.name().equals("webhook attempt") && eventId.equals(span.attribute("webhook.event_id"))),
                Optional::isPresent).orElseThrow();
        String trace = attempt.traceId();
        List<ReceivedSpan> spans = await("the order's spans", PATIENCE).until(() -> backend.spans().stream()
                .filter(span -> span.traceId().equals(trace)).toList(), found -> names(found).containsAll(
                List.of("POST /orders", "screen-order", "report create", "event record", "deliver-webhook", "webhook attempt")));

        ReceivedSpan request = spans.stream().filter(span -> span.name().equals("POST /orders")).findFirst().orElseThrow();
        assertThat(request.kind()).isEqualTo("SPAN_KIND_SERVER");
        assertThat(request.service()).isEqualTo("tenant-screening");
        assertThat(spans).filteredOn(span -> span.name().equals("screen-order"))
                .allSatisfy(span -> assertThat(span.attribute("work.instance")).isEqualTo(orderId));
        assertThat(spans).filteredOn(span -> span.name().equals("report create"))
                .singleElement().satisfies(span -> assertThat(span.attribute("order.id")).isEqualTo(orderId));
        assertThat(spans).filteredOn(span -> span.name().equals("event record")).extracting(span -> span.attribute("event.type"))
                .contains("order.pending", "order.completed", "report.completed");
        assertThat(delivered.header("traceparent")).isEqualTo("00-" + trace + "-" + attempt.spanId() + "-01");
    }

    /**
     * The order's database statements are client spans of its trace: the INSERT of its applicant
     * under the request's span, statements under the screening's span. No statement's span is a
     * root (db-scheduler, polling several times a second outside any trace, starts none). No
     * attribute of a statement's span holds what the order said of its applicant, and a
     * statement's text has its literals replaced by {@code ?} (the order's webhook deliveries run
     * statements with the literal {@code interval '1 millisecond'}).
     */
    private static void assertTheDatabaseStatementsAreSpansOfTheirRequestOrWork(OtlpReceiver backend, ReceivedSpan screening) {
        List<ReceivedSpan> spans = backend.spans();
        ReceivedSpan request = spans.stream()
                .filter(span -> span.traceId().equals(screening.traceId()) && span.name().equals("POST /orders")).findFirst().orElseThrow();
        List<ReceivedSpan> statements = spans.stream().filter(TracesTest::isStatement).toList();
        assertThat(statements).as("the statements of the order's request").filteredOn(span -> span.parentSpanId().equals(request.spanId()))
                .extracting(TracesTest::statement).anySatisfy(sql -> assertThat(sql).startsWith("INSERT INTO applicants"));
        assertThat(statements).as("the statements of the order's screening").filteredOn(span -> span.parentSpanId().equals(screening.spanId()))
                .isNotEmpty();
        assertThat(spans).as("the root spans").filteredOn(span -> span.parentSpanId().isEmpty())
                .isNotEmpty().noneMatch(TracesTest::isStatement);
        assertThat(statements).as("the attributes of the statements' spans").flatExtracting(span -> span.attributes().values())
                .noneMatch(value -> APPLICANT_DATA.stream().anyMatch(value::contains));
        assertThat(statements).as("the statements' texts, with their literals replaced by ?").extracting(TracesTest::statement)
                .anyMatch(sql -> sql.contains("interval ?")).noneMatch(sql -> sql.contains("'"));
    }

    /** A database statement's span: a client span naming its database system (db.system, or db.system.name in newer conventions). */
    private static boolean isStatement(ReceivedSpan span) {
        return span.kind().equals("SPAN_KIND_CLIENT") && (span.attribute("db.system") != null || span.attribute("db.system.name") != null);
    }

    /** The statement's text (db.statement, or db.query.text in newer conventions). */
    private static String statement(ReceivedSpan span) {
        return span.attribute("db.statement") != null ? span.attribute("db.statement") : span.attribute("db.query.text");
    }

    private static List<String> names(List<ReceivedSpan> spans) {
        return spans.stream().map(ReceivedSpan::name).toList();
    }

    private static Optional<ReceivedSpan> find(OtlpReceiver backend, Predicate<ReceivedSpan> which) {
        return backend.spans().stream().filter(which).findFirst();
    }
}
