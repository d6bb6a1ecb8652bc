package org.damrelay.viewer.browser;

import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.viewer.testing.Browser;
import org.damrelay.viewer.testing.LiveHall;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.chrome.ChromeDriver;

/** One live hall (browser, relay, driver) shared by the tests of a class: starting Chromium is the slow part. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LiveHallTestBase {

    private LiveHall live;
    protected Browser browser;
    protected LiveRelay relay;
    protected TestDriver hall;

    @BeforeAll
    void openHall() throws Exception {
        live = LiveHall.open(0);
        browser = live.browser();
        relay = live.relay();
        hall = live.hall();
    }

    @AfterAll
    void closeHall() throws Exception {
        if (live != null) live.close();
    }

    protected TestArbiter arbiter() throws Exception {
        return live.arbiter();
    }

    protected ChromeDriver driver() {
        return browser.driver();
    }
}
