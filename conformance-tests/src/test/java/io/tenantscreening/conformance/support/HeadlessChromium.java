package io.tenantscreening.conformance.support;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Debian's Chromium, headless, driven by Selenium through Debian's ChromeDriver (nothing is
 * downloaded; .ci/run installs both), without background networking: only the pages a test
 * opens are loaded.
 */
public final class HeadlessChromium {

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
}
