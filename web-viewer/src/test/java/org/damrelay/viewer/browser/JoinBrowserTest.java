package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.Side;
import org.damrelay.relay.it.Plays;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * A driver that joins a game under way (issue 21), as spectators and the arbiter see it: read again
 * after three plies nobody saw, where two move orders lead to the board, the console names both
 * paths in notation and the arbiter's "this path was played" records that one, after which the alert
 * reads as handled and the game page shows the moves; a board the relay had nothing of is followed
 * from the position first read, and says "joined at move 1" in English and Dutch, on the game page
 * and the round overview. At 360 px and 1920 px, without sideways scrolling.
 */
class JoinBrowserTest extends LiveHallTestBase {

    private static final String MOVES = "ol.moves button.move";

    private static Position after(Position p, Move... moves) {
        for (Move m : moves) p = p.apply(m);
        return p;
    }

    private static GameEvent joined(Position seen) {
        // as the driver sends it: it cannot tell who is to move, the relay learns it from the first move
        return GameEvent.newBuilder().setType(EventType.JOINED_MID_GAME).setFen(Fen.write(seen)).setSide(Side.SIDE_UNSPECIFIED)
                .setCaptureTimeMs(System.currentTimeMillis()).setText("the game was under way").build();
    }

    private List<String> shownMoves() {
        return driver().findElements(By.cssSelector(MOVES)).stream().map(WebElement::getText).toList();
    }

    private String text(String css) {
        return driver().findElement(By.cssSelector(css)).getText();
    }

    private void noSidewaysScroll(int width) {
        // a desktop's vertical scroll bar takes its width off the page; wider would mean sideways scrolling
        assertTrue(browser.pageWidth() <= width, "no sideways scrolling: page " + browser.pageWidth() + " px wide");
    }

    private void openConsole() {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses > li")).size() == 4);
    }

    // one board per width: the hall is shared by the runs
    @ParameterizedTest(name = "{0} px wide, board {2}")
    // the wide screen types a reason while another board moves (the console re-renders); the phone takes the default
    @CsvSource({"1920, 1080, 1, seen on both scoresheets", "360, 740, 2, ''"})
    void theArbiterPicksThePathThatWasPlayedAndTheGameShowsItsMoves(int width, int height, int board, String reason) throws Exception {
        String gameId = LiveRelay.gameId(3, board);
        String source = LiveRelay.sourceBoard(board);
        browser.viewport(width, height);
        try {
            hall.sendDurable(source, Plays.event(Move.quiet(32, 28)));
            driver().get(relay.httpUrl() + "/game.html?game=" + gameId);
            eventually().until(() -> shownMoves().equals(List.of("32-28")));
            driver().executeScript("window.socketBeforeJoin = window.damrelay.connection.socket");
            // the board read again three plies on: 19-24 31-27 20-25 and 20-25 31-27 19-24 both lead there
            hall.sendDurable(source, joined(after(Position.start(), Move.quiet(32, 28), Move.quiet(19, 24), Move.quiet(31, 27), Move.quiet(20, 25))));

            // spectators, live: the relay follows the game from move 2, the unread moves are not made up
            eventually().until(() -> shownMoves().equals(List.of("32-28", "moves not read")));
            assertEquals(true, driver().executeScript("return window.damrelay.connection.socket === window.socketBeforeJoin"),
                    "the page asked for the game again on its connection, it did not reconnect");
            eventually().until(() -> text(".joined-note").startsWith("Joined at move 2: "));
            noSidewaysScroll(width);
            driver().executeScript("document.querySelector('.joined-note').scrollIntoView({block: 'center'})");
            browser.screenshot("join-paths-game-" + width);

            openConsole();
            if (width < 600) { // on a phone a board that needs action is one line: its alerts open on demand
                eventually().until(() -> {
                    driver().findElement(By.cssSelector("li.action-board[data-game='" + gameId + "'] button.details-toggle")).click();
                    return true;
                });
            }
            String item = ".action-groups li.alert[data-game='" + gameId + "']";
            eventually().until(() -> driver().findElements(By.cssSelector(item + " .path-choice ol.paths li")).size() == 2);
            WebElement alert = driver().findElement(By.cssSelector(item));
            assertTrue(alert.getText().contains("Board read again: 2 paths possible"), alert.getText());
            Set<String> paths = alert.findElements(By.cssSelector(".path-moves")).stream().map(WebElement::getText).collect(Collectors.toSet());
            assertEquals(Set.of("1... 19-24 2. 31-27 20-25", "1... 20-25 2. 31-27 19-24"), paths, "each path in notation, numbered as the record will be");
            assertEquals(2, alert.findElements(By.cssSelector("button.choose-path")).size());
            noSidewaysScroll(width);
            assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
            browser.screenshot("join-paths-console-" + width);

            if (!reason.isEmpty()) {
                WebElement field = driver().findElement(By.cssSelector(item + " .path-reason input"));
                field.sendKeys(reason);
                hall.sendDurable(LiveRelay.sourceBoard(4), Plays.event(Move.quiet(34, 30)));
                eventually().until(() -> text(".overview .game-card[data-game='" + LiveRelay.gameId(3, 4) + "'] .last-move").equals("1. 34-30"));
                WebElement again = driver().findElement(By.cssSelector(item + " .path-reason input"));
                assertEquals(reason, again.getAttribute("value"), "what was typed survives the re-render");
                assertEquals(again, driver().switchTo().activeElement(), "and keeps the focus");
                assertEquals((long) reason.length(), driver().executeScript("return document.activeElement.selectionStart"), "and the caret");
            }
            eventually().until(() -> {
                for (WebElement li : driver().findElements(By.cssSelector(item + " ol.paths li"))) {
                    if (li.findElement(By.cssSelector(".path-moves")).getText().equals("1... 19-24 2. 31-27 20-25")) {
                        li.findElement(By.cssSelector("button.choose-path")).click();
                        return true;
                    }
                }
                return false;
            });
            // the relay's answer, and the alert handled on the relay: out of "needs action", no buttons left
            eventually().until(() -> text(".feedback").startsWith("Choose path: done"));
            eventually().until(() -> driver().findElements(By.cssSelector(item)).isEmpty());
            String row = "li.board-row[data-game='" + gameId + "']";
            if (driver().findElements(By.cssSelector(row + " .history")).isEmpty()) {
                driver().findElement(By.cssSelector(row + " button.history-toggle")).click();
            }
            WebElement handled = eventually().until(() -> driver().findElements(By.cssSelector(row + " li.alert.acknowledged .path-answer")),
                    l -> !l.isEmpty()).get(0);
            assertEquals("Recorded: 1... 19-24 2. 31-27 20-25", handled.getText());
            assertTrue(driver().findElements(By.cssSelector(row + " button.choose-path")).isEmpty(), "the buttons go once chosen");
            // the console's own view of the game took the relay's record of the pick
            // (read whether shown or not: on a phone the console's overview of the round is folded away)
            eventually().until(() -> driver().findElement(By.cssSelector(".overview .game-card[data-game='" + gameId + "'] .last-move"))
                    .getAttribute("textContent").equals("2... 20-25"));

            driver().get(relay.httpUrl() + "/game.html?game=" + gameId);
            eventually().until(() -> shownMoves().equals(List.of("32-28", "19-24", "31-27", "20-25")));
            assertFalse(driver().findElement(By.cssSelector(".joined-note")).isDisplayed(), "followed throughout now");
            assertTrue(text("ul.corrections").contains("chose how the moves went")
                    && text("ul.corrections").endsWith(reason.isEmpty() ? "as on the scoresheets" : reason), text("ul.corrections"));
        } finally {
            browser.resetViewport();
        }
    }

    @Test
    void aBoardTheRelayHadNothingOfSaysJoinedAtMoveOneInEnglishAndDutch() throws Exception {
        String gameId = LiveRelay.gameId(3, 3);
        String source = LiveRelay.sourceBoard(3);
        Position seen = Position.start();
        for (Move m : Plays.line(13, 5)) seen = seen.apply(m);
        // 13 plies played: black is to move, which the driver cannot see and writes as white's turn
        hall.sendDurable(source, joined(seen.withSideToMove(Color.WHITE)));
        try {
            browser.viewport(1920, 1080);
            driver().get(relay.httpUrl() + "/game.html?game=" + gameId);
            eventually().until(() -> text(".joined-note").equals(
                    "Joined at move 1: the board was first read with the game under way; the moves before are not known."));
            assertEquals(List.of(), shownMoves(), "no move made up before the position seen");
            assertEquals(Boards.expected(seen), Boards.shown(driver(), ".board-holder svg"), "the board shows the position seen");

            Move reply = Variant.INTERNATIONAL.legalMoves(seen).get(0);
            String notation = Notation.of(seen, reply, Variant.INTERNATIONAL);
            hall.sendDurable(source, Plays.event(reply).toBuilder().setSide(Side.BLACK).build());
            // live: black's move is the first, as "1... x"; no earlier move is shown
            eventually().until(() -> shownMoves().equals(List.of(notation)));
            assertEquals("2", driver().findElement(By.cssSelector(MOVES)).getAttribute("data-ply"));
            assertEquals("1.", text("ol.moves li .number"));
            noSidewaysScroll(1920);
            browser.screenshot("join-game-en-desktop");

            driver().get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
            String card = ".game-card[data-game='" + gameId + "']";
            eventually().until(() -> text(card + " .joined-note").equals("Joined at move 1"));
            assertEquals("1... " + notation, text(card + " .last-move"));

            // the same in Dutch, on a phone
            driver().executeScript("localStorage.setItem('damrelay.lang', 'nl')");
            browser.viewport(360, 740);
            driver().navigate().refresh();
            eventually().until(() -> text(card + " .joined-note").equals("Gevolgd vanaf zet 1"));
            noSidewaysScroll(360);
            driver().executeScript("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", card + " .joined-note");
            browser.screenshot("join-overview-nl-phone");
            driver().get(relay.httpUrl() + "/game.html?game=" + gameId);
            eventually().until(() -> text(".joined-note").startsWith("Gevolgd vanaf zet 1: het bord werd pas tijdens de partij gelezen"));
            eventually().until(() -> shownMoves().equals(List.of(notation)));
            assertEquals("2", driver().findElement(By.cssSelector(MOVES)).getAttribute("data-ply"), "the snapshot numbers it the same");
            noSidewaysScroll(360);
            assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
            driver().executeScript("document.querySelector('.joined-note').scrollIntoView({block: 'center'})");
            browser.screenshot("join-game-nl-phone");
        } finally {
            driver().executeScript("localStorage.removeItem('damrelay.lang')");
            browser.resetViewport();
        }
    }
}
