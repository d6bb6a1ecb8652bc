package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.damrelay.proto.AcknowledgeBoard;
import org.damrelay.proto.Alert;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Player;
import org.damrelay.proto.SetPairing;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The arbiter's console in a real round (issue 23), at 360 px and on a 1080p screen: a round of 12
 * boards; information (clock not pressed, touched piece, capture execution) stays in each board's
 * own history, one click away; what needs action (a flag fall, a position no move explains) is
 * grouped by board with a clear count and a cue; a filter shows one board; "acknowledge all of
 * this board" clears it on the relay. One page scroll, no sideways scrolling, the whole round in view.
 */
class ConsoleTriageBrowserTest extends LiveHallTestBase {

    private static final int BOARDS = 12;
    private static final Pattern WIRE_NAME = Pattern.compile("\\b[A-Z]+_[A-Z_]+\\b");

    /** Round 3 gets boards 5..12 beside the four of the fixture: a full team round. */
    @BeforeAll
    void aFullRound() throws Exception {
        try (TestArbiter arbiter = arbiter()) {
            for (int board = 5; board <= BOARDS; board++) {
                arbiter.requestOk(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder().setInfo(GameInfo.newBuilder()
                        .setRound(3).setBoard(board).setMatch("Hijken DTC - Huissen")
                        .setWhite(Player.newBuilder().setName("White Player " + board).setTeam("Hijken DTC"))
                        .setBlack(Player.newBuilder().setName("Black Player " + board).setTeam("Huissen"))
                        .setSourceDriver(LiveRelay.DRIVER).setSourceBoard(source(board)))));
            }
        }
    }

    private static String source(int board) {
        return board <= 4 ? LiveRelay.sourceBoard(board) : String.valueOf(100 + board);
    }

    private static GameEvent event(EventType type, String text) {
        return GameEvent.newBuilder().setType(type).setText(text).build();
    }

    private void signIn(int width) {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        browser.viewport(width, width == 360 ? 740 : 1080);
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li.board-row")).size() == BOARDS);
    }

    private String count() {
        return driver().findElement(By.cssSelector(".action-count")).getText();
    }

    private List<WebElement> rows() {
        return driver().findElements(By.cssSelector("ul.statuses li.board-row"));
    }

    private void filter(String label) {
        eventually().until(() -> {
            new Select(driver().findElement(By.cssSelector("select.filter-choice"))).selectByVisibleText(label);
            return true;
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {360, 1920})
    void informationStaysInTheBoardsHistoryWhatNeedsActionIsCountedGroupedFilteredAndAcknowledgedPerBoard(int width) throws Exception {
        // each width plays on its own two boards, so the runs do not see each other's alerts
        int quiet = width == 360 ? 5 : 7;
        int trouble = quiet + 1;
        String quietGame = LiveRelay.gameId(3, quiet);
        String troubleGame = LiveRelay.gameId(3, trouble);
        try (TestArbiter before = arbiter()) {
            // a clean start whatever an earlier run left open
            for (int board = 1; board <= BOARDS; board++) {
                before.requestOk(ArbiterRequest.newBuilder().setAckBoard(AcknowledgeBoard.newBuilder().setGameId(LiveRelay.gameId(3, board))));
            }
        }
        signIn(width);
        eventually().until(() -> count().equals("Nothing needs action"));

        hall.sendDurable(source(quiet), event(EventType.CLOCK_NOT_PRESSED, "clock not pressed"));
        hall.sendDurable(source(quiet), event(EventType.TOUCH_MOVE, "touched 32, played 31-27"));
        hall.sendDurable(source(quiet), event(EventType.CAPTURE_EXECUTION, "pieces taken off criss-cross"));
        hall.sendDurable(source(trouble), event(EventType.CLOCK_NOT_PRESSED, "clock not pressed"));
        hall.sendDurable(source(trouble), event(EventType.FLAG_FALL, "white's flag fell"));
        hall.sendDurable(source(trouble), event(EventType.POSITION_UNKNOWN, "no move explains the board"));

        // the count, and the cue: it flashes, the screen reader hears it, the tab title carries it
        eventually().until(() -> count().equals("2 alerts need action"));
        WebElement counter = driver().findElement(By.cssSelector(".action-count"));
        assertTrue(counter.getAttribute("class").contains("fresh"), "a new alert that needs action flashes the count");
        assertTrue(driver().getTitle().startsWith("(2) "), driver().getTitle());
        String announced = driver().findElement(By.cssSelector(".announcer")).getAttribute("textContent");
        assertTrue(announced.contains("board " + trouble), announced);

        // triage: only the board in trouble is among what needs action, with both its alerts
        // (read again if a live re-render replaced the elements meanwhile)
        eventually().untilAsserted(() -> {
            List<WebElement> groups = driver().findElements(By.cssSelector("ol.action-groups li.action-board"));
            assertEquals(List.of(troubleGame), groups.stream().map(g -> g.getAttribute("data-game")).toList());
            assertEquals(2, driver().findElements(By.cssSelector("ol.action-groups li.action-board li.alert")).size());
            assertTrue(driver().findElements(By.cssSelector("ol.action-groups li.alert[data-game='" + quietGame + "']")).isEmpty(),
                    "information is not among what needs action");
            assertTrue(driver().findElements(By.cssSelector("ul.statuses li[data-game='" + quietGame + "'] .action-badge")).isEmpty());
            assertEquals("2 need action", driver().findElement(By.cssSelector("ul.statuses li[data-game='" + troubleGame + "'] .action-badge")).getText());
        });

        // the board's own history, one click away: all three information alerts, in words
        click("ul.statuses li[data-game='" + quietGame + "'] button.history-toggle");
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li[data-game='" + quietGame + "'] .history li.alert")).size() == 3);
        for (String where : List.of("ol.action-groups", "ul.statuses")) {
            String text = eventually().until(() -> driver().findElement(By.cssSelector(where)).getText(), t -> true);
            assertFalse(WIRE_NAME.matcher(text).find(), "a wire name is visible in " + where + ": " + text);
        }

        // one scroll at every width: nothing scrolls inside the page, nothing sideways
        assertEquals(List.of(), innerScrollers(), "boxes that scroll inside the page");
        assertTrue(browser.pageWidth() <= width, "no sideways scrolling: page " + browser.pageWidth() + " px wide");
        if (width == 1920) {
            // the whole round in view on a 1080p screen, beside what needs action
            Number lowest = (Number) driver().executeScript("return Math.max(...[...document.querySelectorAll('ul.statuses li.board-row')]"
                    + ".map(li => li.getBoundingClientRect().bottom))");
            assertTrue(lowest.doubleValue() <= 1080, "every board in view without scrolling; the last ends at " + lowest);
        }
        assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
        browser.screenshot("arbiter-triage-" + (width == 360 ? "phone" : "desktop"));

        // the filter: one board, its row and what it needs; back to all boards
        filter("Board " + quiet);
        eventually().until(() -> rows().size() == 1 && rows().get(0).getAttribute("data-game").equals(quietGame));
        assertEquals(1, driver().findElements(By.cssSelector("ol.action-groups li.empty")).size(), "board " + quiet + " needs nothing");
        filter("Board " + trouble);
        eventually().until(() -> rows().size() == 1 && rows().get(0).getAttribute("data-game").equals(troubleGame));
        assertEquals(1, driver().findElements(By.cssSelector("ol.action-groups li.action-board")).size());
        assertTrue(driver().getCurrentUrl().contains("board=" + troubleGame), "the filter survives a reload: " + driver().getCurrentUrl());
        filter("All boards");
        eventually().until(() -> rows().size() == BOARDS);

        // acknowledge all of the board: its alerts are acknowledged on the relay, the other board's are not
        click("li.action-board[data-game='" + troubleGame + "'] button.ack-board");
        click("li.action-board[data-game='" + troubleGame + "'] .confirm-yes"); // it asks first (ConsoleSecondLookBrowserTest)
        eventually().until(() -> count().equals("Nothing needs action"));
        eventually().until(() -> driver().findElement(By.cssSelector(".triage-feedback .confirm-answer")).getText().equals("Acknowledge board " + trouble + ": done"));
        assertEquals("3 alerts of board " + trouble + " acknowledged", driver().findElement(By.cssSelector(".triage-feedback .confirm-answer")).getAttribute("title"));
        try (TestArbiter other = arbiter()) {
            eventually().untilAsserted(() -> {
                List<Alert> alerts = other.messages().stream().filter(ArbiterMessage.Builder::hasAlert).map(ArbiterMessage.Builder::getAlert)
                        .filter(a -> a.getGameId().equals(troubleGame) || a.getGameId().equals(quietGame)).toList();
                assertEquals(6, alerts.size());
                for (Alert a : alerts) assertEquals(a.getGameId().equals(troubleGame), a.getAcknowledged(), a.toString());
            });
        }
        assertFalse(driver().getTitle().startsWith("("), driver().getTitle());
        browser.resetViewport();
    }

    /** Clicks what the selector finds once it is there, again when a live re-render replaced it meanwhile. */
    private void click(String selector) {
        eventually().until(() -> {
            driver().findElement(By.cssSelector(selector)).click();
            return true;
        });
    }

    /** Elements other than the page that scroll their own content: a list in a box is a second scroll. */
    @SuppressWarnings("unchecked")
    private List<String> innerScrollers() {
        return (List<String>) driver().executeScript("return [...document.querySelectorAll('body *')].filter(e => {"
                + " const s = getComputedStyle(e); return /(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1;"
                + " }).map(e => e.tagName + '.' + e.className)");
    }
}
