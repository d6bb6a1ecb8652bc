package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.relay.config.EngineConfig;
import org.damrelay.relay.engine.HubBoard;
import org.damrelay.relay.engine.StandInEngine;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.Browser;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The engine's evaluation on the game page, with a real relay, the stand-in engine as a process of
 * its own and Chromium: the bar and line come only for positions already released (never inside
 * the round's delay), follow the move stepped back to, survive the engine's crash, hide on the
 * switch, and go when the relay's engine is switched off.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EngineBrowserTest {

    private static final int DELAY = 4;
    private static final String GAME = LiveRelay.gameId(3, 1);
    private static final String PANEL = "section.evaluation";

    private Browser browser;
    private LiveRelay relay;
    private TestDriver hall;
    private CorpusGame game;
    private Path log, crash;

    @BeforeAll
    void open(@TempDir Path dir) throws Exception {
        browser = Browser.open();
        log = dir.resolve("engine.log");
        crash = dir.resolve("crash");
        relay = LiveRelay.start(DELAY, List.of(), StandInEngine.config(0.05, 10, "--log=" + log, "--crash-file=" + crash));
        hall = relay.connectDriver();
        game = CorpusGame.load("090417ronde12.pdn", 0);
    }

    @AfterAll
    void close() throws Exception {
        if (hall != null) hall.close();
        if (relay != null) relay.close();
        if (browser != null) browser.close();
    }

    private ChromeDriver driver() {
        return browser.driver();
    }

    private WebElement panel() {
        return driver().findElement(By.cssSelector(PANEL));
    }

    private void awaitBoardAt(int ply) {
        eventually().until(() -> String.valueOf(ply).equals(driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply")));
    }

    /** The stand-in's score, White's view, as the page writes it. */
    private static String scoreText(Position p) {
        int w = Long.bitCount(p.men(Color.WHITE)) + 3 * Long.bitCount(p.kings(Color.WHITE));
        int b = Long.bitCount(p.men(Color.BLACK)) + 3 * Long.bitCount(p.kings(Color.BLACK));
        int d = w - b;
        return d == 0 ? "0.00" : (d > 0 ? "+" : "−") + Math.abs(d) + ".00";
    }

    /** The stand-in's line starts with the rules core's first legal move. */
    private static String firstMove(Position p) {
        Move m = Variant.INTERNATIONAL.legalMoves(p).get(0);
        return HubBoard.notation(m.from() + (m.isCapture() ? "x" : "-") + m.to());
    }

    private void awaitEvaluation(int ply, Position p) {
        eventually().untilAsserted(() -> {
            assertTrue(panel().isDisplayed());
            assertEquals(String.valueOf(ply), panel().getAttribute("data-ply"));
            assertEquals(scoreText(p), panel().findElement(By.cssSelector(".eval-score")).getText());
            assertTrue(panel().findElement(By.cssSelector(".eval-line")).getText().startsWith("Best line: " + firstMove(p)),
                    panel().findElement(By.cssSelector(".eval-line")).getText());
        });
    }

    /** When the engine got each position: "ms variant position" per line. */
    private long engineGot(Position p) throws Exception {
        String hub = HubBoard.position(p);
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().map(l -> l.split(" ")).filter(l -> l[2].equals(hub))
                .mapToLong(l -> Long.parseLong(l[0])).min().orElseThrow();
    }

    @Test
    void theBarAndLineFollowReleasedPositionsOnlySurviveACrashAndGoWhenTheEngineIsOff() throws Exception {
        driver().get(relay.httpUrl() + "/game.html?game=" + GAME);
        awaitBoardAt(0);
        awaitEvaluation(0, Position.start());
        // every evaluation the page ever shows, with when it showed it
        driver().executeScript("window.__shown = []; const p = document.querySelector(arguments[0]);"
                + "new MutationObserver(() => window.__shown.push([Date.now(), p.dataset.ply])).observe(p, {attributes: true, attributeFilter: ['data-ply']});", PANEL);

        CorpusGame.PlayedPly first = game.plies().get(0), second = game.plies().get(1), third = game.plies().get(2);
        long sent = System.currentTimeMillis();
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(first));
        awaitBoardAt(1);
        awaitEvaluation(1, first.position());
        assertTrue(engineGot(first.position()) >= sent + DELAY * 1000L, "the engine had ply 1 only after the round's delay");
        List<?> shown = (List<?>) driver().executeScript("return window.__shown.filter(s => s[1] === '1').map(s => s[0]);");
        assertFalse(shown.isEmpty());
        for (Object at : shown) assertTrue(((Number) at).longValue() >= sent + DELAY * 1000L, "ply 1's evaluation shown inside the delay");

        // stepping back shows that position's own evaluation, the way forward again the newest
        new Actions(driver()).sendKeys(Keys.ARROW_LEFT).perform();
        awaitBoardAt(0);
        awaitEvaluation(0, Position.start());
        driver().findElement(By.cssSelector("button.live")).click();
        awaitEvaluation(1, first.position());

        // the switch hides it, and is remembered
        WebElement toggle = panel().findElement(By.cssSelector("button.eval-toggle"));
        assertEquals("Hide evaluation", toggle.getText());
        toggle.click();
        eventually().until(() -> !panel().findElement(By.cssSelector(".eval-body")).isDisplayed());
        assertEquals("Show evaluation", panel().findElement(By.cssSelector("button.eval-toggle")).getText());
        driver().navigate().refresh();
        awaitBoardAt(1);
        eventually().until(() -> panel().isDisplayed() && "Show evaluation".equals(panel().findElement(By.cssSelector("button.eval-toggle")).getText()));
        assertFalse(panel().findElement(By.cssSelector(".eval-body")).isDisplayed());
        panel().findElement(By.cssSelector("button.eval-toggle")).click();
        awaitEvaluation(1, first.position());

        // the engine crashes on the next position: the move is broadcast all the same, and evaluated once it is back
        Files.writeString(crash, "crash");
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(second));
        awaitBoardAt(2);
        eventually().until(() -> !Files.exists(crash));
        awaitEvaluation(2, second.position());

        browser.viewport(360, 740);
        assertEquals(360, browser.pageWidth(), "no sideways scrolling on a 360 px phone with the evaluation");
        browser.screenshot("game-evaluation-phone");
        browser.resetViewport();
        browser.screenshot("game-evaluation-desktop");

        // in Dutch: the same panel in the catalog's words
        driver().findElement(By.cssSelector(".language-switch button[data-lang='nl']")).click();
        eventually().untilAsserted(() -> {
            assertEquals("Evaluatie verbergen", panel().findElement(By.cssSelector("button.eval-toggle")).getText());
            assertTrue(panel().findElement(By.cssSelector(".eval-line")).getText().startsWith("Beste variant: " + firstMove(second.position())));
            assertEquals(scoreText(second.position()), panel().findElement(By.cssSelector(".eval-score")).getText());
        });

        // switched off: the panel goes, and the next move gets none
        relay.reloadEngine(EngineConfig.OFF);
        eventually().until(() -> driver().findElements(By.cssSelector(PANEL)).stream().noneMatch(WebElement::isDisplayed));
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(third));
        awaitBoardAt(3);
        assertTrue(driver().findElements(By.cssSelector(PANEL)).stream().noneMatch(WebElement::isDisplayed));
        assertTrue(Files.readAllLines(log, StandardCharsets.UTF_8).stream().noneMatch(l -> l.endsWith(HubBoard.position(third.position()))),
                "the engine never got the position after it was switched off");
    }
}
