package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.GameResult;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** The console's "Blocked boards": a refused move blocks a board, the arbiter reopens and resolves, the move stands. */
class BlockedBoardsBrowserTest extends LiveHallTestBase {

    private List<WebElement> listed(String gameId) {
        return driver().findElements(By.cssSelector("ul.blocked-list li.blocked-board[data-game='" + gameId + "']"));
    }

    private void click(String gameId, String css) {
        eventually().until(() -> {
            listed(gameId).get(0).findElement(By.cssSelector(css)).click();
            return true;
        });
    }

    private void answered(String what) {
        eventually().untilAsserted(() -> {
            String feedback = driver().findElement(By.cssSelector(".feedback")).getText();
            assertTrue(feedback.startsWith(what + ": ") && !feedback.contains("sending"), feedback);
        });
    }

    // one board per width: the hall is shared by the runs
    @ParameterizedTest(name = "{0} px wide, board {2}")
    @CsvSource({"360, 740, 1", "1280, 900, 2"})
    void aMoveRefusedAfterAnEarlyResultIsListedSurvivesAReloadAndStandsOnceResolved(int width, int height, int board) throws Exception {
        String gameId = LiveRelay.gameId(3, board);
        String source = LiveRelay.sourceBoard(board);
        browser.viewport(width, height);
        // a driver of its own: the refusal stays in its error list, not in the shared hall's
        try (TestDriver hall = relay.connectDriver()) {
            browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
            driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
            eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li")).size() == 4);
            assertTrue(listed(gameId).isEmpty());

            hall.sendDurable(source, Plays.event(Move.quiet(32, 28)));
            try (TestArbiter other = arbiter()) {
                other.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(gameId).setResult(GameResult.DRAW)));
            }
            hall.send(source, Plays.event(Move.quiet(19, 23))); // refused: the game has a result
            WebElement item = eventually().until(() -> listed(gameId), l -> !l.isEmpty()).get(0);
            for (String part : List.of("Board " + board, "waits for the arbiter", "The game already has a result, and the board sent another move.",
                    "Refused: the move 19-23", "number 2")) {
                assertTrue(item.getText().contains(part), part + " missing in: " + item.getText());
            }
            // a desktop's vertical scroll bar takes its width off the page; wider would mean sideways scrolling
            assertTrue(browser.pageWidth() <= width, "no sideways scrolling: page " + browser.pageWidth() + " px wide");
            assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
            browser.screenshot("blocked-boards-" + width);

            // reloaded, the console lists it again from the relay's state
            driver().navigate().refresh();
            eventually().until(() -> listed(gameId), l -> !l.isEmpty());
            assertTrue(listed(gameId).get(0).getText().contains("The game already has a result"));
            assertEquals("GAME_FINISHED", listed(gameId).get(0).getAttribute("data-reason"));

            click(gameId, "button.reopen");
            answered("Reopen");
            click(gameId, "button.resolve");
            answered("Resolve");
            // released: the list empties, and the refused move was applied, not dropped
            eventually().until(() -> listed(gameId).isEmpty());
            assertTrue(driver().findElement(By.cssSelector("ul.blocked-list")).getText().contains("No blocked boards."));
            eventually().until(() -> hall.acked(source) == 2);
        } finally {
            browser.resetViewport();
        }
        driver().get(relay.httpUrl() + "/game.html?game=" + gameId);
        eventually().until(() -> driver().findElements(By.cssSelector("ol.moves button.move")).size() == 2);
        assertTrue(driver().findElement(By.cssSelector("button.move[data-ply='2']")).getText().contains("19-23"));
    }
}
