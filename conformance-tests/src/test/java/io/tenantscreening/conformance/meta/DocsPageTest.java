package io.tenantscreening.conformance.meta;

import io.tenantscreening.conformance.support.DrivesABrowser;
import io.tenantscreening.conformance.support.HeadlessChromium;
import io.tenantscreening.conformance.support.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README.md#reference-page: GET /docs is a reference page for integrators, rendered from
 * the served openapi.yaml in a real browser, with no key, and everything it loads comes from
 * the service itself, which its Content-Security-Policy allows without refusing anything.
 */
@DrivesABrowser
class DocsPageTest {

    private ChromeDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.desktop();
    }

    @AfterEach
    void closeBrowser() {
        browser.quit();
    }

    @Test
    void theReferencePageShowsTheOperationsAndTheOrderSchemaFromTheServedContract() {
        browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source",
                "window.violations = []; document.addEventListener('securitypolicyviolation',"
                        + " event => window.violations.push(event.effectiveDirective + ' ' + event.blockedURI));"));
        browser.get(TestServer.baseUrl() + "/docs");
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20));

        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));
        assertThat((List<?>) ((JavascriptExecutor) browser).executeScript("return window.violations;"))
                .as("what the page's Content-Security-Policy refused").isEmpty();
        List<String> paths = browser.findElements(By.cssSelector(".opblock-summary-path")).stream()
                .map(element -> element.getAttribute("data-path")).toList();
        assertThat(paths).contains("/orders", "/orders/{id}", "/orders/{id}/report", "/webhook_endpoints", "/health/readiness");
        assertThat(browser.findElement(By.cssSelector(".info .title")).getText()).contains("Tenant Screening API");

        browser.findElement(By.id("model-Order")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("model-Order"), "application_url"));
        assertThat(browser.findElement(By.id("model-Order")).getText()).contains("status", "package", "applicant_id");

        @SuppressWarnings("unchecked")
        List<String> loaded = (List<String>) ((JavascriptExecutor) browser).executeScript(
                "return performance.getEntriesByType('resource').map(entry => entry.name);");
        assertThat(loaded).isNotEmpty().allMatch(url -> url.startsWith(TestServer.baseUrl() + "/"));
    }

    // README.md#reference-page: on a laptop's screen (1280 by 800) the page opens on the
    // operations, the first of them shown whole without scrolling, and the description links
    // each topic to a tag of the page.
    @Test
    void theFirstScreenShowsTheFirstOperationAndTheDescriptionLinksToTags() {
        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", 1280, "height", 800, "deviceScaleFactor", 1, "mobile", false));
        browser.get(TestServer.baseUrl() + "/docs");
        WebElement first = new WebDriverWait(browser, Duration.ofSeconds(20))
                .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".opblock .opblock-summary")));
        HeadlessChromium.saveScreen(browser, "docs-first-screen.png");

        JavascriptExecutor script = browser;
        Number screen = (Number) script.executeScript("return window.innerHeight;");
        Number bottom = (Number) script.executeScript("return arguments[0].getBoundingClientRect().bottom;", first);
        assertThat(screen.intValue()).as("the screen's height").isEqualTo(800);
        assertThat(bottom.doubleValue()).as("where the first operation ends, in pixels from the top of the screen")
                .isLessThanOrEqualTo(screen.doubleValue());

        List<String> linked = browser.findElements(By.cssSelector(".info .description a[href^='#/']")).stream()
                .map(link -> URLDecoder.decode(link.getAttribute("href").replaceFirst("^.*#/", ""), StandardCharsets.UTF_8))
                .toList();
        List<String> tags = browser.findElements(By.cssSelector(".opblock-tag[data-tag]")).stream()
                .map(tag -> tag.getAttribute("data-tag")).toList();
        assertThat(linked).as("tags the description links to").isNotEmpty().allMatch(tags::contains);
    }
}
