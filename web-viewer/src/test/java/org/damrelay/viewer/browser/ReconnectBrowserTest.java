package org.damrelay.viewer.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Subscribe;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.Browser;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.ScriptedRelay;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

class ReconnectBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    private Browser browser;
    private ScriptedRelay relay;

    @AfterEach
    void stop() throws Exception {
        if (relay != null) relay.close();
        if (browser != null) browser.close();
    }

    private void awaitPly(int ply, CorpusGame.PlayedPly expected) {
        await().atMost(WAIT).untilAsserted(() -> {
            assertEquals(String.valueOf(ply), browser.driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply"));
            assertEquals(Boards.expected(expected.position()), Boards.shown(browser.driver(), ".board-holder svg.board"));
        });
    }

    private String connection() {
        return browser.driver().findElement(By.id("connection")).getText();
    }

    @Test
    void theViewerReconnectsAfterARelayRestartAndResumesFromWhatItHolds() throws Exception {
        browser = Browser.open();
        relay = ScriptedRelay.start("arbiter-secret");
        GameInfo info = Boards.info("nk2026", 3, 1, "Hein Meijer", "Hijken DTC", "Pim Meurs", "Huissen");
        relay.addGame(info);
        CorpusGame game = CorpusGame.load("090417ronde12.pdn", 0);
        List<CorpusGame.PlayedPly> plies = game.plies();

        relay.publish(info.getGameId(), Boards.moveEvent(plies.get(0)));
        browser.driver().get(relay.httpUrl() + "/game.html?game=" + info.getGameId());
        awaitPly(1, plies.get(0));
        int version = relay.publish(info.getGameId(), Boards.moveEvent(plies.get(1)));
        awaitPly(2, plies.get(1));
        await().atMost(WAIT).until(() -> connection().equals("Live"));

        relay.stop();
        await().atMost(WAIT).until(() -> connection().startsWith("Reconnecting"));
        assertEquals("reconnecting", browser.driver().findElement(By.id("connection")).getAttribute("data-state"));
        // The game goes on while the relay is down; nothing shown is lost meanwhile.
        relay.publish(info.getGameId(), Boards.moveEvent(plies.get(2)));
        awaitPly(2, plies.get(1));

        relay.restart();
        await().atMost(WAIT).until(() -> connection().equals("Live"));
        awaitPly(3, plies.get(2));
        Subscribe resumed = relay.subscriptions().get(relay.subscriptions().size() - 1);
        assertEquals(version, resumed.getKnownMap().get(info.getGameId()), "resumes from the version it held");

        relay.publish(info.getGameId(), Boards.moveEvent(plies.get(3)));
        awaitPly(4, plies.get(3));
        assertEquals(4, browser.driver().findElements(By.cssSelector("ol.moves button.move")).size());
        assertTrue(relay.spectatorCount() >= 1);
    }
}
