package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

class ReconnectBrowserTest extends LiveHallTestBase {
    private static final String GAME = LiveRelay.gameId(3, 1);

    private void awaitPly(int ply, CorpusGame.PlayedPly expected) {
        eventually().untilAsserted(() -> {
            assertEquals(String.valueOf(ply), browser.driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply"));
            assertEquals(Boards.expected(expected.position()), Boards.shown(browser.driver(), ".board-holder svg.board"));
        });
    }

    private String connection() {
        return browser.driver().findElement(By.id("connection")).getText();
    }

    @Test
    void theViewerReconnectsAfterARelayRestartAndResumesFromTheVersionItHolds() throws Exception {
        List<CorpusGame.PlayedPly> plies = CorpusGame.load("090417ronde12.pdn", 0).plies();

        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(plies.get(0)));
        browser.driver().get(relay.httpUrl() + "/game.html?game=" + GAME);
        awaitPly(1, plies.get(0));
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(plies.get(1)));
        awaitPly(2, plies.get(1));
        eventually().until(() -> connection().equals("Live"));
        Number held = (Number) browser.driver().executeScript("return window.damrelay.store.state.versions.get(arguments[0])", GAME);
        // Record what the page sends from now on, to see what it resumes from.
        browser.driver().executeScript("""
                const send = WebSocket.prototype.send;
                window.sentFrames = [];
                WebSocket.prototype.send = function (data) { window.sentFrames.push(String(data)); return send.call(this, data); };""");

        relay.stop();
        eventually().until(() -> connection().startsWith("Reconnecting"));
        assertEquals("reconnecting", browser.driver().findElement(By.id("connection")).getAttribute("data-state"));
        awaitPly(2, plies.get(1));

        relay.restart();
        eventually().until(() -> connection().equals("Live"));
        String resumed = (String) browser.driver().executeScript("return window.sentFrames.find(f => f.includes('subscribe'))");
        assertTrue(resumed.contains("\"known\":{\"" + GAME + "\":" + held.intValue() + "}"), resumed);

        hall.connect(relay.port());
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(plies.get(2)));
        awaitPly(3, plies.get(2));
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(plies.get(3)));
        awaitPly(4, plies.get(3));
        assertEquals(4, browser.driver().findElements(By.cssSelector("ol.moves button.move")).size(), "nothing lost or doubled");
    }
}
