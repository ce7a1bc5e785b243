package io.tenantscreening.conformance.copies;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Pages.Page;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.SummaryOfRights;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.OrganizationService;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Pages.fields;
import static io.tenantscreening.conformance.support.ReportCopies.REASON;
import static io.tenantscreening.conformance.support.ReportCopies.SSN;
import static io.tenantscreening.conformance.support.ReportCopies.applicantEmail;
import static io.tenantscreening.conformance.support.ReportCopies.copyMails;
import static io.tenantscreening.conformance.support.ReportCopies.link;
import static io.tenantscreening.conformance.support.ReportCopies.token;
import static io.tenantscreening.conformance.support.ReportCopies.withRecordAndPolicy;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The applicant's copy (FCRA section 609: the applicant's right to their file; section 612: a
 * free copy, which the adverse action notice promises), openapi.yaml#the-applicants-copy and
 * docs/integrators.md#the-applicants-copy: the email with a link sent when an order
 * completes, the page and the PDF behind it (every check and record, the provider, who
 * procured the report, the summary of consumer rights of FCRA section 609(c); never the
 * recommendation nor more of the SSN than its last four digits), the link kept only as a digest (docs/operators.md#the-applicants-copy), its expiry
 * and renewal to the same address, and the page pipeline of /apply (unknown links, CSRF,
 * headers, log redaction: docs/design.md#the-applicants-pages).
 */
@ExtendWith(FreshTenants.class)
@OwnDatabase
class ReportCopyTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Fresh
    private String key;
    private final Pages browser = Pages.client();

    @AfterEach
    void realTime() {
        TestServer.clock().reset();
    }

    /**
     * openapi.yaml#the-applicants-copy, docs/integrators.md#the-applicants-copy: completion
     * emails the applicant a working link, and only that (FCRA 609, 612).
     */
    @Test
    void completingAnOrderEmailsTheApplicantAWorkingLinkToTheirReport() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");

        Mailbox.Mail mail = copyMails(email, 1).get(0);
        String link = link(mail);
        Page page = browser.get(link);

        assertThat(mail.to()).containsExactly(email);
        assertThat(mail.text()).contains("Lakeside Property Management", "12 Oak Street, Austin, TX 78701", "60 days")
                .doesNotContain("Travis County", "consider", SSN);
        assertThat(mail.html()).contains(link);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.html()).contains("Your screening report", "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .doesNotContain("<script");
    }

    /**
     * docs/integrators.md#the-applicants-copy: the page shows each check and record, the
     * provider and the original requester who procured it (FCRA 609).
     */
    @Test
    void thePageShowsEveryCheckEveryRecordTheProviderAndTheRequesterWhoProcuredIt() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        String reportId = Screenings.report(key, id).get("id").asText();

        String html = browser.get(link(copyMails(email, 1).get(0))).html();

        assertThat(html).contains("Requested by <strong id=\"procured-by\">Lakeside Property Management</strong>",
                "<dd id=\"provider\">test</dd>", reportId, id, "Credit: clear", "Eviction records: consider",
                "Criminal records: clear", "Identity verification: clear", "Travis County Justice Court, Precinct 5",
                "Eviction: Non-payment of rent. Disposition: Judgment for plaintiff.", "No records found.",
                "Score (VantageScore 4.0)", "Identity verified: yes", "Income verification: clear", "Verified gross monthly income: $5,200.00", "Result: CONSIDER", "12 Oak Street",
                "XXX-XX-0001", "Jamie Rivera", TestServer.AGENCY_NAME);
    }

    /**
     * openapi.yaml#the-applicants-copy: without an original requester the organisation
     * procured the report, and the copy says so (FCRA 609).
     */
    @Test
    void withoutARequesterTheOrganisationIsNamedAsWhoProcuredTheReport() {
        TestTenant tenant = TestTenant.create();
        String ownKey = tenant.testKey();
        String email = applicantEmail();
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", SSN);
        String id = placed(ownKey, body);
        Screenings.submit(ownKey, id);
        Screenings.awaitStatus(ownKey, id, "completed");
        String organisation = TestServer.bean(OrganizationService.class).require(tenant.id()).name();

        String link = link(copyMails(email, 1).get(0));
        Page page = browser.get(link);
        String pdf = pdfText(pdf(link).body());

        assertThat(page.html()).contains("Requested by <strong id=\"procured-by\">" + organisation + "</strong>");
        assertThat(pdf).contains("Requested by: " + organisation);
    }

    /**
     * openapi.yaml#the-applicants-copy: neither the page nor the PDF shows the landlord's
     * recommendation or more of the SSN than its last four digits, although the API's PDF
     * of the same report has the recommendation (FCRA 609).
     */
    @Test
    void neitherThePageNorThePdfShowsTheRecommendationOrTheFullSsn() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        String reportId = Screenings.report(key, id).get("id").asText();
        String apiPdf = pdfText(Api.get("/reports/" + reportId + "/pdf").key(key).send().bytes());

        String link = link(copyMails(email, 1).get(0));
        String html = browser.get(link).html();
        HttpResponse<byte[]> download = pdf(link);
        String pdf = pdfText(download.body());

        assertThat(apiPdf).contains(REASON, "Recommendation: DECLINE");
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.headers().firstValue("Content-Type").orElseThrow()).isEqualTo("application/pdf");
        assertThat(download.headers().firstValue("Content-Disposition").orElseThrow())
                .isEqualTo("attachment; filename=\"screening-report-" + reportId + ".pdf\"");
        assertThat(pdf).contains("Tenant screening report", "Requested by: Lakeside Property Management",
                "Eviction records: consider", "Travis County Justice Court, Precinct 5", "XXX-XX-0001", reportId);
        for (String text : List.of(html, pdf)) {
            assertThat(text).doesNotContain(REASON, "Recommendation", "DECLINE", "decline", "evictions_above_maximum",
                    "Standard apartments", SSN, "524710001", "524-71");
        }
    }

    /**
     * FCRA section 609(c), 12 CFR part 1022 appendix K: the applicant's copy is a written
     * disclosure to the consumer, so its page and its PDF both end with the summary of
     * consumer rights in full, every element of the model form (docs/integrators.md#the-applicants-copy);
     * the API's PDF of the same report, the organisation's, does not carry it.
     */
    @Test
    void thePageAndThePdfCarryEveryElementOfTheSummaryOfConsumerRights() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        String reportId = Screenings.report(key, id).get("id").asText();

        String link = link(copyMails(email, 1).get(0));
        String html = browser.get(link).html();
        String pdf = pdfText(pdf(link).body());

        SummaryOfRights.assertInPage("the applicant's copy as a page", html);
        SummaryOfRights.assertInPdf("the applicant's copy as PDF", pdf);
        assertThat(html).containsSubsequence("id=\"procurements\"", "id=\"summary-of-rights\"",
                "A summary of your rights under the Fair Credit Reporting Act");
        assertThat(pdf).containsSubsequence("Who received reports about you in the past year",
                "A summary of your rights under the Fair Credit Reporting Act", "Who enforces the law");
        assertThat(pdfText(Api.get("/reports/" + reportId + "/pdf").key(key).send().bytes()))
                .doesNotContain("A summary of your rights", "Who enforces the law");
    }

    /**
     * docs/operators.md#the-applicants-copy: the token is stored only as its SHA-256 digest;
     * the random seed it is computed from is gone once the email is sent.
     */
    @Test
    void onlyTheDigestOfTheTokenIsStored() throws NoSuchAlgorithmException {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        String token = token(link(copyMails(email, 1).get(0)));
        awaitSent(id);

        List<Object> row = TestDatabase.rows("SELECT token_digest, token_key_id, token_nonce, email FROM report_copy_links "
                + "WHERE order_id = ?", id).get(0);

        assertThat((byte[]) row.get(0)).isEqualTo(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII)));
        assertThat(row.get(1)).isNull();
        assertThat(row.get(2)).isNull();
        assertThat(row.get(3)).isEqualTo(email);
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links l WHERE strpos(row_to_json(l)::text, ?) > 0", token)).isZero();
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE strpos(encode(task_data, 'escape'), ?) > 0", token)).isZero();
        assertThat(TestDatabase.number("SELECT count(*) FROM events e WHERE strpos(row_to_json(e)::text, ?) > 0", token)).isZero();
    }

    /**
     * docs/operators.md#the-applicants-copy: an address the mail server refuses for good ends
     * the email's work, and the link keeps only its digest.
     */
    @Test
    void anAddressRefusedForGoodIsNotTriedAgain() {
        String email = applicantEmail();
        Mailbox.answerRecipient(email, "550 5.1.1 No such mailbox here");
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");

        awaitSent(id);

        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ? AND token_nonce IS NULL", id)).isOne();
        assertThat(Mailbox.to(email)).isEmpty();
    }

    /**
     * openapi.yaml#the-applicants-copy: in test mode, as every test email, only the
     * applicant-experience profile (@apply.test) gets a link.
     */
    @Test
    void anOrdinaryTestApplicantGetsNoLink() {
        String email = "ordinary-" + UUID.randomUUID() + "@example.com";
        ObjectNode body = body();
        applicant(body).put("email", email);
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");

        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", id)).isZero();
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'send-report-copy-email' "
                + "AND strpos(encode(task_data, 'escape'), ?) > 0", id)).isZero();
        assertThat(Mailbox.to(email)).isEmpty();
    }

    /**
     * docs/integrators.md#the-applicants-copy, docs/operators.md#the-applicants-copy: a link
     * works for 60 days; then its page and its PDF say it expired and offer a new link, which
     * is emailed to the same address only (never shown), and a second request right after is
     * refused for a while (FCRA 612: the free copy stays within reach).
     */
    @Test
    void anExpiredLinkOffersANewOneByEmailToTheSameAddressOnly() {
        MovableClock clock = TestServer.clock();
        Instant past = Instant.now().minus(Duration.ofDays(61));
        clock.stopAt(past);
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Instant completed = Instant.parse(Screenings.awaitStatus(key, id, "completed").get("completed_at").asText());
        String link = link(copyMails(email, 1).get(0));

        clock.stopAt(completed.plus(Duration.ofDays(60)).minusSeconds(1));
        Page lastDay = browser.get(link);
        clock.stopAt(completed.plus(Duration.ofDays(60)));
        Page expired = browser.get(link);
        HttpResponse<byte[]> expiredPdf = pdf(link);
        clock.reset();
        Page refusedForgery = browser.post(link + "/renew", fields("form_token", "test-1.forged"));
        Page renewed = browser.post(link + "/renew", fields("form_token", expired.formToken()));
        List<Mailbox.Mail> mails = copyMails(email, 2);
        String newLink = link(mails.get(1));
        Page again = browser.post(link + "/renew", fields("form_token", expired.formToken()));

        assertThat(lastDay.status()).isEqualTo(200);
        assertThat(expired.status()).isEqualTo(410);
        assertThat(expired.html()).contains("This link has expired", "Email me a new link", "action=\"/my-report/" + token(link) + "/renew\"")
                .doesNotContain("Travis County", "XXX-XX-0001");
        assertThat(expiredPdf.statusCode()).isEqualTo(410);
        assertThat(refusedForgery.status()).isEqualTo(403);
        assertThat(renewed.status()).isEqualTo(200);
        assertThat(renewed.html()).contains("A new link is on its way").doesNotContain("/my-report/", token(newLink));
        assertThat(mails.get(1).to()).containsExactly(email);
        assertThat(newLink).isNotEqualTo(link);
        assertThat(browser.get(newLink).status()).isEqualTo(200);
        assertThat(browser.get(link).status()).isEqualTo(410);
        assertThat(again.status()).isEqualTo(429);
        assertThat(Long.parseLong(again.retryAfter())).isBetween(1L, 600L);
        assertThat(again.html()).contains("A new link was sent recently").doesNotContain(token(newLink));
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", id)).isEqualTo(2);
        assertThat(TestDatabase.rows("SELECT DISTINCT email FROM report_copy_links WHERE order_id = ?", id)).containsExactly(List.of(email));
    }

    /**
     * docs/operators.md#the-applicants-copy: the limits of new links count the links asked for
     * only; a link that a notice of the service carries (here a dispute's results, FCRA
     * 611(a)(6)) made just before does not make the applicant wait.
     */
    @Test
    void aLinkInANoticeDoesNotCountAgainstTheLinksTheApplicantAsksFor() {
        MovableClock clock = TestServer.clock();
        clock.stopAt(Instant.now().minus(Duration.ofDays(61)));
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Instant completed = Instant.parse(Screenings.awaitStatus(key, id, "completed").get("completed_at").asText());
        String link = link(copyMails(email, 1).get(0));
        clock.stopAt(completed.plus(Duration.ofDays(60)));
        Page expired = browser.get(link);
        clock.reset();
        Api.post("/test_helpers/orders/" + id + "/disputes").key(key)
                .json("{\"dispute\":{\"items\":[{\"check\":\"eviction\",\"record\":0}],\"reason\":\"Not my case. [deleted]\"}}")
                .send();
        await("the dispute's results to " + email).until(() -> Mailbox.to(email).stream()
                .anyMatch(mail -> mail.subject().equals("The outcome of your dispute of your screening report")));

        Page renewed = browser.post(link + "/renew", fields("form_token", expired.formToken()));

        assertThat(renewed.status()).as(renewed.html()).isEqualTo(200);
        assertThat(renewed.html()).contains("A new link is on its way");
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ? AND for_notice", id)).isOne();
    }

    /**
     * docs/integrators.md#the-applicants-copy: a link that works again (a clock set back)
     * needs no new one, and gets the report page instead of a new email.
     */
    @Test
    void aLinkThatStillWorksGetsNoNewLink() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Instant completed = Instant.parse(Screenings.awaitStatus(key, id, "completed").get("completed_at").asText());
        String link = link(copyMails(email, 1).get(0));
        MovableClock clock = TestServer.clock();
        clock.stopAt(completed.plus(Duration.ofDays(61)));
        String formToken = browser.get(link).formToken();
        clock.reset();

        Page answer = browser.post(link + "/renew", fields("form_token", formToken));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.html()).contains("Your screening report", "Travis County Justice Court, Precinct 5");
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", id)).isOne();
    }

    /**
     * docs/integrators.md#the-applicants-copy, docs/design.md#the-applicants-pages: an unknown
     * link, or another page's token (an application link's), gets the HTML error pages of
     * /apply, and counts against the same limit on wrong links; a real link is still served
     * to a client over the limit.
     */
    @Test
    void unknownAndForeignTokensGetTheErrorPagesAndTheWrongLinkLimitOfApply() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        String applicationUrl = Api.get("/orders/" + id).key(key).send().json().get("application_url").asText();
        String applicationToken = applicationUrl.substring(applicationUrl.lastIndexOf('/') + 1);
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        String link = link(copyMails(email, 1).get(0));
        Pages client = Pages.client();
        MovableClock clock = TestServer.clock();
        clock.stopAt(Instant.now());

        List<Page> misses = new ArrayList<>();
        misses.add(client.get(TestServer.baseUrl() + "/my-report/" + applicationToken));
        misses.add(client.get(TestServer.baseUrl() + "/apply/" + token(link)));
        misses.add(client.get(TestServer.baseUrl() + "/my-report/short"));
        misses.add(client.get(TestServer.baseUrl() + "/my-report/" + "B".repeat(43) + "/report.pdf"));
        misses.add(client.post(TestServer.baseUrl() + "/my-report/" + "C".repeat(43) + "/renew", fields("form_token", "x")));
        for (int i = misses.size(); i < 10; i++) {
            misses.add(client.get(TestServer.baseUrl() + "/my-report/" + "A".repeat(40) + String.format("%03d", i)));
        }
        Page refused = client.get(TestServer.baseUrl() + "/my-report/" + "D".repeat(43));
        Page served = client.get(link);

        assertThat(misses).allSatisfy(page -> {
            assertThat(page.status()).isEqualTo(404);
            assertThat(page.contentType()).startsWith("text/html");
            assertThat(page.html()).contains("This page does not exist").doesNotContain("\"errors\"", "Exception");
        });
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.html()).contains("Too many attempts");
        assertThat(Long.parseLong(refused.retryAfter())).isBetween(1L, 600L);
        assertThat(served.status()).isEqualTo(200);
    }

    /**
     * docs/design.md#the-applicants-pages: the pages of /apply's pipeline: no key, no caching,
     * no referrer, a strict CSP, and the token never logged.
     */
    @Test
    void thePageHasTheHeadersOfApplyAndItsTokenNeverReachesTheLog() {
        String email = applicantEmail();
        String id = placed(key, withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");
        String link = link(copyMails(email, 1).get(0));
        String path = link.substring(link.indexOf("/my-report/"));
        String token = token(link);
        RawHttp.Response page;
        RawHttp.Response document;
        List<String> access = new ArrayList<>();
        List<String> all = new ArrayList<>();
        try (CapturedLogs accessLog = CapturedLogs.of("access"); CapturedLogs rootLog = CapturedLogs.of(org.slf4j.Logger.ROOT_LOGGER_NAME)) {
            page = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", path, Map.of(), null), Duration.ofSeconds(10));
            document = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", path + "/report.pdf", Map.of(), null),
                    Duration.ofSeconds(10));
            access.addAll(accessLog.lines());
            all.addAll(rootLog.lines());
        }

        for (RawHttp.Response response : List.of(page, document)) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Cache-Control")).isEqualTo("no-store");
            assertThat(response.header("Referrer-Policy")).isEqualTo("no-referrer");
            assertThat(response.header("Content-Security-Policy")).isEqualTo("default-src 'self'; frame-ancestors 'none'; form-action 'self'");
            assertThat(response.header("X-Frame-Options")).isEqualTo("DENY");
        }
        assertThat(access).anyMatch(line -> line.contains("path=/my-report/[redacted] status=200"))
                .anyMatch(line -> line.contains("path=/my-report/[redacted]/report.pdf status=200"));
        assertThat(all).noneMatch(line -> line.contains(token));
    }

    private HttpResponse<byte[]> pdf(String link) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(link + "/report.pdf")).header(Pages.CLIENT_HEADER, browser.address())
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static String pdfText(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void awaitSent(String orderId) {
        await("the link of order " + orderId + " was marked sent").until(() -> TestDatabase.number(
                "SELECT count(*) FROM report_copy_links WHERE order_id = ? AND sent_at IS NOT NULL", orderId) > 0);
    }
}
