package org.damrelay.viewer.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.Browser;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.ScriptedRelay;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RoundOverviewBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private Browser browser;
    private ScriptedRelay relay;
    private final List<GameInfo> boards = List.of(
            Boards.info("nk2026", 3, 1, "Hein Meijer", "Hijken DTC", "Pim Meurs", "Huissen"),
            Boards.info("nk2026", 3, 2, "Roel Boomstra", "Huissen", "Jeroen van den Akker", "Hijken DTC"),
            Boards.info("nk2026", 3, 3, "Alexander Schwarzman", "Hijken DTC", "Wouter Sipma", "Huissen"),
            Boards.info("nk2026", 3, 4, "Jan Groenendaal", "Huissen", "Erno Prosman", "Hijken DTC"));

    @BeforeAll
    void start() throws Exception {
        browser = Browser.open();
        relay = ScriptedRelay.start("arbiter-secret");
        boards.forEach(relay::addGame);
        relay.addGame(Boards.info("nk2026", 4, 1, "Other", "A", "Round", "B"));
    }

    @AfterAll
    void stop() throws Exception {
        if (relay != null) relay.close();
        if (browser != null) browser.close();
    }

    private WebDriver driver() {
        return browser.driver();
    }

    private WebElement card(int board) {
        return driver().findElement(By.cssSelector(".game-card[data-board='" + board + "']"));
    }

    @Test
    void everyBoardOfTheRoundIsLiveWithMovesClocksResultsAndTheMatchScore() throws Exception {
        CorpusGame first = CorpusGame.load("090417ronde12.pdn", 0);
        CorpusGame second = CorpusGame.load("090417ronde12.pdn", 1);
        for (int i = 0; i < 6; i++) relay.publish(boards.get(0).getGameId(), Boards.moveEvent(first.plies().get(i)));

        driver().get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
        await().atMost(WAIT).until(() -> driver().findElements(By.cssSelector(".game-card")).size() == 4);
        assertEquals(List.of("1", "2", "3", "4"), driver().findElements(By.cssSelector(".game-card"))
                .stream().map(e -> e.getAttribute("data-board")).toList(), "only round 3, in board order");
        assertTrue(card(1).getText().contains("Hein Meijer") && card(1).getText().contains("Pim Meurs"));
        assertTrue(card(1).getText().contains("3... 19-23"), card(1).getText());
        assertEquals(Boards.expected(first.plies().get(5).position()),
                Boards.shown(driver(), ".game-card[data-board='1'] svg.board"));

        // Live: moves on board 2 arrive while the page is open.
        for (int i = 0; i < 3; i++) {
            CorpusGame.PlayedPly p = second.plies().get(i);
            relay.publish(boards.get(1).getGameId(), Boards.moveEvent(p));
            await().atMost(WAIT).untilAsserted(() -> assertEquals(Boards.expected(p.position()),
                    Boards.shown(driver(), ".game-card[data-board='2'] svg.board")));
        }
        assertTrue(card(2).getText().contains("2. 28x17"), card(2).getText());
        // Each side has spent 20 s a move with a 1 minute increment; white's clock is stopped.
        assertTrue(card(2).findElement(By.cssSelector(".player.white .clock")).getText().matches("1:21:\\d\\d"));

        // Arbiter-only alerts do not mark boards for spectators.
        relay.raiseAlert(boards.get(0).getGameId(), GameEvent.newBuilder().setType(EventType.TOUCH_MOVE).setPly(7)
                .setText("piece on 34 touched, 31 played").build());

        relay.result(boards.get(0).getGameId(), GameResult.WHITE_WINS);
        relay.result(boards.get(1).getGameId(), GameResult.DRAW);
        await().atMost(WAIT).untilAsserted(() -> assertEquals("2-0", card(1).findElement(By.cssSelector(".result")).getText()));
        await().atMost(WAIT).untilAsserted(() -> assertEquals("Hijken DTC 3 – 1 Huissen",
                driver().findElement(By.cssSelector(".match-score")).getText()));
        assertEquals(0, driver().findElements(By.cssSelector(".has-alert, .alert-flag")).size());

        browser.viewport(1920, 1080);
        browser.screenshot("overview-desktop");
        browser.viewport(360, 740);
        browser.screenshot("overview-phone");
        browser.resetViewport();

        card(1).findElement(By.cssSelector("a.card-link")).click();
        await().atMost(WAIT).until(() -> driver().getCurrentUrl().contains("game.html?game=nk2026-r3-b1"));
    }

    @Test
    void aDelayedBroadcastSaysSo() {
        relay.setDelaySeconds(900);
        try {
            driver().get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
            await().atMost(WAIT).until(() -> driver().findElement(By.id("delay")).getText().equals("Broadcast delayed by 15 minutes"));
        } finally {
            relay.setDelaySeconds(0);
        }
    }

    @Test
    void withoutAnEventThePageSaysWhatItNeeds() {
        driver().get(relay.httpUrl() + "/index.html");
        await().atMost(WAIT).until(() -> driver().findElement(By.id("overview")).getText().contains("?event="));
    }
}
