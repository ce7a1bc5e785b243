package io.tenantscreening.conformance.copies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.AdverseActionRequests;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.organizations.BillingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Pages.fields;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The applicant files their statement of dispute from their copy of the report (FCRA section
 * 611(b); docs/integrators.md#statements-of-dispute and docs/integrators.md#the-copy-page,
 * POST /my-report/{token}/statement): the outcome email of a dispute whose items stayed offers
 * it with a link to the dispute's form (611(a)(6)(B)); the form takes 1 to 100 words, says what
 * to fix beside itself and takes one statement per dispute; the copy, its PDF and later reports
 * on the same consumer note it (611(c)), in live mode across organisations.
 */
@ExtendWith(FreshTenants.class)
class StatementFormTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String OUTCOME = "The outcome of your dispute of your screening report";
    private static final Pattern STATEMENT_LINK = Pattern.compile("(http://\\S+/my-report/[A-Za-z0-9_-]{43})#statement-(dsp_\\w+)");
    private static final String STATEMENT = "I paid the rent in full before the case was filed and I have the receipt.";

    @Fresh
    private String key;

    /**
     * FCRA 611(a)(6)(B) and 611(b): the outcome email links to the statement form of the
     * dispute on the copy page; the statement filed there shows on the page and in the copy's
     * PDF, and the report notes it (611(c)).
     */
    @Test
    void theOutcomeEmailLinksToTheFormWhereTheStatementIsFiled() throws Exception {
        String email = ReportCopies.applicantEmail();
        String order = walkedOrder(email);
        String dispute = open(order, "The case was not mine.");
        Matcher link = statementLink(outcomeMail(email));
        assertThat(link.group(2)).isEqualTo(dispute);
        Pages browser = Pages.client();
        Pages.Page page = browser.get(link.group(1));
        assertThat(page.html()).contains("id=\"statement-" + dispute + "\"", "id=\"send-statement-" + dispute + "\"",
                "Add your side: a statement of dispute", "1-800-555-0199");

        Pages.Page filed = browser.post(link.group(1) + "/statement", fields("form_token", page.formToken(), "dispute", dispute,
                "statement", STATEMENT));

        assertThat(filed.status()).isEqualTo(200);
        assertThat(filed.html()).contains("Your statement is added to your report.", "Disputed by the consumer: the record filed",
                "\u201C" + STATEMENT + "\u201D", "id=\"statement-text-" + dispute + "\"")
                .doesNotContain("id=\"send-statement-" + dispute + "\"");
        JsonNode noted = Screenings.report(key, order).get("checks").get(1).get("consumer_statements");
        assertThat(noted.get(0).get("text").asText()).isEqualTo(STATEMENT);
        assertThat(Api.get("/disputes/" + dispute).key(key).send().json().get("statement").get("text").asText()).isEqualTo(STATEMENT);
        assertThat(pdfText(link.group(1)).replace('\n', ' ')).contains("Disputed by the consumer", "receipt.");
    }

    /**
     * POST /my-report/{token}/statement (docs/integrators.md#the-copy-page): a statement over
     * 100 words (FCRA 611(b)) is refused in its dispute's block with the text kept; a dispute
     * takes one statement, and one still open none; a dispute of another report is 404; only
     * the page's own form is taken (its CSRF token, docs/design.md#the-applicants-pages).
     */
    @Test
    void thePageRefusesWhatItCannotFileAndSaysWhy() {
        String email = ReportCopies.applicantEmail();
        String order = walkedOrder(email);
        String dispute = open(order, "The case was not mine.");
        awaitResolved(dispute);
        String open = Api.post("/test_helpers/orders/" + order + "/disputes").key(key).json("{\"dispute\": {\"items\": "
                + "[{\"check\": \"credit\"}], \"reason\": \"Not my accounts. [unanswered]\"}}").send().json().get("id").asText();
        String url = Api.post("/test_helpers/orders/" + order + "/report_copy_link").key(key).send().json().get("url").asText();
        Pages browser = Pages.client();
        String token = browser.get(url).formToken();
        String tooLong = "word ".repeat(101).strip();

        Pages.Page overLong = browser.post(url + "/statement", fields("form_token", token, "dispute", dispute, "statement", tooLong));
        Pages.Page forged = browser.post(url + "/statement", fields("form_token", "forged", "dispute", dispute, "statement", STATEMENT));
        Pages.Page ofAnOpenDispute = browser.post(url + "/statement", fields("form_token", token, "dispute", open,
                "statement", STATEMENT));
        String elsewhere = open(walkedOrder(ReportCopies.applicantEmail()), "Not mine.");
        Pages.Page ofAnotherReport = browser.post(url + "/statement", fields("form_token", token, "dispute", elsewhere,
                "statement", STATEMENT));
        Pages.Page filed = browser.post(url + "/statement", fields("form_token", token, "dispute", dispute, "statement", STATEMENT));
        Pages.Page again = browser.post(url + "/statement", fields("form_token", token, "dispute", dispute, "statement", "Again."));

        assertThat(overLong.status()).isEqualTo(422);
        assertThat(overLong.html()).contains("id=\"after-" + dispute + "-status\"", "Must be at most 100 words; this is 101.",
                ">" + tooLong + "</textarea>");
        assertThat(forged.status()).isEqualTo(403);
        assertThat(ofAnOpenDispute.status()).isEqualTo(422);
        assertThat(ofAnotherReport.status()).isEqualTo(404);
        assertThat(filed.status()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.html()).contains("id=\"after-" + dispute + "-status\"", "This dispute takes no statement");
        assertThat(Api.get("/disputes/" + dispute).key(key).send().json().get("statement").get("text").asText()).isEqualTo(STATEMENT);
        assertThat(Api.get("/disputes/" + open).key(key).send().json().get("statement").isNull()).isTrue();
    }

    /** FCRA 611(b): a dispute whose every item was deleted takes no statement: its outcome email offers none. */
    @Test
    void anOutcomeThatDeletedEverythingOffersNoStatement() {
        String email = ReportCopies.applicantEmail();
        String order = walkedOrder(email);
        open(order, "Never lived there. [deleted]");

        Mailbox.Mail mail = outcomeMail(email);

        assertThat(mail.text()).doesNotContain("#statement-").contains("you have the right to add a short statement",
                "you may dispute it again");
    }

    /**
     * FCRA 611(c) and docs/integrators.md#statements-of-dispute: in live mode the consumer's
     * file spans organisations, so the statement filed on one organisation's report is noted on
     * a later report another organisation orders about the same consumer.
     */
    @Test
    void inLiveModeALaterReportOfAnotherOrganisationNotesTheStatement() {
        TestTenant first = TestTenant.create().billing(BillingSettings.PaymentMethod.OK, false);
        TestTenant second = TestTenant.create().billing(BillingSettings.PaymentMethod.OK, false);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String ssn = random.nextInt(100, 600) + "-" + random.nextInt(10, 100) + "-0001";
        String dob = "19" + random.nextInt(40, 90) + "-0" + random.nextInt(1, 10) + "-1" + random.nextInt(0, 10);
        String email = "live-statement-" + UUID.randomUUID() + "@example.com";
        String order = liveOrder(first, ssn, dob, email);
        String dispute = TestServer.bean(DisputeService.class).open(new Tenant(first.id(), Mode.LIVE), order,
                List.of(new DisputeService.DisputedRecord("eviction", 0)), "The case was not mine.").id();
        Matcher link = statementLink(outcomeMail(email));
        Pages browser = Pages.client();
        String token = browser.get(link.group(1)).formToken();

        assertThat(browser.post(link.group(1) + "/statement", fields("form_token", token, "dispute", dispute, "statement", STATEMENT))
                .status()).isEqualTo(200);

        String later = liveOrder(second, ssn, dob, "live-later-" + UUID.randomUUID() + "@example.com");
        JsonNode noted = Screenings.report(second.liveKey(), later).get("checks").get(1).get("consumer_statements");
        assertThat(noted).hasSize(1);
        assertThat(noted.get(0).get("text").asText()).isEqualTo(STATEMENT);
    }

    /** A completed test order of the applicant-experience profile at this address, with an eviction record. */
    private String walkedOrder(String email) {
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", "123-45-0001").put("dob", "1990-01-01");
        String id = placed(key, body);
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** A live order of the organisation for this consumer, made pending as the applicant's submission does, completed by the sandbox. */
    private static String liveOrder(TestTenant tenant, String ssn, String dob, String email) {
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", ssn).put("dob", dob);
        String id = placed(tenant.liveKey(), body);
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), id, OrderLifecycle.Actor.APPLICANT, Set.of());
        Screenings.awaitStatus(tenant.liveKey(), id, "completed");
        return id;
    }

    /** Opens a dispute of the order's eviction record with the test helper; its id. */
    private String open(String order, String reason) {
        ApiResponse opened = Api.post("/test_helpers/orders/" + order + "/disputes").key(key)
                .json("{\"dispute\": {\"items\": [{\"check\": \"eviction\", \"record\": 0}], \"reason\": \"" + reason + "\"}}").send();
        assertThat(opened.status()).as(opened.body()).isEqualTo(201);
        return opened.json().get("id").asText();
    }

    private void awaitResolved(String id) {
        await("dispute " + id + " resolved").until(() -> Api.get("/disputes/" + id).key(key).send().json(),
                dispute -> dispute.get("status").asText().equals("resolved"));
    }

    private static Mailbox.Mail outcomeMail(String email) {
        return await("the outcome email to " + email).until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals(OUTCOME)).toList(), mails -> !mails.isEmpty()).get(0);
    }

    private static Matcher statementLink(Mailbox.Mail mail) {
        Matcher matcher = STATEMENT_LINK.matcher(mail.text());
        assertThat(matcher.find()).as("a link to the statement form in:\n%s", mail.text()).isTrue();
        return matcher;
    }

    private static String pdfText(String link) throws Exception {
        HttpResponse<byte[]> pdf = HTTP.send(HttpRequest.newBuilder(URI.create(link + "/report.pdf")).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return AdverseActionRequests.text(pdf.body());
    }
}
