package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Player;
import org.damrelay.proto.SetPairing;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** The arbiter console shows the draw counts the relay's game model keeps, highlights the last moves before a draw, and clears a count that ended. */
class DrawCountBrowserTest extends LiveHallTestBase {

    private List<String> counts() {
        return driver().findElements(By.cssSelector("ul.statuses li[data-game='" + LiveRelay.gameId(3, 1) + "'] .draw-count"))
                .stream().map(WebElement::getText).toList();
    }

    private void play(int from, int to) {
        hall.sendDurable(LiveRelay.sourceBoard(1), GameEvent.newBuilder().setType(EventType.MOVE)
                .setMove(GameWire.move(Move.quiet(from, to))).build());
    }

    @Test
    void theConsoleShowsARunningCountAndClearsItWhenItEnds() throws Exception {
        // a king ending set up on board 1: white king and man against a lone black king (SWR 9.2b, 9.2d)
        try (TestArbiter arbiter = arbiter()) {
            arbiter.requestOk(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder().setInfo(GameInfo.newBuilder()
                    .setRound(3).setBoard(1).setWhite(Player.newBuilder().setName("Hein Meijer"))
                    .setBlack(Player.newBuilder().setName("Pim Meurs")).setStartFen("W:W50,K46:BK1")
                    .setSourceDriver(LiveRelay.DRIVER).setSourceBoard(LiveRelay.sourceBoard(1)))));
        }
        browser.arbiterSession(relay.httpUrl(), null);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        WebElement form = driver().findElement(By.id("login"));
        eventually().until(form::isDisplayed);
        form.findElement(By.name("token")).sendKeys(LiveRelay.ARBITER_TOKEN);
        form.findElement(By.cssSelector("button[type=submit]")).click();
        eventually().until(() -> !driver().findElements(By.cssSelector("ul.statuses li[data-game='" + LiveRelay.gameId(3, 1) + "']")).isEmpty());

        play(46, 41);
        play(1, 6);
        eventually().until(() -> counts().equals(List.of("5-move rule: 1 of 5", "25-move rule: 1 of 25")));
        WebElement fiveMove = driver().findElements(By.cssSelector("ul.statuses li[data-game='" + LiveRelay.gameId(3, 1) + "'] .draw-count")).get(0);
        assertFalse(fiveMove.getAttribute("class").contains("draw-near"), "4 moves to go is not yet the end");
        assertEquals("SWR 9.2b", fiveMove.getAttribute("title"));

        // a man moves: the 25-move count ends and leaves the console; the 5-move count runs on
        play(50, 45);
        eventually().until(() -> counts().equals(List.of("5-move rule: 1 of 5")));
        play(6, 1);
        eventually().until(() -> !counts().isEmpty() && counts().get(0).equals("5-move rule: 2 of 5"));
        WebElement near = driver().findElement(By.cssSelector("ul.statuses li[data-game='" + LiveRelay.gameId(3, 1) + "'] .draw-count"));
        assertTrue(near.getAttribute("class").contains("draw-near"), "the last moves before the draw stand out");
        browser.screenshot("arbiter-draw-count");
    }
}
