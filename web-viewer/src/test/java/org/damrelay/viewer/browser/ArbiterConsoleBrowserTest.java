package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.Side;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

class ArbiterConsoleBrowserTest extends LiveHallTestBase {
    private static final String TOKEN = LiveRelay.ARBITER_TOKEN;

    private void signIn(String token) {
        browser.arbiterSession(relay.httpUrl(), null);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        WebElement form = driver().findElement(By.id("login"));
        eventually().until(form::isDisplayed);
        form.findElement(By.name("token")).sendKeys(token);
        form.findElement(By.cssSelector("button[type=submit]")).click();
    }

    /** 32-28 19-23, then white plays 31-26 although 28x19 is compulsory (art. 6.2). */
    private List<GameEvent> gameWithMissedCapture() {
        List<GameEvent> events = new ArrayList<>();
        Position pos = Position.start();
        String[][] moves = {{"32", "28"}, {"19", "23"}, {"31", "26"}};
        for (int i = 0; i < moves.length; i++) {
            int ply = i + 1;
            Move move = Move.quiet(Integer.parseInt(moves[i][0]), Integer.parseInt(moves[i][1]));
            pos = pos.apply(move);
            CorpusGame.PlayedPly played = CorpusGame.ply(ply, move.toString(), move, pos);
            GameEvent event = Boards.moveEvent(played);
            if (ply == 3) {
                event = event.toBuilder().setType(EventType.ILLEGAL_MOVE).setSubtype(IllegalSubtype.CAPTURE_MISSED)
                        .setSide(Side.WHITE).addSquares(31).addSquares(26).addSquares(28).addSquares(23)
                        .setText("31-26 played while 28x19 was compulsory").build();
            }
            events.add(event);
        }
        return events;
    }

    @Test
    void illegalMoveRaisesAnAlertThatOpensTheGameAndCanBeAcknowledged() throws Exception {
        signIn(TOKEN);
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li")).size() == 4);
        assertTrue(driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b1']")).getText().contains("waiting"));

        for (GameEvent e : gameWithMissedCapture()) hall.sendDurable(LiveRelay.sourceBoard(1), e);

        WebElement alert = eventually().until(
                () -> driver().findElements(By.cssSelector("li.alert[data-game='nk2026-r3-b1']")), l -> !l.isEmpty()).get(0);
        String alertId = alert.getAttribute("data-alert");
        String text = alert.getText();
        for (String part : List.of("ACTION", "Board 1 · move 2 (white)", "Illegal move: capture missed (SWR 6.2)", "White played 31-26 while capturing was compulsory")) {
            assertTrue(text.contains(part), part + " missing in: " + text);
        }
        assertTrue(driver().findElement(By.cssSelector(".game-card[data-board='1']")).getAttribute("class").contains("has-alert"));
        String announced = driver().findElement(By.cssSelector(".announcer")).getAttribute("textContent");
        assertEquals("Needs action: board 1, Illegal move: capture missed (SWR 6.2)", announced);
        assertEquals("1 alert needs action", driver().findElement(By.cssSelector(".action-count")).getText());
        eventually().until(() -> driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b1']")).getText().contains("connected"));

        // An uncrowned king and a draw-rule count show in the board's status line.
        hall.sendDurable(LiveRelay.sourceBoard(2), GameEvent.newBuilder().setType(EventType.UNCROWNED_KING).setPly(0)
                .setSide(Side.WHITE).addSquares(3).setText("the man on 3 is not crowned").build());
        eventually().until(() -> driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b2']"))
                .getText().contains("uncrowned king on 3"));
        // information: in the board's own history, one click away, not among what needs action
        assertTrue(driver().findElements(By.cssSelector("ol.action-groups li.alert[data-game='nk2026-r3-b2']")).isEmpty());
        driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b2'] button.history-toggle")).click();
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b2'] li.alert")).stream()
                .anyMatch(li -> li.getText().contains("Uncrowned king")));

        browser.viewport(1920, 1080);
        browser.screenshot("arbiter-desktop");
        assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
        browser.viewport(360, 740);
        browser.screenshot("arbiter-phone");
        assertEquals(360, browser.pageWidth(), "no sideways scrolling on a 360 px phone");
        browser.resetViewport();

        // the console renders its lists anew on every update and every few seconds: a stale link is found again
        eventually().until(() -> {
            driver().findElement(By.cssSelector("li.alert[data-alert='" + alertId + "'] a.alert-open")).click();
            return true;
        });
        eventually().untilAsserted(() -> {
            assertTrue(driver().getCurrentUrl().contains("game.html?game=nk2026-r3-b1&ply=3"), driver().getCurrentUrl());
            assertEquals("3", driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply"));
        });
        assertEquals(Boards.expected(Position.start().apply(Move.quiet(32, 28)).apply(Move.quiet(19, 23)).apply(Move.quiet(31, 26))),
                Boards.shown(driver(), ".board-holder svg.board"), "the position the illegal move left");
        WebElement irregular = driver().findElement(By.cssSelector("button.move[data-ply='3']"));
        assertTrue(irregular.getAttribute("class").contains("irregular"));
        assertTrue(irregular.getAttribute("aria-label").endsWith("31-26, irregular"), irregular.getAttribute("aria-label"));
        driver().navigate().back();

        eventually().until(() -> {
            driver().findElement(By.cssSelector("li.alert[data-alert='" + alertId + "'] button.ack")).click();
            return true;
        });
        // Once the relay answered ok (the acknowledgement is durable) it needs nothing more: it leaves
        // what needs action and stays in the board's history, marked.
        eventually().until(() -> driver().findElements(By.cssSelector("ol.action-groups li.alert[data-alert='" + alertId + "']")).isEmpty());
        driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b1'] button.history-toggle")).click();
        eventually().untilAsserted(() -> assertTrue(driver().findElement(By.cssSelector("ul.statuses li.alert[data-alert='" + alertId + "']"))
                .getText().contains("acknowledged by chief"), driver().findElement(By.cssSelector(".feedback")).getText()));
        try (TestArbiter other = arbiter()) {
            // A newly connected arbiter gets every alert with its state: the relay has the acknowledgement.
            eventually().until(() -> other.messages().stream().anyMatch(m ->
                    m.hasAlert() && String.valueOf(m.getAlert().getAlertId()).equals(alertId) && m.getAlert().getAcknowledged()));
        }
        assertFalse(driver().findElement(By.cssSelector(".game-card[data-board='1']")).getAttribute("class").contains("has-alert"));
        assertFalse(driver().findElement(By.cssSelector(".game-card[data-board='2']")).getAttribute("class").contains("has-alert"),
                "an uncrowned king standing is information: the card is not flagged");
        assertEquals("Nothing needs action", driver().findElement(By.cssSelector(".action-count")).getText());
    }

    @Test
    void resultEnteredByTheArbiterShowsForSpectators() {
        signIn(TOKEN);
        eventually().until(() -> driver().findElements(By.cssSelector("form.result-form select[name=game] option")).size() == 4);
        WebElement form = driver().findElement(By.cssSelector("form.result-form"));
        new Select(form.findElement(By.name("game"))).selectByValue(LiveRelay.gameId(3, 4));
        new Select(form.findElement(By.name("result"))).selectByValue("0-2");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        // the form asks first, and answers in the form
        eventually().until(() -> {
            driver().findElement(By.cssSelector("form.result-form .confirm-yes")).click();
            return true;
        });
        eventually().untilAsserted(() -> {
            String feedback = driver().findElement(By.cssSelector("form.result-form .confirm-answer")).getText();
            assertTrue(feedback.startsWith("Result 0-2 on board 4: ") && !feedback.contains("failed") && !feedback.contains("sending"), feedback);
        });
        eventually().until(() -> driver().findElement(By.cssSelector(".game-card[data-board='4'] .result")).getText().equals("0-2"));

        driver().get(relay.httpUrl() + "/game.html?game=" + LiveRelay.gameId(3, 4));
        eventually().until(() -> driver().findElement(By.cssSelector(".game-result")).getText().equals("Result 0-2"));
    }

    @Test
    void correctingAGameTakesItBackForSpectators() throws Exception {
        List<CorpusGame.PlayedPly> plies = CorpusGame.load("090417ronde12.pdn", 1).plies();
        for (int i = 0; i < 4; i++) hall.sendDurable(LiveRelay.sourceBoard(3), Boards.moveEvent(plies.get(i)));
        signIn(TOKEN);
        eventually().until(() -> driver().findElements(By.cssSelector("form.correct-form select[name=game] option")).size() == 4);
        WebElement form = driver().findElement(By.cssSelector("form.correct-form"));
        new Select(form.findElement(By.name("game"))).selectByValue(LiveRelay.gameId(3, 3));

        new Select(form.findElement(By.name("kind"))).selectByValue("REPLACE_MOVE");
        form.findElement(By.name("move")).sendKeys("2"); // ply 4: the scoresheet's move 2 of black
        new Select(form.findElement(By.name("side"))).selectByValue("B");
        form.findElement(By.name("value")).sendKeys("nonsense");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        eventually().until(() -> driver().findElement(By.cssSelector(".feedback")).getText()
                .equals("Correction not sent: \"nonsense\" is not a move (e.g. 32-28 or 28x19)"));

        new Select(form.findElement(By.name("kind"))).selectByValue("TAKE_BACK");
        form.findElement(By.name("move")).clear();
        form.findElement(By.name("move")).sendKeys("1"); // back to after ply 2: move 1 of black
        form.findElement(By.name("value")).clear();
        form.findElement(By.name("reason")).sendKeys("clock pressed twice");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        eventually().untilAsserted(() -> {
            String feedback = driver().findElement(By.cssSelector(".feedback")).getText();
            assertTrue(feedback.startsWith("Correction: ") && !feedback.contains("sending"), feedback);
        });

        driver().get(relay.httpUrl() + "/game.html?game=" + LiveRelay.gameId(3, 3));
        eventually().untilAsserted(() -> assertEquals(Boards.expected(plies.get(1).position()),
                Boards.shown(driver(), ".board-holder svg.board")));
        assertEquals(2, driver().findElements(By.cssSelector("ol.moves button.move")).size());
    }

    @Test
    void underABroadcastDelayTheConsoleKeepsItsAlertsLive() throws Exception {
        try (LiveRelay delayed = LiveRelay.start(900); TestDriver board = delayed.connectDriver()) {
            LiveRelay spectatorsRelay = relay;
            relay = delayed;
            try {
                signIn(TOKEN);
                eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li")).size() == 4);
                assertEquals("Broadcast delayed by 15 minutes", driver().findElement(By.id("delay")).getText());
                List<GameEvent> events = gameWithMissedCapture();
                board.sendDurable(LiveRelay.sourceBoard(1), events.get(0));
                // Open since before the move, the console follows the game live through the arbiter stream.
                eventually().until(() -> driver().findElement(By.cssSelector(".game-card[data-board='1'] div.last-move")).getText().equals("1. 32-28"));

                driver().navigate().refresh();
                eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li")).size() == 4);
                board.sendDurable(LiveRelay.sourceBoard(1), events.get(1));
                board.sendDurable(LiveRelay.sourceBoard(1), events.get(2));
                // Reloaded (or opened later), it starts from the relay's live snapshot: boards and alerts are live.
                eventually().until(() -> !driver().findElements(By.cssSelector("li.alert[data-game='nk2026-r3-b1']")).isEmpty());
                eventually().until(() -> driver().findElement(By.cssSelector(".game-card[data-board='1'] div.last-move")).getText().equals("2. 31-26"));
                assertTrue(driver().findElement(By.id("connection")).getText().endsWith("Live"));
            } finally {
                relay = spectatorsRelay;
            }
        }
    }

    @Test
    void aWrongTokenIsRefusedAndSaysSo() {
        signIn("not-the-token");
        eventually().untilAsserted(() -> {
            String error = driver().findElement(By.cssSelector("#login .login-error")).getText();
            assertTrue(error.endsWith("unknown or revoked token"), error);
        });
        assertFalse(driver().findElement(By.id("arbiter")).isDisplayed(), "the console is not shown behind a refused token");
    }
}
