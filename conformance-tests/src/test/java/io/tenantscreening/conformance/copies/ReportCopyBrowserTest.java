package io.tenantscreening.conformance.copies;

import io.tenantscreening.conformance.support.DrivesABrowser;
import io.tenantscreening.conformance.support.HeadlessChromium;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The applicant's copy (docs/integrators.md#the-applicants-copy) in a real browser at a
 * phone's width (Debian's Chromium, headless, through Debian's ChromeDriver): the applicant
 * opens the emailed link and reads the report without scrolling sideways, with the PDF
 * offered; later the link has expired, its page offers a new one, and the new one arrives by
 * email. Screenshots go to target/screenshots.
 */
@OwnDatabase
@DrivesABrowser
class ReportCopyBrowserTest {

    private static final int PHONE_WIDTH = 390;
    private static final int PHONE_HEIGHT = 844;

    private WebDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.phone(PHONE_WIDTH, PHONE_HEIGHT);
    }

    @AfterEach
    void closeBrowser() {
        TestServer.clock().reset();
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * openapi.yaml#the-applicants-copy: the page reads well on a phone, and an expired link
     * gets a new one by email (FCRA 609, 612).
     */
    @Test
    void anApplicantReadsTheirReportOnAPhoneAndGetsANewLinkWhenItExpired() throws IOException {
        MovableClock clock = TestServer.clock();
        clock.stopAt(Instant.now().minus(Duration.ofDays(90)));
        String key = TestTenant.create().testKey();
        String email = ReportCopies.applicantEmail();
        String id = placed(key, ReportCopies.withRecordAndPolicy(key, email, "Lakeside Property Management"));
        Screenings.submit(key, id);
        Instant completed = Instant.parse(Screenings.awaitStatus(key, id, "completed").get("completed_at").asText());
        String link = ReportCopies.link(ReportCopies.copyMails(email, 1).get(0));
        clock.stopAt(completed.plus(Duration.ofDays(1)));

        browser.get(link);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Your screening report");
        assertThat(browser.findElement(By.id("procured-by")).getText()).isEqualTo("Lakeside Property Management");
        assertThat(browser.findElement(By.id("result")).getText()).startsWith("Result: CONSIDER");
        assertThat(browser.findElement(By.id("check-eviction")).getText()).contains("Eviction records: consider",
                "Travis County Justice Court, Precinct 5", "Non-payment of rent");
        assertThat(browser.findElement(By.id("ssn")).getText()).isEqualTo("XXX-XX-0001");
        assertThat(browser.findElement(By.id("pdf")).getAttribute("href")).isEqualTo(link + "/report.pdf");
        assertThat(browser.findElement(By.id("pdf")).getSize().getHeight()).as("a tap target").isGreaterThanOrEqualTo(44);
        assertThat(browser.getPageSource()).doesNotContain(ReportCopies.REASON, ReportCopies.SSN, "Recommendation");
        HeadlessChromium.assertNoSidewaysScrolling(browser);
        HeadlessChromium.saveWholePage(browser, "my-report.png");

        clock.reset();
        browser.get(link);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("This link has expired");
        HeadlessChromium.assertNoSidewaysScrolling(browser);
        HeadlessChromium.saveWholePage(browser, "my-report-expired.png");

        browser.findElement(By.cssSelector("button[type=submit]")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.textToBe(By.tagName("h1"), "A new link is on its way"));
        HeadlessChromium.saveWholePage(browser, "my-report-renewal.png");
        List<Mailbox.Mail> mails = ReportCopies.copyMails(email, 2);
        browser.get(ReportCopies.link(mails.get(1)));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Your screening report");
    }

    /** The whole page at the phone's width, as Chromium's DevTools capture it beyond the viewport. */
}
