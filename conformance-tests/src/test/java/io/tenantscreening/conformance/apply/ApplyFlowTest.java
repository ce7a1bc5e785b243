package io.tenantscreening.conformance.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Pages.Page;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.organizations.OrganizationService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Pages.fields;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#the-apply-flow and openapi.yaml#apply-flow (the applicant's
 * submission moves an order to pending, the page asks for the dob and SSN only when the
 * order lacks them, the link works with its token, not a key, only while the order waits),
 * with the internals of docs/design.md#the-applicants-pages. Over HTTP, as a browser without
 * JavaScript: what the page shows, each check of the form, the consent record, reuse of a
 * link, CSRF, concurrent submissions, log redaction (docs/operators.md#logs) and the limit on
 * wrong links (docs/operators.md#requests).
 */
@ExtendWith(FreshTenants.class)
@OwnDatabase
class ApplyFlowTest {

    private static final String SSN = "524-71-9083";

    @Fresh
    private String key;
    private final Pages browser = Pages.client();

    @AfterEach
    void realTime() {
        TestServer.clock().reset();
    }

    /**
     * docs/integrators.md#the-apply-flow: the page shows who asks for the screening, the property,
     * the checks the order includes and the disclosure, fits a phone, needs no script, and asks for
     * what the order lacks.
     */
    @Test
    void thePageShowsThePropertyTheRequesterTheChecksAndTheDisclosureAndAsksForWhatIsMissing() {
        ObjectNode body = waiting();
        order(body).putArray("add_on_products").add("income_verification");
        ((ObjectNode) order(body).get("property")).put("name", "Maple Court").put("unit", "Apt 4B");
        order(body).putObject("original_requester").put("external_id", "landlord-" + UUID.randomUUID()).put("type", "business")
                .put("name", "Lakeside Landlords LLC");
        Page page = browser.get(url(placed(key, body)));

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.html()).contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
                "Maple Court", "12 Oak Street, Apt 4B, Austin, TX 78701", "Lakeside Landlords LLC",
                "Credit report", "Eviction history", "Income verification", "Disclosure version 2026-11-01",
                "name=\"consent\"", "name=\"dob\"", "name=\"ssn\"", "<label for=\"dob\">", "<label for=\"ssn\">")
                .doesNotContain("Criminal background", "Identity verification", "<script");
    }

    /**
     * docs/integrators.md#the-apply-flow: without an original requester the organisation's name
     * says who asks; a date of birth and SSN the order brought are neither asked again nor shown.
     */
    @Test
    void withoutARequesterTheOrganisationAsksAndWhatTheOrderHasIsNotAskedAgain() {
        TestTenant tenant = TestTenant.create();
        String ownKey = tenant.testKey();
        ObjectNode body = waiting();
        applicant(body).put("dob", "1990-04-27").put("ssn", SSN);
        String id = placed(ownKey, body);
        Page page = browser.get(Api.get("/orders/" + id).key(ownKey).send().json().get("application_url").asText());

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.html()).contains(TestServer.bean(OrganizationService.class)
                        .require(tenant.id()).name(), "name=\"consent\"")
                .doesNotContain("name=\"dob\"", "name=\"ssn\"", "9083", "1990");
    }

    /**
     * docs/integrators.md#the-apply-flow: each mistake is shown beside its field and listed above
     * the form, and nothing is stored.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "no consent               | 04/27/1990 | 123-45-6789 | false | consent | Tick the box to give your consent",
            "no date of birth         | ''         | 123456789   | true  | dob     | Enter your date of birth.",
            "a date that does not exist | 02/30/1990 | 123456789 | true  | dob     | Enter a real date as MM/DD/YYYY",
            "a date that is not a date | yesterday | 123456789   | true  | dob     | Enter a real date as MM/DD/YYYY",
            "a date before 1900       | 12/31/1899 | 123456789   | true  | dob     | Enter a date of birth after 01/01/1900.",
            "no SSN                   | 1990-04-27 | ''          | true  | ssn     | Enter your Social Security number.",
            "an SSN of 8 digits       | 1990-04-27 | 12345678    | true  | ssn     | Enter the 9 digits of your Social Security number",
            "an SSN with letters      | 1990-04-27 | 123-45-678x | true  | ssn     | Enter the 9 digits of your Social Security number"})
    void eachMistakeIsShownBesideItsFieldAndNothingIsStored(String mistake, String dob, String ssn, boolean consent,
                                                            String field, String error) {
        String id = placed(key, waiting());
        String url = url(id);
        Page form = browser.get(url);

        Page answer = browser.post(url, consent ? fields("form_token", form.formToken(), "dob", dob, "ssn", ssn, "consent", "yes")
                : fields("form_token", form.formToken(), "dob", dob, "ssn", ssn));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.html()).contains("<p class=\"error\" id=\"" + field + "-error\">" + error,
                "aria-describedby=\"" + (field.equals("consent") ? "" : field + "-hint ") + field + "-error\"",
                "<a href=\"#" + field + "\">" + error, "name=\"form_token\"");
        assertThat(answer.html().split("class=\"error\"", -1)).hasSize(2);
        assertThat(status(id)).isEqualTo("waiting_for_applicant");
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", id)).isZero();
    }

    /**
     * docs/integrators.md#the-apply-flow: the applicant must be at least 18, counted on the
     * service's date.
     */
    @Test
    void anApplicantUnder18IsRefusedOnTheServicesDate() {
        MovableClock clock = TestServer.clock();
        clock.stopAt(Instant.parse("2026-06-15T16:00:00Z"));
        String url = url(placed(key, waiting()));
        Page form = browser.get(url);

        Page seventeen = browser.post(url, fields("form_token", form.formToken(), "dob", "06/16/2008", "ssn", SSN, "consent", "yes"));
        Page eighteen = browser.post(url, fields("form_token", form.formToken(), "dob", "06/15/2008", "ssn", SSN, "consent", "yes"));

        assertThat(seventeen.status()).isEqualTo(422);
        assertThat(seventeen.html()).contains("You must be at least 18 years old to apply.");
        assertThat(eighteen.status()).isEqualTo(200);
    }

    /**
     * docs/integrators.md#the-apply-flow: what was typed stays in the form, except the SSN, which
     * is never shown back.
     */
    @Test
    void whatWasTypedIsKeptExceptTheSsnWhichIsNeverShownBack() {
        String url = url(placed(key, waiting()));
        Page form = browser.get(url);

        Page answer = browser.post(url, fields("form_token", form.formToken(), "dob", "13/01/1990", "ssn", SSN, "consent", "yes"));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.html()).contains("value=\"13/01/1990\"", "checked=\"checked\"")
                .doesNotContain(SSN, "524719083", "9083");
    }

    /**
     * openapi.yaml#apply-flow, docs/integrators.md#the-apply-flow: a submission stores the consent
     * (disclosure version, time, client address, user agent) and the details, and moves the order
     * to pending with an order.pending event whose previous_status is waiting_for_applicant.
     */
    @Test
    void aGoodSubmissionStoresTheConsentAndTheDetailsAndMovesTheOrderToPending() {
        ObjectNode body = waiting();
        String id = placed(key, body);
        String url = url(id);
        Page form = browser.get(url);

        Page done = browser.post(url, fields("form_token", form.formToken(), "dob", "04/27/1990", "ssn", SSN, "consent", "yes"));

        assertThat(done.status()).isEqualTo(200);
        assertThat(done.html()).contains("Thank you, your application is submitted").doesNotContain("9083");
        JsonNode order = Api.get("/orders/" + id + "?include=applicant").key(key).send().json();
        assertThat(order.get("status").asText()).isEqualTo("pending");
        assertThat(order.get("application_url").isNull()).isTrue();
        assertThat(order.get("applicant").get("dob").asText()).isEqualTo("1990-04-27");
        assertThat(order.get("applicant").get("ssn").asText()).isEqualTo("XXX-XX-9083");
        assertThat(TestDatabase.rows("SELECT disclosure_version, ip_address, user_agent FROM consents WHERE order_id = ?", id))
                .containsExactly(List.of("2026-11-01", browser.address(), "conformance-tests/" + browser.address()));
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ? AND consented_at IS NOT NULL", id))
                .isOne();
        byte[] sealed = (byte[]) TestDatabase.rows("SELECT a.ssn_ciphertext FROM applicants a JOIN orders o ON o.applicant_id = a.id "
                + "WHERE o.id = ?", id).get(0).get(0);
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("524719083", "9083");
        assertThat(Screenings.transitions(id)).containsExactly(
                Arrays.asList(null, "waiting_for_applicant", "api"), List.of("waiting_for_applicant", "pending", "applicant"));
        List<JsonNode> events = eventsOf(key, id);
        assertThat(events).extracting(event -> event.get("type").asText()).contains("order.pending");
        assertThat(events.stream().filter(event -> event.get("type").asText().equals("order.pending")).findFirst().orElseThrow()
                .get("data").get("previous_status").asText()).isEqualTo("waiting_for_applicant");
    }

    /**
     * docs/integrators.md#the-apply-flow: submitting twice gives the same confirmation and one
     * transition; the used link then answers 410.
     */
    @Test
    void aUsedLinkIsNoLongerAvailableAndSubmittingAgainChangesNothing() {
        String id = placed(key, waiting());
        String url = url(id);
        Map<String, String> filled = fields("form_token", browser.get(url).formToken(), "dob", "04/27/1990", "ssn", SSN,
                "consent", "yes");
        browser.post(url, filled);

        Page again = browser.post(url, filled);
        Page opened = browser.get(url);

        assertThat(again.status()).isEqualTo(200);
        assertThat(again.html()).contains("Thank you, your application is submitted");
        assertThat(opened.status()).isEqualTo(410);
        assertThat(opened.contentType()).startsWith("text/html");
        assertThat(opened.html()).contains("This link is no longer available").doesNotContain("\"errors\"", "Exception");
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", id)).isOne();
        assertThat(Screenings.transitions(id)).hasSize(2);
    }

    /**
     * openapi.yaml#apply-flow, docs/integrators.md#the-apply-flow: the link works only while the
     * order waits for its applicant; canceled, expired, or submitted with
     * POST /test_helpers/orders/{id}/submit, it answers 410, and so does a form posted to it late.
     */
    @Test
    void aCanceledOrAnExpiredOrdersLinkIsNoLongerAvailable() {
        String canceled = placed(key, waiting());
        String canceledUrl = url(canceled);
        String expired = placed(key, waiting());
        String expiredUrl = url(expired);
        String submitted = placed(key, waiting());
        String submittedUrl = url(submitted);
        Page form = browser.get(canceledUrl);

        Api.post("/orders/" + canceled + "/cancel").key(key).send();
        TestServer.bean(OrderLifecycle.class).expire(tenantOf(expired), expired);
        Api.post("/test_helpers/orders/" + submitted + "/submit").key(key).send();

        for (String url : List.of(canceledUrl, expiredUrl, submittedUrl)) {
            Page page = browser.get(url);
            assertThat(page.status()).as(url).isEqualTo(410);
            assertThat(page.html()).contains("This link is no longer available");
        }
        Page late = browser.post(canceledUrl, fields("form_token", form.formToken(), "dob", "04/27/1990", "ssn", SSN,
                "consent", "yes"));
        assertThat(late.status()).isEqualTo(410);
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", canceled)).isZero();
    }

    /** docs/integrators.md#the-apply-flow: a link that never existed answers 404, a plain HTML page. */
    @Test
    void anUnknownLinkIsAPlainNotFoundPage() {
        for (String token : List.of("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "short", "x".repeat(200))) {
            Page page = browser.get(TestServer.baseUrl() + "/apply/" + token);
            assertThat(page.status()).as(token).isEqualTo(404);
            assertThat(page.contentType()).startsWith("text/html");
            assertThat(page.html()).contains("This page does not exist").doesNotContain("\"errors\"", "Exception");
        }
    }

    /**
     * docs/design.md#the-applicants-pages: a form posted without the token of its own page (none,
     * another page's, a forged one) is refused with 403 and changes nothing.
     */
    @Test
    void aFormWithoutTheTokenOfItsOwnPageIsRefused() {
        String id = placed(key, waiting());
        String url = url(id);
        String otherPagesToken = browser.get(url(placed(key, waiting()))).formToken();
        String ownToken = browser.get(url).formToken();
        String forged = ownToken.substring(0, ownToken.length() - 2) + (ownToken.endsWith("AA") ? "BB" : "AA");

        for (Map<String, String> form : List.of(
                fields("dob", "04/27/1990", "ssn", SSN, "consent", "yes"),
                fields("form_token", otherPagesToken, "dob", "04/27/1990", "ssn", SSN, "consent", "yes"),
                fields("form_token", forged, "dob", "04/27/1990", "ssn", SSN, "consent", "yes"),
                fields("form_token", "unknown-key." + ownToken.substring(ownToken.indexOf('.') + 1), "dob", "04/27/1990",
                        "ssn", SSN, "consent", "yes"))) {
            Page refused = browser.post(url, form, Map.of("Origin", "https://attacker.example"));
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.html()).contains("This form cannot be accepted");
        }
        assertThat(status(id)).isEqualTo("waiting_for_applicant");
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", id)).isZero();
    }

    /**
     * docs/integrators.md#the-apply-flow, docs/design.md#the-applicants-pages: submissions at once
     * give one confirmation each but one transition, one consent and one order.pending event.
     */
    @Test
    void twoTabsSubmittingAtOnceGiveOneTransitionAndOneConsent() throws Exception {
        String id = placed(key, waiting());
        String url = url(id);
        String token = browser.get(url).formToken();

        List<Page> answers = Concurrently.run(8, i -> browser.post(url, fields("form_token", token, "dob", "04/27/1990",
                "ssn", SSN, "consent", "yes")));

        assertThat(answers).extracting(Page::status).containsOnly(200);
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", id)).isOne();
        assertThat(Screenings.transitions(id)).hasSize(2);
        assertThat(eventsOf(key, id).stream().filter(event -> event.get("type").asText().equals("order.pending"))).hasSize(1);
    }

    /**
     * docs/operators.md#logs: the link's token and the SSN reach no log line; the access log shows
     * /apply/[redacted].
     */
    @Test
    void neitherTheTokenNorTheSsnReachesAnyLogLine() {
        String id = placed(key, waiting());
        String url = url(id);
        String token = url.substring(url.lastIndexOf('/') + 1);
        List<String> lines = new ArrayList<>();
        try (CapturedLogs all = CapturedLogs.of(org.slf4j.Logger.ROOT_LOGGER_NAME)) {
            Page form = browser.get(url);
            browser.post(url, fields("form_token", form.formToken(), "dob", "04/27/1990", "ssn", "524-71-", "consent", "yes"));
            browser.post(url, fields("form_token", form.formToken(), "dob", "04/27/1990", "ssn", SSN, "consent", "yes"));
            browser.get(url);
            lines.addAll(all.lines());
        }

        assertThat(lines).anyMatch(line -> line.contains("path=/apply/[redacted] status=200"))
                .anyMatch(line -> line.contains("path=/apply/[redacted] status=410"))
                .noneMatch(line -> line.contains(token))
                .noneMatch(line -> line.contains(SSN) || line.contains("524719083") || line.contains("524-71-"));
    }

    /**
     * docs/operators.md#requests (APPLY_WRONG_TOKEN_LIMIT): a client (one address, which may
     * be a whole campus or carrier NAT) that opened too many unknown links gets 429 for
     * further unknown links until the window ends, but a link that exists is always served
     * to it, shown and submitted.
     */
    @Test
    void aClientOverTheWrongLinkLimitIsRefusedUnknownLinksButServedARealOne() {
        String url = url(placed(key, waiting()));
        Pages sharedAddress = Pages.client();
        MovableClock clock = TestServer.clock();
        Instant start = Instant.now();
        clock.stopAt(start);
        for (int i = 0; i < 10; i++) {
            assertThat(sharedAddress.get(unknownLink(i)).status()).isEqualTo(404);
        }

        Page refused = sharedAddress.get(unknownLink(10));
        Page shown = sharedAddress.get(url);
        Page submitted = sharedAddress.post(url, fields("form_token", shown.formToken(), "dob", "04/27/1990", "ssn", SSN,
                "consent", "yes"));
        Page stillRefused = sharedAddress.get(unknownLink(11));
        Page someoneElse = Pages.client().get(unknownLink(12));
        clock.stopAt(start.plus(Duration.ofMinutes(10)));
        Page later = sharedAddress.get(unknownLink(13));

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.contentType()).startsWith("text/html");
        assertThat(refused.html()).contains("Too many attempts", "This link does not exist");
        assertThat(Long.parseLong(refused.retryAfter())).isBetween(1L, 600L);
        assertThat(shown.status()).isEqualTo(200);
        assertThat(shown.html()).contains("name=\"consent\"");
        assertThat(submitted.status()).isEqualTo(200);
        assertThat(submitted.html()).contains("Thank you, your application is submitted");
        assertThat(stillRefused.status()).isEqualTo(429);
        assertThat(someoneElse.status()).isEqualTo(404);
        assertThat(later.status()).isEqualTo(404);
    }

    /**
     * docs/operators.md#requests (APPLY_WRONG_TOKEN_LIMIT): unknown checkout links of the
     * built-in gateway (/apply/pay/…) count against the same limit as unknown apply links, so a
     * scanner that guesses either gets 429 once it opened too many of both together.
     */
    @Test
    void unknownCheckoutLinksCountAgainstTheSameLimit() {
        Pages sharedAddress = Pages.client();
        MovableClock clock = TestServer.clock();
        clock.stopAt(Instant.now());
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            statuses.add(sharedAddress.get(unknownLink(i)).status());
            statuses.add(sharedAddress.get(unknownCheckout(i)).status());
        }

        Page refused = sharedAddress.get(unknownCheckout(10));
        Page someoneElse = Pages.client().get(unknownCheckout(11));

        assertThat(statuses).containsOnly(404);
        assertThat(refused.status()).isEqualTo(429);
        assertThat(Long.parseLong(refused.retryAfter())).isBetween(1L, 600L);
        assertThat(someoneElse.status()).isEqualTo(404);
    }

    private static String unknownCheckout(int i) {
        return TestServer.baseUrl() + "/apply/pay/" + "cs_unknown_" + String.format("%03d", i);
    }

    private static String unknownLink(int i) {
        return TestServer.baseUrl() + "/apply/" + "A".repeat(40) + String.format("%03d", i);
    }

    /** A test order that waits for its applicant (the @apply.test profile), without dob or SSN. */
    static ObjectNode waiting() {
        ObjectNode body = body();
        applicant(body).put("email", "applicant-" + UUID.randomUUID() + "@apply.test");
        return body;
    }

    private String url(String orderId) {
        return Api.get("/orders/" + orderId).key(key).send().json().get("application_url").asText();
    }

    private String status(String orderId) {
        return Api.get("/orders/" + orderId).key(key).send().json().get("status").asText();
    }

    private static Tenant tenantOf(String orderId) {
        List<Object> row = TestDatabase.rows("SELECT organization_id, mode FROM orders WHERE id = ?", orderId).get(0);
        return new Tenant((String) row.get(0), Mode.fromDb((String) row.get(1)));
    }
}
