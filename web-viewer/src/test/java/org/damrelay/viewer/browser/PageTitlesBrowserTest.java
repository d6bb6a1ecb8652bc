package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every page's tab title names the event by its name ("NK teams 2026"), not its id (nk2026), in Dutch and English. */
class PageTitlesBrowserTest extends LiveHallTestBase {

    private void language(String lang) {
        driver().get(relay.httpUrl() + "/index.html");
        driver().executeScript("localStorage.setItem(arguments[0], arguments[1])", "damrelay.lang", lang);
    }

    private void titleIs(String path, String expected) {
        driver().get(relay.httpUrl() + path);
        eventually().until(() -> driver().getTitle().equals(expected));
    }

    @ParameterizedTest
    @CsvSource({
            "en, NK teams 2026 — round overview · damrelay, NK teams 2026 — arbiter console · damrelay, 3, NK teams 2026 — digital notation · damrelay",
            "nl, NK teams 2026 — rondeoverzicht · damrelay, NK teams 2026 — arbiterconsole · damrelay, 4, NK teams 2026 — digitale notatie · damrelay"})
    void everyPageNamesTheEvent(String lang, String overview, String console, int phoneBoard, String notation) throws Exception {
        language(lang);
        titleIs("/index.html?event=nk2026&round=3", overview);
        driver().get(relay.httpUrl() + "/game.html?game=" + LiveRelay.gameId(3, 1));
        eventually().until(() -> driver().getTitle().startsWith("B1 Hein Meijer – Pim Meurs: ") && driver().getTitle().endsWith(" · NK teams 2026"));
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        eventually().until(() -> driver().getTitle().replaceFirst("^\\(\\d+\\) ", "").equals(console));
        assertFalse(driver().getTitle().contains("nk2026"), driver().getTitle());

        // the phone's notation page, opened by the link the console issues for a board without sensors
        try (TestArbiter arbiter = arbiter()) {
            NotationCredential c = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(LiveRelay.gameId(5, phoneBoard)).setAction(NotationRequest.Action.ISSUE).setTimes(TimeEntry.TIMES_OFF)
                    .setBaseUrl(relay.httpUrl()))).getNotation();
            driver().get(c.getLink());
            eventually().until(() -> driver().getTitle().equals(notation));
        }
    }
}
