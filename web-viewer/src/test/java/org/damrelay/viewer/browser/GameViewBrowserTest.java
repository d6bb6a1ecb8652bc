package org.damrelay.viewer.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.damrelay.viewer.testing.Waits.eventually;

import java.util.List;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.Side;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

class GameViewBrowserTest extends LiveHallTestBase {
    private static final String BOARD = ".board-holder svg.board";

    private static final String GAME = LiveRelay.gameId(3, 1);

    private CorpusGame game;

    @BeforeAll
    void loadGame() throws Exception {
        game = CorpusGame.load("090417ronde12.pdn", 0);
    }

    private void awaitShowing(int ply, Position expected) {
        eventually().untilAsserted(() -> {
            assertEquals(String.valueOf(ply), driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply"));
            assertEquals(Boards.expected(expected), Boards.shown(driver(), BOARD));
        });
    }

    @Test
    void movesAppearOneByOneThenSteppingShowsEachPosition() throws Exception {
        driver().get(relay.httpUrl() + "/game.html?game=" + GAME);
        awaitShowing(0, Position.start());
        eventually().until(() -> driver().findElement(By.id("connection")).getText().equals("Live"));

        int plies = 12;
        for (int i = 0; i < plies; i++) {
            CorpusGame.PlayedPly p = game.plies().get(i);
            hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(p));
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
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(next));
        eventually().until(() -> driver().findElements(By.cssSelector("ol.moves button.move")).size() == plies + 1);
        awaitShowing(7, game.plies().get(6).position());
        assertEquals("move-7", driver().executeScript("return document.activeElement.dataset.focusKey"),
                "a live update keeps keyboard focus on the move the user is on");

        driver().findElement(By.cssSelector("button.live")).click();
        awaitShowing(next.ply(), next.position());
        new Actions(driver()).sendKeys(Keys.HOME).sendKeys(Keys.END).perform();
        awaitShowing(next.ply(), next.position());
        browser.viewport(1920, 1080);
        browser.screenshot("game-desktop");
        assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");

        browser.viewport(360, 740);
        browser.screenshot("game-phone");
        assertEquals(360, browser.pageWidth(), "no sideways scrolling on a 360 px phone");
        browser.resetViewport();
    }

    @Test
    void flipAndSquareNumbersChangeOnlyTheDrawing() throws Exception {
        driver().get(relay.httpUrl() + "/game.html?game=" + GAME + "&ply=0");
        eventually().until(() -> !Boards.shown(driver(), BOARD).isEmpty());
        String piece = BOARD + " .piece[data-square='46']";
        String before = driver().findElement(By.cssSelector(piece)).getAttribute("transform");
        driver().findElement(By.cssSelector("button.numbers")).click();
        eventually().until(() -> driver().findElements(By.cssSelector(BOARD + " .numbers text")).size() == 50);
        assertEquals("1", driver().findElement(By.cssSelector(BOARD + " .numbers text")).getText());
        driver().findElement(By.cssSelector("button.flip")).click();
        // Square 46 is white's bottom-left corner; flipped, it is the top-right.
        assertEquals("translate(25,475)", before);
        eventually().untilAsserted(() ->
                assertEquals("translate(475,25)", driver().findElement(By.cssSelector(piece)).getAttribute("transform")));
        assertEquals("true", driver().findElement(By.cssSelector("button.flip")).getAttribute("aria-pressed"));
        int whiteBar = driver().findElement(By.cssSelector(".board-column .player.white")).getRect().getY();
        int blackBar = driver().findElement(By.cssSelector(".board-column .player.black")).getRect().getY();
        int board = driver().findElement(By.cssSelector(".board-holder")).getRect().getY();
        assertTrue(whiteBar < board && board < blackBar, "flipped: white's name and clock above the board, black's below");
        String label = driver().findElement(By.cssSelector(BOARD)).getAttribute("aria-label");
        assertTrue(label.contains("White: men") && label.contains("to move"), label);
        browser.viewport(1920, 1080);
        browser.screenshot("game-flipped-numbers-desktop");
        browser.resetViewport();
    }

    @Test
    void kingsAreCrownedAndAnUncrownedKingIsMarked() {
        // An irregular move that stood may leave any position; this one has a king on 28 and a
        // white man on 3 that reached the far row without its crown (art. 3.3/3.4).
        String fen = "B:WK28,3,31-50:B6-20";
        hall.sendDurable(LiveRelay.sourceBoard(4), GameEvent.newBuilder()
                .setType(EventType.ILLEGAL_MOVE).setSubtype(IllegalSubtype.OTHER)
                .setPly(1).setSide(Side.WHITE).setFen(fen).setText("board set up wrongly").build());
        driver().get(relay.httpUrl() + "/game.html?game=" + LiveRelay.gameId(3, 4));
        eventually().until(() -> driver().findElements(By.cssSelector(BOARD + " .piece[data-square='28']")).size() == 1);
        String king = BOARD + " .piece[data-square='28']";
        String uncrowned = BOARD + " .piece[data-square='3']";
        assertEquals("true", driver().findElement(By.cssSelector(king)).getAttribute("data-king"));
        assertEquals(1, driver().findElements(By.cssSelector(king + " .crown")).size());
        assertEquals(0, driver().findElements(By.cssSelector(king + " .uncrowned-ring")).size());
        assertTrue(driver().findElement(By.cssSelector(uncrowned)).getAttribute("class").contains("uncrowned"));
        assertEquals(1, driver().findElements(By.cssSelector(uncrowned + " .uncrowned-ring")).size());
        assertEquals(0, driver().findElements(By.cssSelector(BOARD + " .piece[data-square='31'] .crown")).size(), "men have no crown");
    }

    @Test
    void theContrastCheckCatchesFaintText() throws Exception {
        driver().get(relay.httpUrl() + "/game.html?game=" + GAME);
        eventually().until(() -> !Boards.shown(driver(), BOARD).isEmpty());
        driver().executeScript("const p = document.createElement('p'); p.id = 'faint'; p.textContent = 'faint text';"
                + "p.style.color = '#aaa'; p.style.background = '#fff'; document.body.append(p);");
        List<String> low = browser.lowContrastText();
        assertEquals(1, low.size(), low.toString());
        assertTrue(low.get(0).contains("faint text"), low.get(0));
    }

    @Test
    void anUnknownGameIsNamedAsSuch() {
        driver().get(relay.httpUrl() + "/game.html?game=nk2026-r9-b9");
        eventually().untilAsserted(() -> {
            String status = driver().findElement(By.id("connection")).getText();
            assertTrue(status.contains("UNKNOWN_GAME"), status);
        });
        assertEquals("There is no game \"nk2026-r9-b9\" on this server", driver().findElement(By.cssSelector(".game-title")).getText());
    }

    @Test
    void resultShowsForSpectators() throws Exception {
        String other = LiveRelay.gameId(3, 2);
        driver().get(relay.httpUrl() + "/game.html?game=" + other);
        eventually().until(() -> driver().findElement(By.cssSelector(".game-title")).getText().startsWith("Board 2"));
        assertEquals("", driver().findElement(By.cssSelector(".game-result")).getText());
        try (TestArbiter arbiter = arbiter()) {
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(other).setResult(GameResult.DRAW)));
        }
        eventually().until(() -> driver().findElement(By.cssSelector(".game-result")).getText().equals("Result 1-1"));
    }
}
