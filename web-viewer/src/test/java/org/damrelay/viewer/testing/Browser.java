package org.damrelay.viewer.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Headless Chromium from the system packages; Selenium Manager never downloads anything. */
public final class Browser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    // Selenium warns at every start that it has no CDP bindings for this Chromium; WebDriver itself
    // needs none. Held in a field: java.util.logging forgets levels of loggers nobody references.
    private static final Logger SELENIUM = Logger.getLogger("org.openqa.selenium");

    static {
        SELENIUM.setLevel(Level.SEVERE);
    }

    private final ChromeDriver driver;
    private final Path profile;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Skips the calling test (with the reason) when Chromium or chromedriver is not installed. */
    public static Browser open() throws IOException {
        return open("en-US");
    }

    /**
     * A browser whose user prefers {@code language} (a BCP 47 tag such as "nl-NL"): the UI language
     * and the Accept-Language list, so {@code navigator.languages} starts with it.
     */
    public static Browser open(String language) throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "browser tests need Debian's chromium and chromium-driver at " + CHROMIUM + " and " + CHROMEDRIVER);
        Path profile = Files.createTempDirectory("damrelay-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--window-size=1920,1080", "--lang=" + language);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(20)).scriptTimeout(Duration.ofSeconds(10));
        return new Browser(driver, profile);
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** Resizes the viewport (not the window) to width x height CSS pixels. */
    public void viewport(int width, int height) {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of(
                "width", width, "height", height, "deviceScaleFactor", 1, "mobile", width < 600));
    }

    /**
     * Starts this tab's arbiter session afresh with {@code token} (null: signed out), set on the relay's
     * start page. Never set it on a console page and reload: that page may still be starting (it
     * loads its words first), read the token itself, and remove it when the relay refuses it, before
     * the reload reads it.
     */
    public void arbiterSession(String relayUrl, String token) {
        driver.get(relayUrl + "/index.html");
        driver.executeScript("sessionStorage.clear(); if (arguments[0] !== null) sessionStorage.setItem('damrelay.arbiterToken', arguments[0])", token);
    }

    /** How wide the laid-out page is: wider than the viewport means sideways scrolling on a phone. */
    public long pageWidth() {
        return ((Number) driver.executeScript("return document.documentElement.scrollWidth")).longValue();
    }

    /** Text whose colour contrast with its background is below WCAG AA; empty when all is readable. */
    @SuppressWarnings("unchecked")
    public List<String> lowContrastText() throws IOException {
        try (var in = Browser.class.getResourceAsStream("/damrelay-test/contrast.js")) {
            String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return (List<String>) driver.executeScript(script);
        }
    }

    public void resetViewport() {
        driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        driver.manage().window().setSize(new Dimension(1920, 1080));
    }

    /** Saves the page as target/screenshots/name.png (full page height at the current width). */
    public Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Path file = SCREENSHOTS.resolve(name + ".png");
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
