package org.damrelay.viewer.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.Side;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.Browser;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.ScriptedRelay;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArbiterConsoleBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String TOKEN = "arbiter-secret";

    private Browser browser;
    private ScriptedRelay relay;
    private final GameInfo board1 = Boards.info("nk2026", 3, 1, "Hein Meijer", "Hijken DTC", "Pim Meurs", "Huissen");
    private final GameInfo board2 = Boards.info("nk2026", 3, 2, "Roel Boomstra", "Huissen", "Jeroen van den Akker", "Hijken DTC");

    @BeforeAll
    void start() throws Exception {
        browser = Browser.open();
        relay = ScriptedRelay.start(TOKEN);
        relay.addGame(board1);
        relay.addGame(board2);
    }

    @AfterAll
    void stop() throws Exception {
        if (relay != null) relay.close();
        if (browser != null) browser.close();
    }

    private org.openqa.selenium.chrome.ChromeDriver driver() {
        return browser.driver();
    }

    private void signIn(String token) {
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        driver().executeScript("sessionStorage.clear()");
        driver().navigate().refresh();
        WebElement form = driver().findElement(By.id("login"));
        await().atMost(WAIT).until(form::isDisplayed);
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
            CorpusGame.PlayedPly played = new CorpusGame.PlayedPly(ply, move.toString(), move, pos, CorpusGame.fen(pos));
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
        await().atMost(WAIT).until(() -> driver().findElements(By.cssSelector("ul.statuses li")).size() == 2);
        assertTrue(driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b1']")).getText().contains("waiting"));

        List<GameEvent> events = gameWithMissedCapture();
        for (GameEvent e : events) relay.publish(board1.getGameId(), e);
        long alertId = relay.raiseAlert(board1.getGameId(), events.get(2));

        WebElement alert = await().atMost(WAIT).until(
                () -> driver().findElements(By.cssSelector("li.alert[data-alert='" + alertId + "']")), l -> !l.isEmpty()).get(0);
        String text = alert.getText();
        for (String part : List.of("ERROR", "Board 1 · ply 3", "ILLEGAL_MOVE.CAPTURE_MISSED", "art. 6.2", "28x19 was compulsory")) {
            assertTrue(text.contains(part), part + " missing in: " + text);
        }
        assertTrue(driver().findElement(By.cssSelector(".game-card[data-board='1']")).getAttribute("class").contains("has-alert"));
        assertEquals("1 open", driver().findElement(By.cssSelector(".alert-count")).getText());
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b1']")).getText().contains("connected"));

        // An uncrowned king and a draw-rule count show in the board's status line.
        relay.raiseAlert(board2.getGameId(), GameEvent.newBuilder().setType(EventType.UNCROWNED_KING).setPly(41)
                .addSquares(3).setText("the man on 3 is not crowned").build());
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b2']"))
                .getText().contains("uncrowned king on 3"));
        assertTrue(driver().findElements(By.cssSelector("li.alert")).get(0).getText().contains("UNCROWNED_KING"), "newest first");

        browser.viewport(1920, 1080);
        browser.screenshot("arbiter-desktop");
        browser.viewport(360, 740);
        browser.screenshot("arbiter-phone");
        browser.resetViewport();

        driver().findElement(By.cssSelector("li.alert[data-alert='" + alertId + "'] a.alert-open")).click();
        await().atMost(WAIT).untilAsserted(() -> {
            assertTrue(driver().getCurrentUrl().contains("game.html?game=nk2026-r3-b1&ply=3"), driver().getCurrentUrl());
            assertEquals("3", driver().findElement(By.cssSelector(".board-holder")).getAttribute("data-ply"));
        });
        assertEquals(Boards.expected(Position.start().apply(Move.quiet(32, 28)).apply(Move.quiet(19, 23)).apply(Move.quiet(31, 26))),
                Boards.shown(driver(), ".board-holder svg.board"), "the position the illegal move left");
        driver().navigate().back();

        WebElement ack = await().atMost(WAIT).until(
                () -> driver().findElements(By.cssSelector("li.alert[data-alert='" + alertId + "'] button.ack")), l -> !l.isEmpty()).get(0);
        ack.click();
        await().atMost(WAIT).until(() -> relay.acknowledged(alertId));
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector("li.alert[data-alert='" + alertId + "']")).getText().contains("acknowledged"));
        assertFalse(driver().findElement(By.cssSelector(".game-card[data-board='1']")).getAttribute("class").contains("has-alert"));
        assertTrue(driver().findElement(By.cssSelector(".game-card[data-board='2']")).getAttribute("class").contains("has-alert"));
    }

    @Test
    void resultEnteredByTheArbiterShowsForSpectators() {
        signIn(TOKEN);
        await().atMost(WAIT).until(() -> driver().findElements(By.cssSelector("form.result-form select[name=game] option")).size() == 2);
        WebElement form = driver().findElement(By.cssSelector("form.result-form"));
        new Select(form.findElement(By.name("game"))).selectByValue(board2.getGameId());
        new Select(form.findElement(By.name("result"))).selectByValue("0-2");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        await().atMost(WAIT).until(() -> relay.resultOf(board2.getGameId()) == GameResult.BLACK_WINS);
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector(".feedback")).getText().contains("entered"));
        List<ArbiterRequest> requests = relay.arbiterRequests();
        assertEquals("nk2026-r3-b2", requests.get(requests.size() - 1).getResult().getGameId());

        driver().get(relay.httpUrl() + "/game.html?game=" + board2.getGameId());
        await().atMost(WAIT).until(() -> driver().findElement(By.cssSelector(".game-result")).getText().equals("Result 0-2"));
    }

    @Test
    void aWrongTokenIsRefusedAndSaysSo() {
        signIn("not-the-token");
        await().atMost(WAIT).untilAsserted(() -> {
            String status = driver().findElement(By.id("connection")).getText();
            assertTrue(status.contains("refused: unknown or revoked token"), status);
        });
    }
}
