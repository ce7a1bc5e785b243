package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.DrivesABrowser;
import io.tenantscreening.conformance.support.HeadlessChromium;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Disputes (docs/integrators.md#disputes, docs/integrators.md#the-applicants-copy) in a real
 * browser at a phone's width (headless Chromium): the applicant disputes a record from their
 * copy of the report (FCRA section 611(a)(1)): they tick the record, say why and send the
 * form, which carries the page's CSRF token (docs/design.md#the-applicants-pages); mistakes
 * are shown beside the form (docs/integrators.md#what-a-dispute-names); once sent, the page
 * says by when they hear back and the dispute is open for the landlord to see
 * (GET /orders/{id}/disputes, rule 1); the form stays, so a second dispute can be sent while
 * the first is open (FCRA 611(a)(1)(A), docs/integrators.md#several-disputes-of-one-report).
 */
@DrivesABrowser
class DisputeBrowserTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private WebDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.phone(390, 844);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * docs/integrators.md#the-applicants-copy, docs/integrators.md#what-a-dispute-names: the
     * applicant disputes a record, and a check as a whole, from their copy of the report; a
     * check and its own records are not both ticked (FCRA 611(a)(1)).
     */
    @Test
    void anApplicantDisputesARecordAndAWholeCheckFromTheirCopyOfTheReport() throws Exception {
        String key = TestTenant.create().testKey();
        String email = ReportCopies.applicantEmail();
        String order = placed(key, ReportCopies.withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, order);
        Screenings.awaitStatus(key, order, "completed");
        String link = ReportCopies.link(ReportCopies.copyMails(email, 1).get(0));

        browser.get(link);
        assertThat(browser.findElement(By.id("dispute-heading")).getText()).isEqualTo("Dispute a check or record");
        assertThat(browser.findElement(By.cssSelector("label[for=record-eviction-0]")).getText())
                .contains("Eviction record filed", "Travis County Justice Court, Precinct 5", "Non-payment of rent");
        assertThat(browser.findElement(By.cssSelector("label[for=whole-credit]")).getText())
                .isEqualTo("Credit (the whole check, result: clear)");
        assertThat(browser.findElement(By.cssSelector("label[for=whole-eviction]")).getText())
                .isEqualTo("Eviction records (the whole check, result: consider)");
        assertThat(browser.findElements(By.cssSelector("input[type=checkbox]"))).extracting(box -> box.getAttribute("name"))
                .containsExactly("whole-credit", "whole-eviction", "record-eviction-0", "whole-criminal",
                        "whole-identity_verification", "whole-income_verification");
        assertThat(browser.findElements(By.id("dispute-none"))).isEmpty();
        HeadlessChromium.savePart(browser, browser.findElement(By.id("dispute")), "my-report-dispute-form.png");

        submitDispute();
        assertThat(browser.findElement(By.id("reason-error")).getText()).isEqualTo("Say why you dispute these records or checks.");

        browser.findElement(By.id("reason")).sendKeys("The case was dismissed in 2024. [unanswered]");
        submitDispute();
        assertThat(browser.findElement(By.id("records-error")).getText()).isEqualTo("Tick at least one check or record to dispute.");
        assertThat(browser.findElement(By.id("reason")).getAttribute("value")).isEqualTo("The case was dismissed in 2024. [unanswered]");
        assertThat(Api.get("/orders/" + order + "/disputes").key(key).send().json().get("count").asInt()).isZero();

        browser.findElement(By.id("whole-eviction")).click();
        browser.findElement(By.id("record-eviction-0")).click();
        submitDispute();
        assertThat(browser.findElement(By.id("records-error")).getText())
                .isEqualTo("Tick a check as a whole or some of its records, not both.");
        assertThat(Api.get("/orders/" + order + "/disputes").key(key).send().json().get("count").asInt()).isZero();

        browser.findElement(By.id("record-eviction-0")).click();
        browser.findElement(By.id("whole-credit")).click();
        submitDispute();
        assertThat(browser.findElement(By.id("dispute-opened")).getText()).startsWith("Your dispute is sent.")
                .contains("will email you the outcome");
        HeadlessChromium.assertNoSidewaysScrolling(browser);
        HeadlessChromium.savePart(browser, browser.findElement(By.id("dispute")), "my-report-dispute.png");

        JsonNode disputes = Api.get("/orders/" + order + "/disputes").key(key).send().json();
        assertThat(disputes.get("count").asInt()).isEqualTo(1);
        JsonNode dispute = disputes.get("data").get(0);
        assertThat(dispute.get("status").asText()).isEqualTo("open");
        assertThat(dispute.get("reason").asText()).isEqualTo("The case was dismissed in 2024. [unanswered]");
        assertThat(dispute.get("items")).hasSize(2);
        assertThat(dispute.get("items").get(0).get("check").asText()).isEqualTo("eviction");
        assertThat(dispute.get("items").get(0).get("record").asInt()).isZero();
        assertThat(dispute.get("items").get(1).get("check").asText()).isEqualTo("credit");
        assertThat(dispute.get("items").get(1).get("record").isNull()).isTrue();
        assertThat(dispute.get("items").get(1).get("disputed_check").get("type").asText()).isEqualTo("credit");
        assertThat(Screenings.report(key, order).get("status").asText()).isEqualTo("disputed");

        browser.get(link);
        assertThat(browser.findElement(By.id("dispute-open")).getText()).startsWith("Parts of this report are being looked into.")
                .contains("You can still dispute anything else in it");
        browser.findElement(By.id("whole-identity_verification")).click();
        browser.findElement(By.id("reason")).sendKeys("My identity was verified elsewhere. [unanswered]");
        submitDispute();
        assertThat(browser.findElement(By.id("dispute-opened")).getText()).startsWith("Your dispute is sent.");
        assertThat(Api.get("/orders/" + order + "/disputes").key(key).send().json().get("count").asInt()).isEqualTo(2);
    }

    /** docs/design.md#the-applicants-pages: a dispute is only taken from the page's own form (its CSRF token). */
    @Test
    void aDisputeWithoutThePagesFormTokenIsRefused() throws Exception {
        String key = TestTenant.create().testKey();
        String email = ReportCopies.applicantEmail();
        String order = placed(key, ReportCopies.withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, order);
        Screenings.awaitStatus(key, order, "completed");
        String link = ReportCopies.link(ReportCopies.copyMails(email, 1).get(0));

        HttpResponse<String> forged = HTTP.send(HttpRequest.newBuilder(URI.create(link + "/dispute"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("form_token=forged&record-eviction-0=yes&reason=Not+mine")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(Api.get("/orders/" + order + "/disputes").key(key).send().json().get("count").asInt()).isZero();
        assertThat(Screenings.report(key, order).get("status").asText()).isEqualTo("complete");
    }

    /** Sends the dispute form and waits for the page it loads (a click does not wait for it). */
    private void submitDispute() {
        HeadlessChromium.clickAndAwaitNextPage(browser, browser.findElement(By.id("send-dispute")));
    }
}
