package io.tenantscreening.conformance.clients;

import io.tenantscreening.clients.okhttpgson.ApiClient;
import io.tenantscreening.clients.okhttpgson.ApiException;
import io.tenantscreening.clients.okhttpgson.api.EventsApi;
import io.tenantscreening.clients.okhttpgson.api.OrdersApi;
import io.tenantscreening.clients.okhttpgson.api.PropertiesApi;
import io.tenantscreening.clients.okhttpgson.api.ReportsApi;
import io.tenantscreening.clients.okhttpgson.model.ApiError;
import io.tenantscreening.clients.okhttpgson.model.ApplicantInput;
import io.tenantscreening.clients.okhttpgson.model.CreateOrderRequest;
import io.tenantscreening.clients.okhttpgson.model.CreatePropertyRequest;
import io.tenantscreening.clients.okhttpgson.model.ErrorEnvelope;
import io.tenantscreening.clients.okhttpgson.model.Event;
import io.tenantscreening.clients.okhttpgson.model.EventList;
import io.tenantscreening.clients.okhttpgson.model.Order;
import io.tenantscreening.clients.okhttpgson.model.OrderInput;
import io.tenantscreening.clients.okhttpgson.model.PropertyInput;
import io.tenantscreening.clients.okhttpgson.model.RentalProperty;
import io.tenantscreening.clients.okhttpgson.model.Report;
import io.tenantscreening.clients.okhttpgson.model.ReportCheck;
import io.tenantscreening.clients.okhttpgson.model.ScreeningPackage;
import io.tenantscreening.clients.okhttpgson.model.UsState;
import org.awaitility.Awaitility;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An integrator's scenario with the Java client of library {@code okhttp-gson}, the
 * generator's default (docs/integrators.md#generated-clients): a property, an order placed
 * with an {@code Idempotency-Key}, its completion, the report as JSON and as PDF, the events
 * paged with {@code next_cursor} with their typed {@code data.object}, and a 422 read into the
 * error model. The key goes to the client's {@code setBearerToken}, the setting of the
 * contract's {@code bearerAuth} scheme. Values it does not know of the members the contract
 * lists with {@code x-extensible-enum} are "newer than this client": it names them and goes on
 * (docs/integrators.md#versions), and it names the members of a record it does not know.
 */
public final class OkHttpGsonClientScenario {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    /** The check types this client was written for (CheckType in the contract it was generated from). */
    private static final Set<String> KNOWN_CHECK_TYPES = Set.of("credit", "eviction", "criminal", "identity_verification",
            "income_verification");
    /** The add-on products this client was written for (AddOnProduct in the contract it was generated from). */
    private static final Set<String> KNOWN_ADD_ONS = Set.of("identity_verification", "income_verification");

    private final ApiClient client = new ApiClient();
    private final PropertiesApi properties;
    private final OrdersApi orders;
    private final ReportsApi reports;
    private final EventsApi events;
    private final PrintStream out;

    public OkHttpGsonClientScenario(String baseUrl, String apiKey, PrintStream out) {
        client.setBasePath(baseUrl);
        client.setBearerToken(apiKey);
        properties = new PropertiesApi(client);
        orders = new OrdersApi(client);
        reports = new ReportsApi(client);
        events = new EventsApi(client);
        this.out = out;
    }

    public void run() throws Exception {
        PropertyInput address = new PropertyInput().name("Elm House").street("48 Elm Street").unit("#2").city("Austin")
                .state(UsState.TX).zipcode("78702");
        RentalProperty property = properties.createProperty(new CreatePropertyRequest().property(address), null);
        assertThat(property.getObject()).hasToString("property");
        assertThat(properties.getProperty(property.getId(), null).getStreet()).isEqualTo("48 Elm Street");
        step("property %s (%s): %s, %s %s %s%s", property.getId(), property.getObject(), property.getStreet(),
                property.getCity(), property.getState(), property.getZipcode(), unknownMembers(property.getAdditionalProperties()));

        Order placed = orders.createOrder(UUID.randomUUID().toString(), new CreateOrderRequest().order(new OrderInput()
                ._package(ScreeningPackage.ESSENTIAL)
                .propertyId(property.getId())
                .applicant(new ApplicantInput().email("jamie.rivera@example.com").firstName("Jamie").lastName("Rivera")
                        .ssn("123-45-0001"))), null, "property,applicant");
        assertThat(placed.getObject()).hasToString("order");
        assertThat(placed.getProperty().getId()).isEqualTo(property.getId());
        assertThat(placed.getApplicant().getSsn()).isEqualTo("XXX-XX-0001");
        assertThat(placed.getAddOnProducts()).filteredOn(KNOWN_ADD_ONS::contains).isEmpty();
        placed.getAddOnProducts().stream().filter(addOn -> !KNOWN_ADD_ONS.contains(addOn))
                .forEach(addOn -> step("newer than this client: add-on %s", addOn));
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

        List<Event> all = new ArrayList<>();
        int pages = 0;
        String cursor = null;
        do {
            EventList page = events.listEvents(null, cursor, 1, null);
            pages++;
            all.addAll(page.getData());
            cursor = page.getNextCursor();
        } while (cursor != null);
        List<String> about = all.stream()
                .filter(event -> event.getData().getObject().getActualInstance() instanceof Order order
                        ? order.getId().equals(placed.getId())
                        : event.getData().getObject().getActualInstance() instanceof Report eventReport
                                && eventReport.getOrderId().equals(placed.getId()))
                .map(event -> event.getType() + ":" + event.getData().getObject().getActualInstance().getClass().getSimpleName())
                .sorted()
                .toList();
        assertThat(about).containsExactly("order.completed:Order", "order.pending:Order", "report.completed:Report");
        step("events: %d on %d pages of 1 (next_cursor); order %s: %s", all.size(), pages, placed.getId(), about);

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
        step("java okhttp-gson scenario passed");
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

    /** The single error of the envelope a call fails with, read into the client's ErrorEnvelope. */
    private static ApiError failure(int status, Call call) throws IOException {
        try {
            call.run();
        } catch (ApiException e) {
            assertThat(e.getCode()).as(e.getResponseBody()).isEqualTo(status);
            ErrorEnvelope envelope = ErrorEnvelope.fromJson(e.getResponseBody());
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
}
