package io.tenantscreening.conformance.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.DrivesABrowser;
import io.tenantscreening.conformance.support.HeadlessChromium;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#the-apply-flow (and openapi.yaml#apply-flow), end to end in a real
 * browser: Debian's Chromium, headless, at a phone's width, driven by Selenium through
 * Debian's ChromeDriver (nothing is downloaded). The applicant opens the link from the email
 * GreenMail received, makes one mistake, sees it beside its field, corrects it, submits, and
 * the order is pending. Screenshots go to target/screenshots.
 */
@DrivesABrowser
class ApplyBrowserTest {

    private static final int PHONE_WIDTH = 412;
    private static final int PHONE_HEIGHT = 915;

    private WebDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.phone(PHONE_WIDTH, PHONE_HEIGHT);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void anApplicantOpensTheEmailedLinkCorrectsAMistakeAndSubmits() throws IOException {
        String key = TestTenant.create().testKey();
        String email = "browser-" + UUID.randomUUID() + "@apply.test";
        ObjectNode body = body();
        applicant(body).put("email", email).put("first_name", "Jamie");
        ((ObjectNode) order(body).get("property")).put("name", "Maple Court").put("unit", "Apt 4B");
        order(body).putArray("add_on_products").add("identity_verification");
        order(body).putObject("original_requester").put("external_id", "crm-" + UUID.randomUUID()).put("type", "business")
                .put("name", "Lakeside Property Management");
        String id = placed(key, body);
        String text = Mailbox.await(email, 1).get(0).text();
        String link = text.substring(text.indexOf("http://"), text.indexOf('\n', text.indexOf("http://"))).strip();

        browser.get(link);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Your rental screening");
        assertThat(browser.findElement(By.cssSelector(".property")).getText()).contains("Maple Court",
                "12 Oak Street, Apt 4B, Austin, TX 78701");
        assertThat(browser.findElement(By.cssSelector(".lead")).getText()).contains("Lakeside Property Management");
        assertThat((Long) ((JavascriptExecutor) browser).executeScript(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"))
                .as("horizontal scrolling on a phone").isZero();
        HeadlessChromium.saveWholePage(browser, "apply-form.png");

        browser.findElement(By.id("dob")).sendKeys("02/30/1990");
        browser.findElement(By.id("ssn")).sendKeys("524-71-9083");
        browser.findElement(By.id("consent")).click();
        browser.findElement(By.cssSelector("button[type=submit]")).click();

        page().until(ExpectedConditions.presenceOfElementLocated(By.id("dob-error")));
        assertThat(browser.findElement(By.id("dob-error")).getText()).isEqualTo("Enter a real date as MM/DD/YYYY, like 04/27/1990.");
        assertThat(browser.findElement(By.cssSelector(".error-summary")).getText()).contains("Enter a real date");
        assertThat(browser.findElement(By.id("dob")).getAttribute("value")).isEqualTo("02/30/1990");
        assertThat(browser.findElement(By.id("ssn")).getAttribute("value")).isEmpty();
        assertThat(browser.findElement(By.id("consent")).isSelected()).isTrue();
        assertThat(browser.getPageSource()).doesNotContain("9083");
        HeadlessChromium.saveWholePage(browser, "apply-form-error.png");

        browser.findElement(By.id("dob")).clear();
        browser.findElement(By.id("dob")).sendKeys("04/27/1990");
        browser.findElement(By.id("ssn")).sendKeys("524-71-9083");
        browser.findElement(By.cssSelector("button[type=submit]")).click();

        page().until(ExpectedConditions.textToBe(By.tagName("h1"), "Thank you, your application is submitted"));
        HeadlessChromium.saveWholePage(browser, "apply-submitted.png");
        assertThat(Api.get("/orders/" + id).key(key).send().json().get("status").asText()).isIn("pending", "completed");
    }

    /** Waits for the page a form submission loads. */
    private WebDriverWait page() {
        return HeadlessChromium.awaitPage(browser);
    }

    /** The whole page at the phone's width, as Chromium's DevTools capture it beyond the viewport. */
}
