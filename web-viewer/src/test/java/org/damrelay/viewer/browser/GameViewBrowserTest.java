package org.damrelay.viewer.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.damrelay.draughts.rules.Position;
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
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.interactions.Actions;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GameViewBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String BOARD = ".board-holder svg.board";

    private Browser browser;
    private ScriptedRelay relay;
    private CorpusGame game;
    private GameInfo info;

    @BeforeAll
    void start() throws Exception {
        browser = Browser.open();
        relay = ScriptedRelay.start("arbiter-secret");
        game = CorpusGame.load("090417ronde12.pdn", 0);
        info = Boards.info("nk2026", 3, 1, "Hein Meijer", "Hijken DTC", "Pim Meurs", "Huissen");
        relay.addGame(info);
    }

    @AfterAll
    void stop() throws Exception {
        if (relay != null) relay.close();
        if (browser != null) browser.close();
    }

    private WebDriver driver() {
        return browser.driver();
    }

    private void awaitShowing(int ply, Position expected) {
        await().atMost(WAIT).untilAsserted(() -> {
            assertEquals(String.valueOf(ply), driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply"));
            assertEquals(Boards.expected(expected), Boards.shown(driver(), BOARD));
        });
    }

    @Test
    void movesAppearOneByOneThenSteppingShowsEachPosition() throws Exception {
        driver().get(relay.httpUrl() + "/game.html?game=" + info.getGameId());
        awaitShowing(0, Position.start());
        await().atMost(WAIT).until(() -> driver().findElement(By.id("connection")).getText().equals("Live"));

        int plies = 12;
        for (int i = 0; i < plies; i++) {
            CorpusGame.PlayedPly p = game.plies().get(i);
            relay.publish(info.getGameId(), Boards.moveEvent(p));
            awaitShowing(p.ply(), p.position());
            assertEquals(p.ply(), driver().findElements(By.cssSelector("ol.moves button.move")).size());
            assertEquals(p.notation(), driver().findElement(By.cssSelector("button.move.current")).getText());
        }
        // Ply 7 is 28x19, taking the man on 23: its path and the captured square are marked.
        assertEquals("28x19", game.plies().get(6).notation());

        new Actions(driver()).sendKeys(Keys.ARROW_LEFT).perform();
        awaitShowing(plies - 1, game.plies().get(plies - 2).position());
        assertTrue(driver().findElement(By.cssSelector("button.live")).isDisplayed());

        new Actions(driver()).sendKeys(Keys.HOME).perform();
        awaitShowing(0, Position.start());
        new Actions(driver()).sendKeys(Keys.ARROW_RIGHT).perform();
        awaitShowing(1, game.plies().get(0).position());

        driver().findElement(By.cssSelector("button.move[data-ply='7']")).click();
        awaitShowing(7, game.plies().get(6).position());
        assertEquals(1, driver().findElements(By.cssSelector(BOARD + " .capture-path")).size());
        assertEquals("23", driver().findElement(By.cssSelector(BOARD + " .captured")).getAttribute("data-square"));

        // A move arriving while we look back does not drag the view along.
        CorpusGame.PlayedPly next = game.plies().get(plies);
        relay.publish(info.getGameId(), Boards.moveEvent(next));
        await().atMost(WAIT).until(() -> driver().findElements(By.cssSelector("ol.moves button.move")).size() == plies + 1);
        awaitShowing(7, game.plies().get(6).position());

        driver().findElement(By.cssSelector("button.live")).click();
        awaitShowing(next.ply(), next.position());
        new Actions(driver()).sendKeys(Keys.HOME).sendKeys(Keys.END).perform();
        awaitShowing(next.ply(), next.position());
        browser.viewport(1920, 1080);
        browser.screenshot("game-desktop");

        browser.viewport(360, 740);
        browser.screenshot("game-phone");
        browser.resetViewport();
    }

    @Test
    void flipAndSquareNumbersChangeOnlyTheDrawing() {
        driver().get(relay.httpUrl() + "/game.html?game=" + info.getGameId() + "&ply=0");
        await().atMost(WAIT).until(() -> !Boards.shown(driver(), BOARD).isEmpty());
        String piece = BOARD + " .piece[data-square='46']";
        String before = driver().findElement(By.cssSelector(piece)).getAttribute("transform");
        driver().findElement(By.cssSelector("button.numbers")).click();
        await().atMost(WAIT).until(() -> driver().findElements(By.cssSelector(BOARD + " .numbers text")).size() == 50);
        assertEquals("1", driver().findElement(By.cssSelector(BOARD + " .numbers text")).getText());
        driver().findElement(By.cssSelector("button.flip")).click();
        // Square 46 is white's bottom-left corner; flipped, it is the top-right.
        assertEquals("translate(25,475)", before);
        await().atMost(WAIT).untilAsserted(() ->
                assertEquals("translate(475,25)", driver().findElement(By.cssSelector(piece)).getAttribute("transform")));
        assertEquals("true", driver().findElement(By.cssSelector("button.flip")).getAttribute("aria-pressed"));
        String label = driver().findElement(By.cssSelector(BOARD)).getAttribute("aria-label");
        assertTrue(label.contains("White: men") && label.contains("to move"), label);
    }

    @Test
    void resultShowsForSpectators() {
        GameInfo other = Boards.info("nk2026", 3, 2, "Roel Boomstra", "Huissen", "Jeroen van den Akker", "Hijken DTC");
        relay.addGame(other);
        driver().get(relay.httpUrl() + "/game.html?game=" + other.getGameId());
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector(".game-title")).getText().startsWith("Board 2"));
        assertEquals("", driver().findElement(By.cssSelector(".game-result")).getText());
        relay.result(other.getGameId(), GameResult.DRAW);
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector(".game-result")).getText().equals("Result 1-1"));
    }
}
