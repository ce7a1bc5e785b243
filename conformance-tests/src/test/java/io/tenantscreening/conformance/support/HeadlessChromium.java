package io.tenantscreening.conformance.support;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Debian's Chromium, headless, driven by Selenium through Debian's ChromeDriver (nothing is
 * downloaded; .ci/run installs both), without background networking: only the pages a test
 * opens are loaded. Screenshots go to conformance-tests/target/screenshots.
 */
public final class HeadlessChromium {

    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    private HeadlessChromium() {
    }

    /** A browser with a desktop window. */
    public static ChromeDriver desktop() {
        return start(null);
    }

    /** A browser emulating a phone's screen of this size (desktop windows have a minimum width). */
    public static ChromeDriver phone(int width, int height) {
        return start(Map.of("deviceMetrics", Map.of("width", width, "height", height, "pixelRatio", 1.0, "touch", true)));
    }

    private static ChromeDriver start(Map<String, Object> mobileEmulation) {
        assertThat(new File(CHROMIUM)).as("Chromium from the OS packages (apt-get install chromium chromium-driver; "
                + ".ci/run does)").exists();
        assertThat(new File(CHROMEDRIVER)).as("ChromeDriver from the OS packages").exists();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
                "--window-size=1280,1024");
        if (mobileEmulation != null) {
            options.setExperimentalOption("mobileEmulation", mobileEmulation);
        }
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
                .usingAnyFreePort().build();
        ChromeDriver browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return browser;
    }

    /**
     * Clicks a button that sends a form and waits until the browser shows the page the form
     * loads. The old page is marked first; while Chromium swaps documents, a question about the
     * old page may fail in several ways (stale element, a node of a detached document), so
     * failures are retried until the new, unmarked page has finished loading.
     */
    public static void clickAndAwaitNextPage(WebDriver browser, WebElement button) {
        JavascriptExecutor script = (JavascriptExecutor) browser;
        script.executeScript("window.__previousPage = true;");
        button.click();
        awaitPage(browser).until(driver -> (Boolean) script.executeScript(
                "return window.__previousPage === undefined && document.readyState === 'complete';"));
    }

    /**
     * A wait (at most 15 s) for a condition of a page that may be being replaced (a form's
     * next page loading, a page reloading itself): a question about the page on its way out
     * may fail in several ways (a stale element, a node of a detached document), so it is
     * asked again until the condition holds.
     */
    public static WebDriverWait awaitPage(WebDriver browser) {
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        wait.ignoring(WebDriverException.class);
        return wait;
    }

    /** The page scrolls only up and down: nothing is wider than the screen. */
    public static void assertNoSidewaysScrolling(WebDriver browser) {
        assertThat((Long) ((JavascriptExecutor) browser).executeScript(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"))
                .as("horizontal scrolling on a phone").isZero();
    }

    /** What the screen shows now, as a person would see it without scrolling. */
    public static void saveScreen(WebDriver browser, String name) {
        write(name, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /** The whole page at the screen's width, as Chromium's DevTools capture it beyond the viewport. */
    public static void saveWholePage(WebDriver browser, String name) {
        ChromeDriver chrome = (ChromeDriver) browser;
        Map<String, Object> metrics = chrome.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Number> size = (Map<String, Number>) metrics.get("cssContentSize");
        @SuppressWarnings("unchecked")
        Map<String, Number> viewport = (Map<String, Number>) metrics.get("cssLayoutViewport");
        save(chrome, name, 0, viewport.get("clientWidth"), size.get("height"));
    }

    /** The band of the page this element covers, at the screen's full width. */
    public static void savePart(WebDriver browser, WebElement part, String name) {
        ChromeDriver chrome = (ChromeDriver) browser;
        Map<String, Object> metrics = chrome.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Number> viewport = (Map<String, Number>) metrics.get("cssLayoutViewport");
        Number top = (Number) ((JavascriptExecutor) browser).executeScript(
                "return arguments[0].getBoundingClientRect().top + window.scrollY;", part);
        save(chrome, name, top, viewport.get("clientWidth"), part.getRect().getHeight());
    }

    private static void save(ChromeDriver chrome, String name, Number top, Number width, Number height) {
        Map<String, Object> shot = chrome.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", top, "width", width, "height", height, "scale", 1)));
        write(name, Base64.getDecoder().decode((String) shot.get("data")));
    }

    private static void write(String name, byte[] png) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name), png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
