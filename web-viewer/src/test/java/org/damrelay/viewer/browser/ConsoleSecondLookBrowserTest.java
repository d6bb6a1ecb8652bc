package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.AcknowledgeBoard;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.Player;
import org.damrelay.proto.SetPairing;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's irreversible actions take a second look, with the answer where the click was
 * (issue 39): acknowledging all of a board (its count counts what the screen shows; the question
 * names the information alerts it also acknowledges), entering a result (also on a blocked
 * board), switching a board to phone notation and back. And on a phone a compact list of the
 * boards that need action, details on demand. Through the real relay, at 360 and 1920 px, in
 * Dutch and English.
 */
class ConsoleSecondLookBrowserTest extends LiveHallTestBase {

    private static final int BOARDS = 12;

    /** Round 3 as a full round of twelve boards, each fed by the hall's driver. */
    @BeforeAll
    void aFullRound() throws Exception {
        try (TestArbiter arbiter = arbiter()) {
            for (int board = 5; board <= BOARDS; board++) {
                arbiter.requestOk(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder().setInfo(GameInfo.newBuilder()
                        .setRound(3).setBoard(board).setMatch("Hijken DTC - Huissen")
                        .setWhite(Player.newBuilder().setName("White Player " + board).setTeam("Hijken DTC"))
                        .setBlack(Player.newBuilder().setName("Black Player " + board).setTeam("Huissen"))
                        .setSourceDriver(LiveRelay.DRIVER).setSourceBoard(String.valueOf(100 + board)))));
            }
        }
    }

    /** The words each language gives the parts this test reads. */
    private static Map<String, String> words(String lang) {
        return lang.equals("nl")
                ? Map.of("ackAll", "Alles van bord %d afhandelen (1)", "hidden", "Ook 3 informatiemeldingen uit het verloop worden afgehandeld.",
                "none", "Niets vraagt actie", "done", ": gedaan", "enter", "Uitslag invoeren", "sensorFailed", "Sensorbord defect?",
                "blocked", "is geblokkeerd", "question", "Uitslag 2-0 invoeren voor bord %d", "details", "Details (1)", "flag", "Vlag gevallen")
                : Map.of("ackAll", "Acknowledge all of board %d (1)", "hidden", "3 information alerts in its history are acknowledged too.",
                "none", "Nothing needs action", "done", ": done", "enter", "Enter result", "sensorFailed", "A sensor board failed?",
                "blocked", "is blocked", "question", "Enter the result 2-0 for board %d", "details", "Details (1)", "flag", "Flag fall");
    }

    private void signIn(int width, String lang) {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().executeScript("localStorage.setItem('damrelay.lang', arguments[0])", lang);
        browser.viewport(width, width == 360 ? 740 : 1080);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li.board-row")).size() == BOARDS);
    }

    private WebElement find(String css) {
        return eventually().until(() -> driver().findElement(By.cssSelector(css)), WebElement::isDisplayed);
    }

    /** The text of what the selector finds once shown, read again if a live re-render replaced it meanwhile. */
    private String text(String css) {
        return eventually().until(() -> driver().findElement(By.cssSelector(css)).getText(), t -> !t.isEmpty());
    }

    private void click(String css) {
        eventually().until(() -> {
            driver().findElement(By.cssSelector(css)).click();
            return true;
        });
    }

    /**
     * Sends a board's event through the hall's driver and waits until the relay holds it. Not the
     * driver's sendDurable: that fails on any earlier refusal, and this test blocks a board on purpose.
     */
    private void sent(String board, GameEvent e) {
        long seq = hall.send(board, e);
        eventually().until(() -> hall.acked(board) >= seq);
    }

    /** Picks an option, again if a live re-render replaced the list meanwhile (the console refills the game list). */
    private void choose(String css, String value) {
        eventually().until(() -> {
            new Select(driver().findElement(By.cssSelector(css))).selectByValue(value);
            return new Select(driver().findElement(By.cssSelector(css))).getFirstSelectedOption().getAttribute("value").equals(value);
        });
    }

    private String count() {
        return driver().findElement(By.cssSelector(".action-count")).getText();
    }

    private static boolean hasResult(LiveRelay relay, String gameId) throws Exception {
        return relay.snapshot(gameId).getResult() != GameResult.RESULT_UNSPECIFIED;
    }

    // each run plays on boards of its own: the ack board, the result board (blocked first), the switched board
    @ParameterizedTest(name = "{0} px, {1}")
    @CsvSource({"360, nl, 1", "1920, nl, 4", "360, en, 7", "1920, en, 10"})
    void irreversibleActionsAskFirstAndAnswerWhereTheClickWas(int width, String lang, int first) throws Exception {
        Map<String, String> w = words(lang);
        int ackBoard = first, resultBoard = first + 1, switchBoard = first + 2;
        String ackGame = LiveRelay.gameId(3, ackBoard), resultGame = LiveRelay.gameId(3, resultBoard), switchGame = LiveRelay.gameId(3, switchBoard);
        try (TestArbiter before = arbiter()) {
            for (int board = 1; board <= BOARDS; board++) {
                before.requestOk(ArbiterRequest.newBuilder().setAckBoard(AcknowledgeBoard.newBuilder().setGameId(LiveRelay.gameId(3, board))));
            }
        }
        try {
            signIn(width, lang);
            eventually().until(() -> count().equals(w.get("none")));
            String source = String.valueOf(100 + ackBoard);
            sent(source, GameEvent.newBuilder().setType(EventType.CLOCK_NOT_PRESSED).setText("clock").build());
            sent(source, GameEvent.newBuilder().setType(EventType.TOUCH_MOVE).setText("touched").build());
            sent(source, GameEvent.newBuilder().setType(EventType.CAPTURE_EXECUTION).setText("criss-cross").build());
            sent(source, GameEvent.newBuilder().setType(EventType.FLAG_FALL).setText("flag").build());
            String group = "li.action-board[data-game='" + ackGame + "']";

            // the count counts what the screen shows: one alert needs action, three are information in the history
            assertEquals(w.get("ackAll").formatted(ackBoard), text(group + " button.ack-board"));
            if (width == 360) {
                // on a phone: one line for the board (what it needs, in short), its alerts on demand
                assertTrue(text(group + " .action-summary").contains(w.get("flag")), text(group + " .action-summary"));
                assertFalse(driver().findElement(By.cssSelector(group + " ol.alerts")).isDisplayed(), "the alerts open on demand");
                click(group + " button.details-toggle");
                eventually().until(() -> driver().findElement(By.cssSelector(group + " ol.alerts")).isDisplayed());
                assertEquals(1, driver().findElements(By.cssSelector(group + " li.alert")).size());
            } else {
                assertTrue(driver().findElement(By.cssSelector(group + " ol.alerts")).isDisplayed(), "on a wide screen the alerts are in view");
                assertFalse(driver().findElement(By.cssSelector(group + " button.details-toggle")).isDisplayed());
            }

            // first click: the question in its place, with what else it acknowledges; focus on Cancel, Cancel sends nothing
            click(group + " button.ack-board");
            String question = text(group + " .confirm");
            assertTrue(question.contains(w.get("hidden")), question);
            assertTrue(driver().switchTo().activeElement().getAttribute("class").contains("confirm-no"), "a second click or Enter cancels");
            click(group + " .confirm-no");
            find(group + " button.ack-board");
            assertEquals(1, Integer.parseInt(driver().findElement(By.cssSelector(".action-count")).getAttribute("data-count")), "nothing was sent");
            // asked again and confirmed: done, said at the top of the same column
            click(group + " button.ack-board");
            click(group + " .confirm-yes");
            eventually().until(() -> count().equals(w.get("none")));
            eventually().until(() -> driver().findElement(By.cssSelector(".triage .triage-feedback")).getText().endsWith(w.get("done")));

            // a result on a blocked board: the form asks, says the board is blocked, and answers in the form
            String resultSource = String.valueOf(100 + resultBoard);
            hall.send(resultSource, Plays.event(Move.quiet(19, 23))); // black's move first: refused, the board is blocked
            eventually().until(() -> !driver().findElements(By.cssSelector("ul.blocked-list li.blocked-board[data-game='" + resultGame + "']")).isEmpty());
            choose("form.result-form select[name=game]", resultGame);
            choose("form.result-form select[name=result]", "2-0");
            click("form.result-form button[type=submit]");
            String asked = text("form.result-form .confirm");
            assertTrue(asked.contains(w.get("question").formatted(resultBoard)), asked);
            assertTrue(asked.contains(w.get("blocked")), asked);
            click("form.result-form .confirm-no");
            eventually().until(() -> driver().findElements(By.cssSelector("form.result-form .confirm")).isEmpty());
            assertFalse(hasResult(relay, resultGame), "cancelled: no result on the relay");
            click("form.result-form button[type=submit]");
            click("form.result-form .confirm-yes");
            eventually().until(() -> text("form.result-form .confirm-answer").endsWith(w.get("done")));
            assertTrue(hasResult(relay, resultGame));

            // a sensor board fails: switch to phone notation, then back, each asked first and answered in the board's row
            WebElement failed = find("details.notation-failed");
            if (failed.getAttribute("open") == null) click("details.notation-failed > summary");
            click("ul.notation-sensor-boards li[data-game='" + switchGame + "'] button.notation-switch");
            click("ul.notation-sensor-boards li[data-game='" + switchGame + "'] .confirm-yes");
            String row = "ul.notation-boards li[data-game='" + switchGame + "']";
            eventually().until(() -> text(row + " .confirm-answer").endsWith(w.get("done")));
            click(row + " button.notation-switch-back");
            assertTrue(find(row + " .confirm").isDisplayed());
            click(row + " .confirm-yes");
            eventually().until(() -> !driver().findElements(By.cssSelector("ul.notation-sensor-boards li[data-game='" + switchGame + "'] .confirm-answer")).isEmpty()
                    && find("ul.notation-sensor-boards li[data-game='" + switchGame + "'] .confirm-answer").getText().endsWith(w.get("done")));
            assertTrue(relay.snapshot(switchGame).getInfo().getSensorBoard(), "back on its sensor board");

            assertTrue(browser.pageWidth() <= width, "no sideways scrolling: " + browser.pageWidth() + " px");
            assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
            browser.screenshot("arbiter-second-look-" + width + "-" + lang);
        } finally {
            driver().executeScript("localStorage.removeItem('damrelay.lang')");
            browser.resetViewport();
        }
    }

    /** On a phone the whole console of a twelve-board round, with two boards needing action, is a short page. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"nl", "en"})
    void onAPhoneTheBoardsThatNeedActionComeFirstInAShortPage(String lang) throws Exception {
        try (TestArbiter before = arbiter()) {
            for (int board = 1; board <= BOARDS; board++) {
                before.requestOk(ArbiterRequest.newBuilder().setAckBoard(AcknowledgeBoard.newBuilder().setGameId(LiveRelay.gameId(3, board))));
            }
        }
        try {
            signIn(360, lang);
            for (int board : new int[] {3, 9}) {
                for (EventType t : List.of(EventType.FLAG_FALL, EventType.POSITION_UNKNOWN, EventType.CLOCK_NOT_PRESSED)) {
                    sent(String.valueOf(100 + board), GameEvent.newBuilder().setType(t).setText("x").build());
                }
            }
            eventually().until(() -> driver().findElements(By.cssSelector("ol.action-groups li.action-board")).size() == 2);
            Number groupsTop = (Number) driver().executeScript("return document.querySelector('ol.action-groups').getBoundingClientRect().top + scrollY");
            Number height = (Number) driver().executeScript("return document.documentElement.scrollHeight");
            System.out.printf("console at 360 px (%s): action list at %s px, page %s px tall%n", lang, groupsTop, height);
            assertTrue(groupsTop.doubleValue() < 300, "what needs action first: at " + groupsTop + " px");
            // 6,539 px before (one alert card per screen); now two one-line boards, twelve status lines, the tools
            assertTrue(height.doubleValue() < 3200, "a short page on a phone: " + height + " px");
            browser.screenshot("arbiter-phone-" + lang);
        } finally {
            driver().executeScript("localStorage.removeItem('damrelay.lang')");
            browser.resetViewport();
        }
    }
}
