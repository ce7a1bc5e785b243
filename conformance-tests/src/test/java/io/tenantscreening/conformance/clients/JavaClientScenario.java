package io.tenantscreening.conformance.clients;

import com.sun.net.httpserver.HttpServer;
import org.awaitility.Awaitility;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.api.EventsApi;
import org.openapitools.client.api.OrdersApi;
import org.openapitools.client.api.PropertiesApi;
import org.openapitools.client.api.ReportsApi;
import org.openapitools.client.api.WebhookEndpointsApi;
import org.openapitools.client.model.ApiError;
import org.openapitools.client.model.ApplicantInput;
import org.openapitools.client.model.CreateOrderRequest;
import org.openapitools.client.model.CreatePropertyRequest;
import org.openapitools.client.model.CreateWebhookEndpointRequest;
import org.openapitools.client.model.ErrorEnvelope;
import org.openapitools.client.model.Event;
import org.openapitools.client.model.EventList;
import org.openapitools.client.model.EventType;
import org.openapitools.client.model.Order;
import org.openapitools.client.model.OrderInput;
import org.openapitools.client.model.PropertyInput;
import org.openapitools.client.model.RentalProperty;
import org.openapitools.client.model.Report;
import org.openapitools.client.model.ReportCheck;
import org.openapitools.client.model.ScreeningPackage;
import org.openapitools.client.model.UsState;
import org.openapitools.client.model.WebhookEndpoint;
import org.openapitools.client.model.WebhookEndpointInput;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An integrator's scenario with the Java client (library {@code native}) generated from the
 * contract (docs/integrators.md#generated-clients): a property, an order with {@code include},
 * its completion, the report as JSON and as PDF, the events paged with {@code next_cursor}, a
 * signed webhook delivery, a cancel, and a 404 and a 422 read as typed errors. Only the
 * generated API classes call the service; the webhook receiver is the integrator's own
 * {@link HttpServer}, which checks signatures with the integrators' guide's code
 * (docs/integrators.md#verifying-a-signature). Nothing here knows the service's insides.
 * Values it does not know of the members the contract lists with {@code x-extensible-enum}
 * are "newer than this client": it names them and goes on (docs/integrators.md#versions), and
 * it names the members of a report it does not know.
 */
public final class JavaClientScenario {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    /** The check types this client was written for (CheckType in the contract it was generated from). */
    private static final Set<String> KNOWN_CHECK_TYPES = Set.of("credit", "eviction", "criminal", "identity_verification",
            "income_verification");

    private final ApiClient client = new ApiClient();
    private final PropertiesApi properties;
    private final OrdersApi orders;
    private final ReportsApi reports;
    private final EventsApi events;
    private final WebhookEndpointsApi webhookEndpoints;
    private final PrintStream out;

    public JavaClientScenario(String baseUrl, String apiKey, PrintStream out) {
        client.updateBaseUri(baseUrl);
        // The native library generates no support for security schemes: its ApiClient has no
        // setting for the bearerAuth key, so the key goes into each request here.
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + apiKey));
        properties = new PropertiesApi(client);
        orders = new OrdersApi(client);
        reports = new ReportsApi(client);
        events = new EventsApi(client);
        webhookEndpoints = new WebhookEndpointsApi(client);
        this.out = out;
    }

    public void run() throws Exception {
        List<Event> delivered = new CopyOnWriteArrayList<>();
        AtomicReference<String> secret = new AtomicReference<>("");
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String signature = exchange.getRequestHeaders().getFirst("Service-Signature");
            boolean ok = signature != null && verified(body, signature, secret.get(), 300);
            if (ok) {
                delivered.add(client.getObjectMapper().readValue(body, Event.class));
            }
            exchange.sendResponseHeaders(ok ? 204 : 400, -1);
            exchange.close();
        });
        receiver.start();
        try {
            run(receiver, secret, delivered);
        } finally {
            receiver.stop(0);
        }
    }

    private void run(HttpServer receiver, AtomicReference<String> secret, List<Event> delivered) throws Exception {
        WebhookEndpoint endpoint = webhookEndpoints.createWebhookEndpoint(new CreateWebhookEndpointRequest()
                .webhookEndpoint(new WebhookEndpointInput()
                        .url(URI.create("http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks"))
                        .enabledEvents(List.of(EventType.REPORT_COMPLETED, EventType.ORDER_CANCELED))), null);
        assertThat(endpoint.getSecret()).startsWith("whsec_");
        secret.set(endpoint.getSecret());
        step("webhook endpoint %s (%s) for %s", endpoint.getId(), endpoint.getObject(), endpoint.getEnabledEvents());

        PropertyInput address = new PropertyInput().name("Elm House").street("48 Elm Street").unit("#2").city("Austin")
                .state(UsState.TX).zipcode("78702");
        RentalProperty property = properties.createProperty(new CreatePropertyRequest().property(address), null);
        assertThat(property.getObject()).hasToString("property");
        assertThat(properties.getProperty(property.getId(), null).getStreet()).isEqualTo("48 Elm Street");
        step("property %s (%s): %s, %s %s %s", property.getId(), property.getObject(), property.getStreet(),
                property.getCity(), property.getState(), property.getZipcode());

        Order placed = orders.createOrder(UUID.randomUUID().toString(), new CreateOrderRequest().order(new OrderInput()
                ._package(ScreeningPackage.ESSENTIAL)
                .propertyId(property.getId())
                .applicant(new ApplicantInput().email("jamie.rivera@example.com").firstName("Jamie").lastName("Rivera")
                        .ssn("123-45-0001"))), null, "property,applicant");
        assertThat(placed.getObject()).hasToString("order");
        assertThat(placed.getProperty().getId()).isEqualTo(property.getId());
        assertThat(placed.getApplicant().getSsn()).isEqualTo("XXX-XX-0001");
        step("order %s (%s) %s, %s, with property %s and applicant %s", placed.getId(), placed.getObject(),
                placed.getPackage(), placed.getStatus(), placed.getProperty().getId(), placed.getApplicant().getFullName());

        Order completed = waitFor("the order's completion", () -> {
            Order order = orders.getOrder(placed.getId(), null, null);
            return order.getStatus().equals("completed") ? order : null;
        });
        step("order %s %s at %s", completed.getId(), completed.getStatus(), completed.getCompletedAt());

        Report report = reports.getOrderReport(placed.getId(), null);
        assertThat(report.getObject()).hasToString("report");
        assertThat(report.getOrderId()).isEqualTo(placed.getId());
        assertThat(report.getResult()).isEqualTo("consider");
        assertThat(known(report.getChecks())).containsExactly("credit:clear", "eviction:consider");
        assertThat(reports.getReport(report.getId(), null).getId()).isEqualTo(report.getId());
        step("report %s (%s) %s: %s%s", report.getId(), report.getObject(), report.getResult(),
                String.join(", ", known(report.getChecks())), unknownMembers(report.getAdditionalProperties()));

        File pdf = reports.getReportPdf(report.getId(), null);
        byte[] bytes = Files.readAllBytes(pdf.toPath());
        Files.delete(pdf.toPath());
        assertThat(new String(bytes, 0, 5, StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
        step("report PDF: %s, %d bytes", pdf.getName(), bytes.length);

        Order waiting = orders.createOrder(UUID.randomUUID().toString(), new CreateOrderRequest().order(new OrderInput()
                ._package(ScreeningPackage.STARTER)
                .propertyId(property.getId())
                .applicant(new ApplicantInput().email("sam.lee@apply.test").firstName("Sam").lastName("Lee"))), null, null);
        assertThat(waiting.getStatus()).isEqualTo("waiting_for_applicant");
        Order canceled = orders.cancelOrder(waiting.getId(), null, null);
        assertThat(canceled.getStatus()).isEqualTo("canceled");
        assertThat(canceled.getCanceledAt()).isNotNull();
        step("order %s %s, then %s at %s", canceled.getId(), waiting.getStatus(), canceled.getStatus(), canceled.getCanceledAt());

        List<Event> all = new ArrayList<>();
        int pages = 0;
        String cursor = null;
        String firstCursor = null;
        do {
            EventList page = events.listEvents(null, cursor, 1, null);
            pages++;
            all.addAll(page.getData());
            cursor = page.getNextCursor();
            firstCursor = firstCursor == null ? cursor : firstCursor;
        } while (cursor != null);
        assertThat(about(all, placed.getId())).containsExactly("order.completed:Order", "order.pending:Order",
                "report.completed:Report");
        assertThat(about(all, canceled.getId())).containsExactly("order.canceled:Order");
        step("events: %d on %d pages of 1 (next_cursor); order %s: %s; order %s: %s", all.size(), pages, placed.getId(),
                about(all, placed.getId()), canceled.getId(), about(all, canceled.getId()));

        Event reportDelivery = waitFor("a verified delivery of report.completed", () -> delivered.stream()
                .filter(event -> event.getType().equals("report.completed")).findFirst().orElse(null));
        if (!(reportDelivery.getData().getObject().getActualInstance() instanceof Report deliveredReport)) {
            throw new AssertionError("report.completed carries " + reportDelivery.getData().getObject().getActualInstance());
        }
        assertThat(deliveredReport.getId()).isEqualTo(report.getId());
        assertThat(known(deliveredReport.getChecks())).hasSize(2);
        step("webhook delivery of %s (%s) verified; data.object is report %s", reportDelivery.getId(),
                reportDelivery.getType(), deliveredReport.getId());

        ApiError notFound = failure(404, () -> orders.getOrder("ord_test_000000000000000000000000", null, null));
        assertThat(notFound.getCode()).isEqualTo("not_found_error");
        assertThat(notFound.getDetail()).isNotBlank();
        step("404 %s: %s", notFound.getCode(), notFound.getDetail());

        ApiError bothForms = failure(422, () -> orders.createOrder(UUID.randomUUID().toString(), new CreateOrderRequest()
                .order(new OrderInput()
                        ._package(ScreeningPackage.STARTER)
                        .propertyId(property.getId())
                        .property(address)
                        .applicant(new ApplicantInput().email("kim.ortiz@example.com").firstName("Kim").lastName("Ortiz"))),
                null, null));
        assertThat(bothForms.getCode()).isEqualTo("validation_error");
        assertThat(bothForms.getSource().getPointer()).isEqualTo("/order/property");
        step("422 %s at %s: %s", bothForms.getCode(), bothForms.getSource().getPointer(), bothForms.getDetail());

        String foreignCursor = Objects.requireNonNull(firstCursor);
        ApiError wrongList = failure(422, () -> orders.listOrders(null, foreignCursor, null, null));
        assertThat(wrongList.getCode()).isEqualTo("validation_error");
        assertThat(wrongList.getSource().getParameter()).isEqualTo("cursor");
        step("422 %s on parameter %s: %s", wrongList.getCode(), wrongList.getSource().getParameter(), wrongList.getDetail());
        step("java native scenario passed");
    }

    /** The integrators' guide's Java check of a delivery's Service-Signature. */
    static boolean verified(byte[] body, String header, String secret, long toleranceSeconds) {
        long t = -1;
        List<String> signatures = new ArrayList<>();
        for (String part : header.split(",")) {
            if (part.startsWith("t=")) t = Long.parseLong(part.substring(2));
            if (part.startsWith("v1=")) signatures.add(part.substring(3));
        }
        if (t < 0 || Math.abs(System.currentTimeMillis() / 1000 - t) > toleranceSeconds) return false;
        byte[] expected;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            expected = HexFormat.of().formatHex(mac.doFinal(body)).getBytes(StandardCharsets.US_ASCII);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        boolean match = false;
        for (String signature : signatures) {
            match |= MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
        }
        return match;
    }

    /** The checks of a type this client knows, as {@code type:result}; it names the others, which are newer than it. */
    private List<String> known(List<ReportCheck> checks) {
        checks.stream().filter(check -> !KNOWN_CHECK_TYPES.contains(check.getType()))
                .forEach(check -> step("newer than this client: check %s (%s)", check.getType(), check.getResult()));
        return checks.stream().filter(check -> KNOWN_CHECK_TYPES.contains(check.getType()))
                .map(check -> check.getType() + ":" + check.getResult())
                .toList();
    }

    private static String unknownMembers(Map<String, Object> additional) {
        return additional == null || additional.isEmpty() ? ""
                : additional.keySet().stream().sorted().collect(Collectors.joining(", ", " (members newer than this client: ", ")"));
    }

    /** The types of the events about one order (its own and its report's), each with the class of its data.object. */
    private static List<String> about(List<Event> events, String orderId) {
        return events.stream()
                .filter(event -> event.getData().getObject().getActualInstance() instanceof Order order
                        ? order.getId().equals(orderId)
                        : event.getData().getObject().getActualInstance() instanceof Report report
                                && report.getOrderId().equals(orderId))
                .map(event -> event.getType() + ":" + event.getData().getObject().getActualInstance().getClass().getSimpleName())
                .sorted()
                .toList();
    }

    /** The single error of the envelope a call fails with, read with the client's own ObjectMapper. */
    private ApiError failure(int status, Call call) throws IOException {
        try {
            call.run();
        } catch (ApiException e) {
            assertThat(e.getCode()).as(e.getResponseBody()).isEqualTo(status);
            ErrorEnvelope envelope = client.getObjectMapper().readValue(e.getResponseBody(), ErrorEnvelope.class);
            assertThat(envelope.getErrors()).hasSize(1);
            return envelope.getErrors().get(0);
        }
        throw new AssertionError("the call succeeded; expected " + status);
    }

    /** Polls until {@code attempt} answers something other than null, for at most {@link #PATIENCE}. */
    private static <T> T waitFor(String what, Callable<T> attempt) {
        return Awaitility.await(what).atMost(PATIENCE).pollInterval(Duration.ofMillis(50)).until(attempt, Objects::nonNull);
    }

    private void step(String format, Object... arguments) {
        out.println(String.format(format, arguments));
    }

    /** An API call whose answer does not matter. */
    private interface Call {
        void run() throws ApiException;
    }

    /** One look at whether something has happened yet: null when not. */}
