package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.damrelay.proto.AcknowledgeAlert;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.CorrectGame;
import org.damrelay.proto.Correction;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The first minutes of a spectator and an arbiter (issue 14), at phone and desktop size: the
 * event list, round tabs, ratings, the board chooser and spectator count, ticking clocks with the
 * side to move, a finished game, a correction with its reason, an unknown game, the favicon; the
 * console's sign-in errors, relay times on alerts, readable titles, and the printable report.
 */
class FirstMinutesBrowserTest extends LiveHallTestBase {

    private static final String GAME = LiveRelay.gameId(3, 2);

    private void size(int width) {
        if (width == 360) browser.viewport(360, 740);
        else browser.viewport(1920, 1080);
    }

    private void noSidewaysScroll(int width) {
        if (width == 360) assertEquals(360, browser.pageWidth(), "no sideways scrolling on a 360 px phone");
    }

    @ParameterizedTest
    @ValueSource(ints = {360, 1920})
    void theStartPageListsTheEventsAndTheOverviewHasRoundTabsRatingsAndSpectators(int width) throws Exception {
        size(width);
        driver().get(relay.httpUrl() + "/");
        WebElement event = eventually().until(() -> driver().findElements(By.cssSelector(".event-list a")), l -> !l.isEmpty()).get(0);
        assertEquals("NK teams 2026", event.getText());
        assertTrue(event.getAttribute("href").endsWith("index.html?event=nk2026&round=3"), event.getAttribute("href"));
        assertEquals("damrelay", driver().executeScript("return document.querySelector('link[rel=icon]') ? 'damrelay' : 'none'"));
        noSidewaysScroll(width);
        browser.screenshot("events-" + (width == 360 ? "phone" : "desktop"));

        event.click();
        eventually().until(() -> driver().findElements(By.cssSelector(".round-tabs a")).size() == 3); // rounds 3, 4 and 5 (notated boards)
        eventually().until(() -> driver().findElement(By.cssSelector(".round-tabs a.current")).getText().equals("Round 3")); // the tabs re-render with each update
        assertTrue(driver().findElement(By.cssSelector(".game-card[data-board='1'] .player.white")).getText().contains("Hein Meijer (1580, NED)"));
        eventually().until(() -> driver().findElement(By.cssSelector(".game-card[data-board='1'] .watching")).getText().matches("\\d+ watching"));
        noSidewaysScroll(width);
        browser.resetViewport();
    }

    @ParameterizedTest
    @ValueSource(ints = {360, 1920})
    void anUnknownGameIsSaidToBeUnknown(int width) throws Exception {
        size(width);
        driver().get(relay.httpUrl() + "/game.html?game=nk2026-r3-b9");
        eventually().until(() -> driver().findElement(By.cssSelector(".game-title")).getText()
                .equals("There is no game \"nk2026-r3-b9\" on this server"));
        assertEquals("not-found", driver().findElement(By.id("connection")).getAttribute("data-state"), "not shown as live");
        assertTrue(driver().findElement(By.id("connection")).getText().startsWith("Not found"));
        noSidewaysScroll(width);
        browser.resetViewport();
    }

    @Test
    void clocksTickForTheSideToMoveThenTheGameFinishesWithItsCorrectionShown() throws Exception {
        CorpusGame game = CorpusGame.load("090417ronde12.pdn", 1);
        driver().get(relay.httpUrl() + "/game.html?game=" + GAME);
        eventually().until(() -> driver().findElement(By.id("connection")).getText().equals("Live"));
        for (int i = 0; i < 4; i++) {
            CorpusGame.PlayedPly p = game.plies().get(i);
            Side toMove = p.ply() % 2 == 1 ? Side.BLACK : Side.WHITE;
            hall.sendDurable(LiveRelay.sourceBoard(2), Boards.moveEvent(p).toBuilder()
                    .setClock(Clock.newBuilder().setWhiteMs(4_700_000 - i * 1000).setBlackMs(4_650_000 - i * 1000).setRunning(toMove)).build());
        }
        eventually().until(() -> driver().findElements(By.cssSelector("ol.moves button.move")).size() == 4);
        // after four plies white is to move: white's clock runs down, black's stands
        WebElement white = driver().findElement(By.cssSelector(".player.white"));
        assertTrue(white.getAttribute("class").contains("to-move"), "the side to move is marked");
        String first = white.findElement(By.cssSelector(".clock")).getText();
        eventually().until(() -> !white.findElement(By.cssSelector(".clock")).getText().equals(first));
        assertEquals("1:17:27", driver().findElement(By.cssSelector(".player.black .clock")).getText());
        assertTrue(driver().getTitle().startsWith("B2 "), driver().getTitle());

        // the board chooser lists the round's boards; the spectator count includes this page
        eventually().until(() -> driver().findElements(By.cssSelector("select.board-choice option")).size() == 4);
        eventually().until(() -> driver().findElement(By.cssSelector(".watching")).getText().matches("[1-9]\\d* watching"));

        try (TestArbiter arbiter = arbiter()) {
            arbiter.requestOk(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId(GAME)
                    .setCorrection(Correction.newBuilder().setKind(Correction.Kind.TAKE_BACK).setPly(3)
                            .setReason("the players agreed the last move was not made"))));
            eventually().until(() -> driver().findElement(By.cssSelector(".corrections")).getText()
                    .contains("took the game back to after move 2 (white): the players agreed the last move was not made"));
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(GAME).setResult(GameResult.DRAW)));
        }
        eventually().until(() -> driver().findElement(By.cssSelector(".position-label")).getText().startsWith("Finished 1-1: after 2. "));
        assertFalse(driver().findElement(By.cssSelector(".position-label")).getText().contains("Live"));
        eventually().until(() -> driver().getTitle().contains(": 1-1 · NK teams 2026")); // the event by its name
        for (int width : new int[] {1920, 360}) {
            size(width);
            browser.screenshot("game-finished-" + (width == 360 ? "phone" : "desktop"));
            noSidewaysScroll(width);
        }
        browser.resetViewport();
    }

    @ParameterizedTest
    @ValueSource(ints = {360, 1920})
    void aWrongTokenBringsTheSignInBackWithTheReason(int width) throws Exception {
        size(width);
        browser.arbiterSession(relay.httpUrl(), "not-the-token");
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        WebElement error = eventually().until(() -> driver().findElement(By.cssSelector("#login .login-error")), WebElement::isDisplayed);
        assertTrue(error.getText().startsWith("The server refused the access code for event \"nk2026\""), error.getText());
        assertFalse(driver().findElement(By.id("arbiter")).isDisplayed(), "no console behind a refused token");
        assertFalse((Boolean) driver().executeScript("return document.querySelector('#login input[name=event]').validity.patternMismatch"),
                "the event pattern is a valid expression that accepts the event id");
        noSidewaysScroll(width);
        browser.screenshot("arbiter-refused-" + (width == 360 ? "phone" : "desktop"));
        browser.resetViewport();
    }

    @Test
    void alertsCarryTheRelayTimeAndAReadableTitleAndTheReportPrints() throws Exception {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        eventually().until(() -> driver().findElement(By.id("arbiter")).isDisplayed());
        hall.sendDurable(LiveRelay.sourceBoard(4), GameEvent.newBuilder().setType(EventType.BOARD_DISCONNECTED).setPly(0)
                .setText("the connection to the board dropped").build());
        // a disconnection is information until it lasts: it is in the board's own history
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b4'] button.history-toggle")), l -> !l.isEmpty())
                .get(0).click();
        WebElement alert = eventually().until(() -> driver().findElements(By.cssSelector("li.alert[data-game='nk2026-r3-b4']")), l -> !l.isEmpty()).get(0);
        assertTrue(alert.getText().contains("Board disconnected"), alert.getText());
        String alertId = alert.getAttribute("data-alert");
        long relayTime;
        try (TestArbiter arbiter = arbiter()) {
            relayTime = eventually().until(() -> arbiter.messages().stream().filter(m -> m.hasAlert()
                    && String.valueOf(m.getAlert().getAlertId()).equals(alertId)).findFirst(), Optional::isPresent)
                    .orElseThrow().getAlert().getRelayTimeMs();
            assertEquals(Instant.ofEpochMilli(relayTime), Instant.parse(alert.findElement(By.cssSelector("time")).getAttribute("datetime")));
            arbiter.requestOk(ArbiterRequest.newBuilder().setAckAlert(AcknowledgeAlert.newBuilder().setAlertId(Long.parseLong(alertId))));
        }
        eventually().until(() -> driver().findElement(By.cssSelector("li.alert[data-alert='" + alertId + "']")).getAttribute("class").contains("acknowledged"));
        // after a reload the board's state comes from the relay, not from what this page saw
        driver().navigate().refresh();
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li[data-game='nk2026-r3-b4']")).stream()
                .anyMatch(li -> li.getText().contains("board disconnected")));
        eventually().until(() -> !driver().findElements(By.cssSelector("li.alert[data-alert='" + alertId + "'] time")).isEmpty());
        String afterReload = driver().findElement(By.cssSelector("li.alert[data-alert='" + alertId + "'] time")).getAttribute("datetime");
        assertEquals(Instant.ofEpochMilli(relayTime), Instant.parse(afterReload), "the relay's time, unchanged by reload or acknowledgement");

        // the event is Dutch (the config's default language): its report is, whatever the browser prefers
        driver().get(relay.httpUrl() + "/report.html?event=nk2026&round=3");
        eventually().until(() -> driver().findElement(By.cssSelector("#report h1")).getText().equals("Wedstrijdformulier: NK teams 2026"));
        String report = driver().findElement(By.id("report")).getText();
        for (String part : List.of("Borden", "Uitslagen in de volgorde waarin de partijen eindigden", "Bijzonderheden, in volgorde", "Arbiter",
                "Teamleider Hijken DTC")) {
            assertTrue(report.contains(part), part + " missing in the report: " + report);
        }
        browser.viewport(794, 1123); // A4 at 96 dpi
        browser.screenshot("report-a4");
        browser.resetViewport();
    }
}
