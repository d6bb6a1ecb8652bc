package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.Side;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

class RoundOverviewBrowserTest extends LiveHallTestBase {

    private WebElement card(int board) {
        return driver().findElement(By.cssSelector(".game-card[data-board='" + board + "']"));
    }

    private static String get(String url) throws Exception {
        var res = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, res.statusCode(), url);
        return res.body();
    }

    private static ArbiterRequest.Builder result(int board, GameResult result) {
        return ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(LiveRelay.gameId(3, board)).setResult(result));
    }

    @Test
    void everyBoardOfTheRoundIsLiveWithMovesClocksResultsAndTheMatchScore() throws Exception {
        CorpusGame first = CorpusGame.load("090417ronde12.pdn", 0);
        CorpusGame second = CorpusGame.load("090417ronde12.pdn", 1);
        for (int i = 0; i < 6; i++) hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(first.plies().get(i)));

        driver().get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
        eventually().until(() -> driver().findElements(By.cssSelector(".game-card")).size() == 4);
        assertEquals(List.of("1", "2", "3", "4"), driver().findElements(By.cssSelector(".game-card"))
                .stream().map(e -> e.getAttribute("data-board")).toList(), "only round 3, in board order");
        assertTrue(card(1).getText().contains("Hein Meijer") && card(1).getText().contains("Pim Meurs"));
        assertTrue(card(1).getText().contains("3... 19-23"), card(1).getText());
        eventually().until(() -> driver().findElement(By.cssSelector(".match-head h2")).getText().equals("NK teams 2026 — round 3"));
        String pdn = get(driver().findElement(By.cssSelector("a.pdn-link")).getAttribute("href"));
        assertTrue(pdn.contains("Hein Meijer") && pdn.contains("19-23"), pdn);
        assertEquals(Boards.expected(first.plies().get(5).position()),
                Boards.shown(driver(), ".game-card[data-board='1'] svg.board"));

        // Live: moves on board 2 arrive while the page is open.
        for (int i = 0; i < 3; i++) {
            CorpusGame.PlayedPly p = second.plies().get(i);
            hall.sendDurable(LiveRelay.sourceBoard(2), Boards.moveEvent(p));
            eventually().untilAsserted(() -> assertEquals(Boards.expected(p.position()),
                    Boards.shown(driver(), ".game-card[data-board='2'] svg.board")));
        }
        assertTrue(card(2).getText().contains("2. 28x17"), card(2).getText());
        // Each side has spent 20 s a move with a 1 minute increment; white's clock is stopped.
        assertTrue(card(2).findElement(By.cssSelector(".player.white .clock")).getText().matches("1:21:20"),
                card(2).getText());

        // Arbiter-only alerts do not mark boards for spectators.
        hall.sendDurable(LiveRelay.sourceBoard(1), GameEvent.newBuilder().setType(EventType.TOUCH_MOVE).setPly(7).setSide(Side.WHITE)
                .addSquares(34).addSquares(31).setText("piece on 34 touched, 31 played").build());

        try (TestArbiter arbiter = arbiter()) {
            arbiter.requestOk(result(1, GameResult.WHITE_WINS));
            arbiter.requestOk(result(2, GameResult.DRAW));
        }
        eventually().untilAsserted(() -> assertEquals("2-0", card(1).findElement(By.cssSelector(".result")).getText()));
        eventually().untilAsserted(() -> assertEquals("Hijken DTC 3 – 1 Huissen",
                driver().findElement(By.cssSelector(".match-score")).getText()));
        assertEquals(0, driver().findElements(By.cssSelector(".has-alert, .alert-flag")).size());

        browser.viewport(1920, 1080);
        browser.screenshot("overview-desktop");
        assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
        browser.viewport(360, 740);
        browser.screenshot("overview-phone");
        assertEquals(360, browser.pageWidth(), "no sideways scrolling on a 360 px phone");
        browser.resetViewport();

        card(1).findElement(By.cssSelector("a.card-link")).click();
        eventually().until(() -> driver().getCurrentUrl().contains("game.html?game=nk2026-r3-b1"));
    }

    @Test
    void aDelayedBroadcastSaysSo() throws Exception {
        try (LiveRelay delayed = LiveRelay.start(900)) {
            driver().get(delayed.httpUrl() + "/index.html?event=nk2026&round=3");
            eventually().until(() -> driver().findElement(By.id("delay")).getText().equals("Broadcast delayed by 15 minutes"));
        }
    }

    @Test
    void filesFromAnotherHostFindTheRelayThroughTheRelayParameter() throws Exception {
        // A second relay only serves the files here, as a CDN would; the data comes from `relay`. Its
        // Content-Security-Policy lets its pages connect only to relays it names as trusted.
        CorpusGame.PlayedPly move = CorpusGame.load("090417ronde12.pdn", 2).plies().get(0);
        hall.sendDurable(LiveRelay.sourceBoard(3), Boards.moveEvent(move));
        try (LiveRelay cdn = LiveRelay.start(0, List.of("ws://127.0.0.1:" + relay.port()))) {
            driver().get(cdn.httpUrl() + "/index.html?event=nk2026&round=3&relay=ws://127.0.0.1:" + relay.port());
            eventually().until(() -> driver().findElements(By.cssSelector(".game-card")).size() == 4);
            eventually().until(() -> card(3).getText().contains("1. " + move.notation()));
            assertTrue(card(1).findElement(By.cssSelector("a.card-link")).getAttribute("href").contains("relay=ws"),
                    "links keep the relay address");
        }
    }

    @Test
    void withoutAnEventThePageListsTheRelaysEvents() {
        driver().get(relay.httpUrl() + "/index.html");
        eventually().until(() -> driver().findElement(By.id("overview")).getText().contains("NK teams 2026"));
    }
}
