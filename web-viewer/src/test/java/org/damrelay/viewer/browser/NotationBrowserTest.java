package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.NotationState;
import org.damrelay.proto.Ply;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;

/**
 * The notation page on a phone-sized headless Chromium against the live relay: a whole corpus game
 * entered by taps (captures and multi-captures), with an undo, a lost connection and a reload in
 * the middle, the result confirmed by both players; an ambiguous capture; stop for good; a revoked
 * credential; a credential that reaches its own game only, issued from the arbiter console.
 */
class NotationBrowserTest extends LiveHallTestBase {

    @BeforeEach
    void phone() {
        browser.viewport(360, 740);
    }

    private NotationCredential issue(TestArbiter arbiter, int board, TimeEntry times) {
        return arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                .setGameId(LiveRelay.gameId(5, board)).setAction(NotationRequest.Action.ISSUE).setTimes(times)
                .setBaseUrl(relay.httpUrl()))).getNotation();
    }

    private GameSnapshot relayGame(int board) throws Exception {
        return relayGame(5, board);
    }

    private GameSnapshot relayGame(int round, int board) throws Exception {
        String json = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(relay.httpUrl() + "/api/games/"
                + LiveRelay.gameId(round, board))).build(), HttpResponse.BodyHandlers.ofString()).body();
        GameSnapshot.Builder b = GameSnapshot.newBuilder();
        com.google.protobuf.util.JsonFormat.parser().ignoringUnknownFields().merge(json, b);
        return b.build();
    }

    /** A tap on a square; the board is drawn anew when the relay's answer comes, so a stale square is found again. */
    private void tap(int square) {
        By target = By.cssSelector(".tap-targets rect[data-square=\"" + square + "\"]");
        eventually().until(() -> {
            driver().findElement(target).click();
            return true;
        });
    }

    private String text(String css) {
        return driver().findElement(By.cssSelector(css)).getText();
    }

    private void openAndSayWhoNotates(NotationCredential c) {
        driver().get("about:blank"); // a link that differs only after '#' would not load the page again
        driver().get(c.getLink());
        eventually().until(() -> !driver().findElements(By.cssSelector(".notator-white")).isEmpty());
        driver().findElement(By.cssSelector(".notator-white")).click();
        eventually().until(() -> text(".notator").startsWith("Notated by"));
    }

    /** The taps of one move: start and landing square, and the squares passed where PDN writes them (ambiguous only). */
    private void enter(CorpusGame.PlayedPly p) {
        String[] squares = p.notation().split("[-x]");
        tap(Integer.parseInt(squares[0]));
        tap(Integer.parseInt(squares[squares.length - 1]));
        for (int i = 1; i < squares.length - 1; i++) tap(Integer.parseInt(squares[i]));
    }

    private int movesShown() {
        return driver().findElements(By.cssSelector(".moves .half[data-ply]")).size();
    }

    @Test
    void aWholeCorpusGameByTapsSurvivesALostConnectionAndAReloadWithUndoAndTheResult() throws Exception {
        CorpusGame game = CorpusGame.load("PROF2.pdn", 15);
        List<CorpusGame.PlayedPly> plies = game.plies();
        try (TestArbiter arbiter = arbiter()) {
            NotationCredential c = issue(arbiter, 1, TimeEntry.TIMES_OFF);
            openAndSayWhoNotates(c);
            assertTrue(text(".lock").contains("only this game's position and moves"), "the locked mode says what it shows");
            assertTrue(driver().findElements(By.cssSelector("a")).isEmpty(), "no link leads anywhere else");
            for (int i = 0; i < 2; i++) enter(plies.get(i));
            // a legal move that was not played, undone before the opponent's move is entered
            Position before = plies.get(1).position();
            Move wrong = Variant.INTERNATIONAL.legalMoves(before).stream()
                    .filter(m -> !m.equals(plies.get(2).move())).findFirst().orElseThrow();
            tap(wrong.from());
            tap(wrong.to());
            eventually().until(() -> movesShown() == 3);
            driver().findElement(By.cssSelector("button.undo")).click();
            eventually().until(() -> movesShown() == 2);
            assertTrue(!driver().findElement(By.cssSelector("button.undo")).isEnabled(), "one undo only");
            tap(46);
            assertTrue(text(".message").startsWith("Not a legal move"), text(".message"));
            for (int i = 2; i < 10; i++) enter(plies.get(i));
            eventually().until(() -> "0".equals(driver().findElement(By.cssSelector(".unsent")).getAttribute("data-count")));
            eventually().until(() -> relayGame(1).getPliesCount() == 10);

            // the page's files are kept by its service worker, for a reload without the relay
            eventually().until(() -> Boolean.TRUE.equals(driver().executeScript("return !!navigator.serviceWorker.controller")));
            relay.stop();
            eventually().until(() -> text(".link-status").startsWith("Offline"));
            for (int i = 10; i < 14; i++) enter(plies.get(i));
            eventually().until(() -> text(".unsent").startsWith("4 entries not yet sent"));
            driver().navigate().refresh();
            eventually().until(() -> movesShown() == 14 && text(".unsent").startsWith("4 entries not yet sent"));
            for (int i = 14; i < 18; i++) enter(plies.get(i));
            eventually().until(() -> text(".unsent").startsWith("8 entries not yet sent"));
            assertEquals(8, driver().findElements(By.cssSelector(".moves .half.pending")).size(), "unsent moves are marked");

            relay.restart();
            eventually().until(() -> text(".unsent").equals("All entries sent"));
            for (int i = 18; i < plies.size(); i++) enter(plies.get(i));
            eventually().until(() -> relayGame(1).getPliesCount() == plies.size());
            GameSnapshot onRelay = relayGame(1);
            assertEquals(plies.stream().map(CorpusGame.PlayedPly::notation).toList(),
                    onRelay.getPliesList().stream().map(Ply::getNotation).toList(), "nothing lost, nothing doubled");
            assertEquals(plies.get(plies.size() - 1).fen(), onRelay.getFen());

            driver().findElement(By.cssSelector("button.result")).click();
            driver().findElement(By.cssSelector("button.choose-result[data-result=\"2-0\"]")).click();
            driver().findElement(By.cssSelector("button.confirm-white")).click();
            assertEquals(GameResult.RESULT_UNSPECIFIED, relayGame(1).getResult(), "one player's confirmation is not enough");
            driver().findElement(By.cssSelector("button.confirm-black")).click();
            eventually().until(() -> relayGame(1).getResult() == GameResult.WHITE_WINS);
            browser.screenshot("notation-phone");
            eventually().until(() -> arbiter.messages().stream().anyMatch(m -> m.hasAudit() && m.getAudit().getAction().startsWith("UNDO")));
        }
        String pdn = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(relay.httpUrl() + "/pdn/"
                + LiveRelay.gameId(5, 1) + ".pdn")).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(pdn.contains("[Notator \"A.U. Kovrizkin\"]") && pdn.contains("38x20 2-0"), pdn);
        driver().get(relay.httpUrl() + "/index.html?event=" + LiveRelay.EVENT + "&round=5");
        eventually().until(() -> driver().findElements(By.cssSelector(".game-card[data-board=\"1\"] .notation-badge.notated")).size() == 1);
    }

    @Test
    void anAmbiguousCaptureAsksForASquarePassed() throws Exception {
        try (TestArbiter arbiter = arbiter()) {
            openAndSayWhoNotates(issue(arbiter, 2, TimeEntry.TIMES_OFF));
        }
        tap(47);
        tap(36);
        eventually().until(() -> text(".message").contains("Two captures end on 36"));
        tap(38);
        assertEquals(0, movesShown(), "38 is passed by both captures");
        tap(24);
        eventually().until(() -> relayGame(2).getPliesCount() == 1);
        assertEquals(List.of(19, 29, 31, 42), relayGame(2).getPlies(0).getMove().getCapturedList());
    }

    @Test
    void stopEndsDigitalNotationForGoodAndSpectatorsSeeTheGameGoesOnOnPaper() throws Exception {
        try (TestArbiter arbiter = arbiter()) {
            openAndSayWhoNotates(issue(arbiter, 3, TimeEntry.TIMES_OFF));
            tap(32);
            tap(28);
            eventually().until(() -> relayGame(3).getPliesCount() == 1);
            driver().findElement(By.cssSelector("button.stop")).click();
            driver().findElement(By.cssSelector("button.stop-confirm")).click();
            eventually().until(() -> text(".message").contains("Continue on the paper scoresheet"));
            assertTrue(driver().findElements(By.cssSelector(".tap-targets")).isEmpty(), "nothing more can be entered");
            eventually().until(() -> arbiter.messages().stream().anyMatch(m -> m.hasAlert()
                    && m.getAlert().getEvent().getType() == EventType.NOTATION_STOPPED));
        }
        assertEquals(NotationState.ON_PAPER, relayGame(3).getInfo().getNotation());
        driver().get(relay.httpUrl() + "/game.html?game=" + LiveRelay.gameId(5, 3));
        eventually().until(() -> text(".game-title").contains("continues on paper"));
    }

    @Test
    void aRevokedCredentialIsRefused() throws Exception {
        try (TestArbiter arbiter = arbiter()) {
            openAndSayWhoNotates(issue(arbiter, 4, TimeEntry.TIMES_OFF));
            arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(LiveRelay.gameId(5, 4)).setAction(NotationRequest.Action.REVOKE)));
        }
        eventually().until(() -> text(".message").contains("revoked"));
        assertTrue(driver().findElements(By.cssSelector(".tap-targets")).isEmpty());
    }

    @Test
    void theConsolePrintsALinkWithItsQrCodeThatReachesItsOwnGameOnly() throws Exception {
        browser.resetViewport();
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=" + LiveRelay.EVENT + "&round=5");
        By issueButton = By.cssSelector(".notation-boards li[data-game=\"" + LiveRelay.gameId(5, 5) + "\"] button.notation-issue");
        eventually().until(() -> !driver().findElements(issueButton).isEmpty());
        driver().findElement(issueButton).click();
        eventually().until(() -> !driver().findElements(By.cssSelector(".notation-credential .notation-qr svg path")).isEmpty());
        String link = text(".notation-credential .notation-link");
        assertTrue(link.startsWith(relay.httpUrl() + "/notate.html#game=" + LiveRelay.gameId(5, 5) + "&key="), link);
        browser.screenshot("notation-console");
        browser.viewport(360, 740);
        // the same credential on another game's page is refused, and shows nothing of that game
        driver().get(link.replace("game=" + LiveRelay.gameId(5, 5), "game=" + LiveRelay.gameId(5, 1)));
        eventually().until(() -> text(".message").contains("notates " + LiveRelay.gameId(5, 5) + " only"));
        assertTrue(driver().findElements(By.cssSelector(".tap-targets")).isEmpty());
        assertTrue(!driver().getPageSource().contains("Kovrizkin"), "nothing of the other game reached the page");
        driver().get("about:blank");
        driver().get(link);
        eventually().until(() -> text(".game-title").contains("Own Game"));
        WebElement title = driver().findElement(By.cssSelector(".game-title"));
        assertTrue(title.getText().contains("Board 5"), title.getText());
    }

    @Test
    void theConsoleOffersLinksToBoardsWithoutSensorsOnlyAndSwitchesAFailedSensorBoardToAPhoneAndBack() throws Exception {
        browser.resetViewport();
        String sensorGame = LiveRelay.gameId(3, 4);
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=" + LiveRelay.EVENT + "&round=3");
        By switchButton = By.cssSelector(".notation-sensor-boards li[data-game=\"" + sensorGame + "\"] button.notation-switch");
        eventually().until(() -> !driver().findElements(switchButton).isEmpty());
        // the round's four sensor boards get no notation link, only the way out when one fails
        assertTrue(driver().findElements(By.cssSelector(".notation-boards li[data-game^=\"" + LiveRelay.EVENT + "-r3-\"]")).isEmpty());
        driver().findElement(By.cssSelector("details.notation-failed summary")).click();
        driver().findElement(switchButton).click();
        driver().findElement(By.cssSelector(".notation-sensor-boards li[data-game=\"" + sensorGame + "\"] .confirm-yes")).click();
        // switched: the game is now a notated board with its link and QR code, and a way back
        By row = By.cssSelector(".notation-boards li[data-game=\"" + sensorGame + "\"]");
        eventually().until(() -> !driver().findElements(By.cssSelector(".notation-boards li[data-game=\"" + sensorGame + "\"] .notation-qr svg path")).isEmpty());
        assertTrue(driver().findElement(row).findElement(By.cssSelector(".notation-link")).getText().contains("game=" + sensorGame));
        assertEquals(NotationState.NOTATED, relayGame(3, 4).getInfo().getNotation());
        // the phone, in Dutch, in a tab of its own
        String link = driver().findElement(row).findElement(By.cssSelector(".notation-link")).getText();
        String console = driver().getWindowHandle();
        driver().switchTo().newWindow(WindowType.TAB);
        driver().get(relay.httpUrl() + "/index.html");
        driver().executeScript("localStorage.setItem('damrelay.lang', 'nl')");
        driver().get(link);
        eventually().until(() -> text(".game-title").contains("Bord 4"));
        String phone = driver().getWindowHandle();
        driver().switchTo().window(console);
        driver().findElement(row).findElement(By.cssSelector("button.notation-switch-back")).click();
        driver().findElement(row).findElement(By.cssSelector(".confirm-yes")).click();
        // the phone is told in its language why it is closed, not in the relay's English
        driver().switchTo().window(phone);
        try {
            eventually().until(() -> text(".message").equals(
                    "De arbiter heeft deze partij teruggezet op het sensorbord: u hoeft met deze telefoon niet meer te noteren. Dank u wel."));
        } finally {
            driver().executeScript("localStorage.removeItem('damrelay.lang')");
            driver().close();
            driver().switchTo().window(console);
        }
        eventually().until(() -> driver().findElements(row).isEmpty() && !driver().findElements(switchButton).isEmpty());
        assertTrue(relayGame(3, 4).getInfo().getSensorBoard(), "fed by its sensor board again");
        // until the board takes over, the console says it is back on its sensor board and spectators see it being restored
        eventually().until(() -> driver().findElement(By.cssSelector("ul.statuses li[data-game=\"" + sensorGame + "\"] .status-line")).getText()
                .contains("back on the sensor board: waiting for the board's first move"));
        eventually().until(() -> driver().findElement(By.cssSelector(".game-card[data-board='4'] .notation-badge.restoring")).getText().equals("board being restored"));
    }
}
