package io.tenantscreening.conformance.payments;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApplicantPayments.PaidOrder;
import io.tenantscreening.conformance.support.ApplicantPayments;
import io.tenantscreening.conformance.support.DrivesABrowser;
import io.tenantscreening.conformance.support.HeadlessChromium;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#orders-the-applicant-pays in a real browser: Debian's Chromium,
 * headless, at a phone's width. The applicant of an applicant-paid live order leaves the
 * built-in checkout without paying, tries to submit unpaid, has a card declined, pays, and
 * submits. Screenshots of each step go to target/screenshots.
 */
@DrivesABrowser
class ApplicantPaysBrowserTest {

    private WebDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.phone(412, 915);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: on a phone the applicant can leave the checkout, is refused unpaid, recovers from a decline, pays and submits")
    void anApplicantPaysOnAPhoneThroughEveryFailureAndSubmits() throws IOException {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());

        browser.get(order.applicationUrl());
        assertThat(browser.findElement(By.id("price")).getText()).isEqualTo("$25.00");
        assertThat((Long) ((JavascriptExecutor) browser).executeScript(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"))
                .as("horizontal scrolling on a phone").isZero();
        HeadlessChromium.saveWholePage(browser, "pay-apply.png");

        browser.findElement(By.id("pay")).click();
        page().until(ExpectedConditions.textToBe(By.tagName("h1"), "Payment"));
        assertThat(browser.getCurrentUrl()).contains("/apply/pay/bcs_");
        HeadlessChromium.saveWholePage(browser, "pay-checkout.png");
        browser.findElement(By.linkText("Cancel and go back")).click();
        page().until(ExpectedConditions.presenceOfElementLocated(By.id("payment-left")));
        HeadlessChromium.saveWholePage(browser, "pay-left-checkout.png");

        browser.findElement(By.id("dob")).sendKeys("04/27/1990");
        browser.findElement(By.id("ssn")).sendKeys("524-71-9083");
        browser.findElement(By.id("consent")).click();
        browser.findElement(By.cssSelector("form:not([action]) button[type=submit]")).click();
        page().until(ExpectedConditions.presenceOfElementLocated(By.id("payment-error")));
        assertThat(browser.findElement(By.cssSelector(".error-summary")).getText()).contains("Pay for your screening first");
        HeadlessChromium.saveWholePage(browser, "pay-consent-refused.png");

        browser.findElement(By.id("pay")).click();
        page().until(ExpectedConditions.textToBe(By.tagName("h1"), "Payment"));
        browser.findElement(By.id("outcome-card_declined")).click();
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        page().until(ExpectedConditions.textToBePresentInElementLocated(By.id("payment-status"), "did not go through"));
        assertThat(browser.findElement(By.id("pay")).getText()).isEqualTo("Try again: pay $25.00");
        HeadlessChromium.saveWholePage(browser, "pay-declined.png");

        browser.findElement(By.id("pay")).click();
        page().until(ExpectedConditions.textToBe(By.tagName("h1"), "Payment"));
        browser.findElement(By.id("outcome-succeeded")).click();
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        page().until(ExpectedConditions.textToBePresentInElementLocated(By.id("payment-status"), "Paid, thank you"));
        HeadlessChromium.saveWholePage(browser, "pay-paid.png");

        browser.findElement(By.id("dob")).sendKeys("04/27/1990");
        browser.findElement(By.id("ssn")).sendKeys("524-71-9083");
        if (!browser.findElement(By.id("consent")).isSelected()) {
            browser.findElement(By.id("consent")).click();
        }
        browser.findElement(By.cssSelector("form:not([action]) button[type=submit]")).click();
        page().until(ExpectedConditions.textToBe(By.tagName("h1"), "Thank you, your application is submitted"));
        HeadlessChromium.saveWholePage(browser, "pay-submitted.png");
        assertThat(Api.get("/orders/" + order.id()).key(order.key()).send().json().get("status").asText()).isIn("pending", "completed");
    }

    /** Waits for the page a form submission or a payment's confirmation loads. */
    private WebDriverWait page() {
        return HeadlessChromium.awaitPage(browser);
    }
}
