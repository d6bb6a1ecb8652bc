package org.damrelay.viewer.testing;

import java.io.IOException;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestDriver;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * What every browser test stands on: a headless browser, the live relay with the team-match round,
 * and the hall's driver feeding it (the relay's own test driver). Opens the browser first, so a
 * machine without Chromium skips before a relay is started.
 */
public final class LiveHall implements AutoCloseable {

    private final Browser browser;
    private final LiveRelay relay;
    private final TestDriver hall;

    private LiveHall(Browser browser, LiveRelay relay, TestDriver hall) {
        this.browser = browser;
        this.relay = relay;
        this.hall = hall;
    }

    public static LiveHall open(int round3DelaySeconds) throws Exception {
        Browser browser = Browser.open();
        LiveRelay relay = null;
        try {
            relay = LiveRelay.start(round3DelaySeconds);
            TestDriver hall = relay.connectDriver();
            return new LiveHall(browser, relay, hall);
        } catch (Exception | Error e) {
            if (relay != null) relay.close();
            browser.close();
            throw e;
        }
    }

    public Browser browser() {
        return browser;
    }

    public ChromeDriver driver() {
        return browser.driver();
    }

    public LiveRelay relay() {
        return relay;
    }

    public TestDriver hall() {
        return hall;
    }

    /** A second arbiter screen, signed in to the event, for the relay's side of what the console did. */
    public TestArbiter arbiter() throws Exception {
        return TestArbiter.connect(relay.port(), LiveRelay.ARBITER_TOKEN, LiveRelay.EVENT, "test arbiter");
    }

    @Override
    public void close() throws IOException {
        hall.close();
        try {
            relay.close();
        } finally {
            browser.close();
        }
    }
}
