package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.Side;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.viewer.testing.Boards;
import org.damrelay.viewer.testing.Browser;
import org.damrelay.viewer.testing.CorpusGame;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * Issue 40, in a browser that prefers Dutch and one that prefers English, at 360 px and 1920 px:
 * what a spectator who knows lidraughts expects (ratings on the pages and in the PDN, an address
 * that holds the ply shown, dark mode, a capture drawn along its landing squares, a finished game's
 * clocks standing still, badges that say finished or paused, one board chooser) and a notation page
 * a player can use at the board (moves in two numbered columns with the latest in view, an honest
 * connection line, board and entry in view, refusals that name the rule, names single-spaced).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpectatorsAndPhonesBrowserTest {

    private static final String CAPTURE_GAME = LiveRelay.gameId(3, 1);   // Hein Meijer (1580) - Pim Meurs (1432)
    private static final String FINISHED_GAME = LiveRelay.gameId(3, 2);
    private static final String PAUSED_GAME = LiveRelay.gameId(3, 4);
    /** 33 takes two (28, 18) by way of 22, 39 could take one, 31 could move on: both rules of capture at once. */
    private static final String MAJORITY_FEN = "W:W31,33,39:B18,28,34,44";
    private static final int MAJORITY_BOARD = 10;
    // the last clock reading of the finished game: 1:51:43 and 0:51:40, white's clock running
    private static final int WHITE_LEFT = 6_703_000, BLACK_LEFT = 3_100_000;

    private LiveRelay relay;
    private TestDriver hall;
    private Browser dutch;
    private Browser english;
    private CorpusGame captureGame;
    private int capturePly;

    @BeforeAll
    void openHall() throws Exception {
        dutch = Browser.open("nl-NL");
        english = Browser.open("en-GB");
        // round 5 boards 6-9: one fresh notated game per language and width, the players as a
        // KNDB file writes them (double spaces); board 10 starts where both rules of capture apply
        List<String> extra = new ArrayList<>();
        for (int board = 6; board <= 9; board++) {
            extra.add("{round: 5, board: " + board + ", white: {name: \"H.  van der Zee\"}, black: {name: \"A.  van  Berkel\"}}");
        }
        extra.add("{round: 5, board: " + MAJORITY_BOARD + ", white: {name: Ma Jority}, black: {name: Cap Ture}, startFen: \"" + MAJORITY_FEN + "\"}");
        relay = LiveRelay.start(0, List.of(), extra);
        hall = relay.connectDriver();

        // board 1: a corpus game up to its first capture of two or more that turns on its way
        captureGame = turningCapture();
        // and two plies on, so that the capture is a ply looked back at, not the live one
        for (CorpusGame.PlayedPly p : captureGame.plies().subList(0, capturePly + 3)) hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(p));
        // board 2: six moves, the last clock reading 1:51:43 - 0:51:40, then a draw
        CorpusGame other = CorpusGame.load("090417ronde12.pdn", 1);
        for (int i = 0; i < 6; i++) {
            GameEvent e = Boards.moveEvent(other.plies().get(i));
            if (i == 5) e = e.toBuilder().setClock(Clock.newBuilder().setWhiteMs(WHITE_LEFT).setBlackMs(BLACK_LEFT).setRunning(Side.WHITE)).build();
            hall.sendDurable(LiveRelay.sourceBoard(2), e);
        }
        try (TestArbiter arbiter = arbiter()) {
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(FINISHED_GAME).setResult(GameResult.DRAW)));
        }
        // board 4: a move, then an "illegal move" to the position the board already shows, which the
        // relay refuses (no move at all): the board waits for the arbiter
        hall.sendDurable(LiveRelay.sourceBoard(4), Boards.moveEvent(other.plies().get(0)));
        hall.send(LiveRelay.sourceBoard(4), GameEvent.newBuilder().setType(EventType.ILLEGAL_MOVE)
                .setSubtype(org.damrelay.proto.IllegalSubtype.OTHER).setPly(2).setSide(Side.BLACK).setFen(other.plies().get(0).fen()).build());
        eventually().until(() -> get("/api/events/" + LiveRelay.EVENT).contains("\"paused\":true"));
    }

    @AfterAll
    void closeHall() throws IOException {
        try {
            if (hall != null) hall.close();
            if (relay != null) relay.close();
        } finally {
            if (dutch != null) dutch.close();
            if (english != null) english.close();
        }
    }

    private TestArbiter arbiter() throws Exception {
        return TestArbiter.connect(relay.port(), LiveRelay.ARBITER_TOKEN, LiveRelay.EVENT, "test arbiter");
    }

    private String get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(relay.httpUrl() + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private int relayPlies(String gameId) throws Exception {
        GameSnapshot.Builder b = GameSnapshot.newBuilder();
        com.google.protobuf.util.JsonFormat.parser().ignoringUnknownFields().merge(get("/api/games/" + gameId), b);
        return b.getPliesCount();
    }

    /** The first corpus game with a capture of two or more pieces whose landing squares are not on one line. */
    private CorpusGame turningCapture() {
        for (int index = 0; index < 30; index++) {
            CorpusGame g = CorpusGame.load("090417ronde12.pdn", index);
            for (int i = 0; i < Math.min(70, g.plies().size()); i++) {
                List<Integer> path = g.plies().get(i).move().path();
                if (path.size() >= 3 && !collinear(path)) {
                    capturePly = i;
                    return g;
                }
            }
        }
        throw new IllegalStateException("no turning capture in 090417ronde12.pdn");
    }

    private static boolean collinear(List<Integer> path) {
        int[] a = centre(path.get(0)), b = centre(path.get(1)), c = centre(path.get(path.size() - 1));
        return (b[0] - a[0]) * (c[1] - a[1]) == (b[1] - a[1]) * (c[0] - a[0]);
    }

    /** A square's centre in the board's SVG (50 per square, square 1 top row second from the left). */
    private static int[] centre(int square) {
        int row = (square - 1) / 5;
        int col = 2 * ((square - 1) % 5) + (row % 2 == 0 ? 1 : 0);
        return new int[] {col * 50 + 25, row * 50 + 25};
    }

    private static String text(ChromeDriver d, String css) {
        return d.findElement(By.cssSelector(css)).getText();
    }

    private static boolean nl(String lang) {
        return lang.equals("nl");
    }

    private Browser browser(String lang) {
        return nl(lang) ? dutch : english;
    }

    @ParameterizedTest(name = "{0}, {1} px")
    @CsvSource({"nl, 360, 740", "en, 360, 740", "nl, 1920, 1080", "en, 1920, 1080"})
    void spectatorPages(String lang, int width, int height) throws Exception {
        Browser browser = browser(lang);
        ChromeDriver d = browser.driver();
        browser.viewport(width, height);
        try {
            // ratings from the pairings, on the overview and the game page, and in the PDN
            d.get(relay.httpUrl() + "/index.html?event=" + LiveRelay.EVENT + "&round=3");
            By card1 = By.cssSelector(".game-card[data-board='1']");
            eventually().until(() -> d.findElement(card1).getText().contains("Hein Meijer (1580, NED)"));
            assertTrue(d.findElement(card1).getText().contains("Pim Meurs (1432, NED)"));
            String pdn = get("/pdn/" + CAPTURE_GAME + ".pdn");
            assertTrue(pdn.contains("[WhiteRating \"1580\"]") && pdn.contains("[BlackRating \"1432\"]"), pdn);

            // a paused board says so on the overview
            By pausedCard = By.cssSelector(".game-card[data-board='4'] .state-badge.paused");
            eventually().until(() -> !d.findElements(pausedCard).isEmpty());
            assertEquals(nl(lang) ? "Onderbroken: wordt hersteld door de arbiter" : "Paused: being restored by the arbiter",
                    d.findElement(pausedCard).getText());
            // a finished game's clocks: the relay's last reading, not ticking from it
            By finishedWhite = By.cssSelector(".game-card[data-board='2'] .clock[data-side='W']");
            eventually().until(() -> text(d, ".game-card[data-board='2'] .result").equals("1-1"));
            assertEquals("1:51:43", d.findElement(finishedWhite).getText());
            assertEquals("51:40", text(d, ".game-card[data-board='2'] .clock[data-side='B']"));
            browser.screenshot("spectators-overview-" + lang + "-" + width);
            if (width == 360) assertEquals(width, browser.pageWidth(), () -> "no sideways scrolling: " + d.executeScript(
                    "return [...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 361)"
                    + ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 12).join('; ')"));

            // the address holds the ply: a shared link opens there, stepping changes it, back and forward step
            int ply = capturePly + 1;
            d.get(relay.httpUrl() + "/game.html?game=" + CAPTURE_GAME + "&ply=" + (ply - 2));
            By board = By.cssSelector(".board-holder");
            eventually().until(() -> String.valueOf(ply - 2).equals(d.findElement(board).getAttribute("data-ply")));
            assertTrue(text(d, ".player.white .name").contains("Hein Meijer (1580, NED)"), text(d, ".player.white .name"));
            d.findElement(By.cssSelector("button.move[data-ply='" + ply + "']")).click();
            eventually().until(() -> d.getCurrentUrl().endsWith("ply=" + ply));
            new Actions(d).sendKeys(Keys.ARROW_LEFT).perform();
            eventually().until(() -> d.getCurrentUrl().endsWith("ply=" + (ply - 1)));
            d.navigate().back();
            eventually().until(() -> String.valueOf(ply).equals(d.findElement(board).getAttribute("data-ply")) && d.getCurrentUrl().endsWith("ply=" + ply));
            d.navigate().back();
            eventually().until(() -> String.valueOf(ply - 2).equals(d.findElement(board).getAttribute("data-ply")));
            d.navigate().forward();
            eventually().until(() -> String.valueOf(ply).equals(d.findElement(board).getAttribute("data-ply")));

            // the capture along its landing squares: one point per square, turning where the piece turned
            List<Integer> path = captureGame.plies().get(capturePly).move().path();
            String expected = path.stream().map(sq -> centre(sq)[0] + "," + centre(sq)[1]).collect(Collectors.joining(" "));
            assertEquals(expected, d.findElement(By.cssSelector(".board-holder .capture-path")).getAttribute("points"),
                    captureGame.plies().get(capturePly).notation() + " by way of " + path);
            assertEquals(captureGame.plies().get(capturePly).move().captureCount(), d.findElements(By.cssSelector(".board-holder .captured")).size());
            // the round's boards beside the game at 1920 px, so no chooser above it; the chooser alone on a phone
            WebElement chooser = d.findElement(By.cssSelector("select.board-choice"));
            eventually().until(() -> d.findElements(By.cssSelector(".round-boards a")).size() == 4);
            assertEquals(width < 1400, chooser.isDisplayed(), "the board chooser");
            assertEquals(width >= 1400, d.findElement(By.cssSelector(".round-boards")).isDisplayed(), "the boards beside the game");
            browser.screenshot("spectators-capture-" + lang + "-" + width);

            // dark mode: the system's choice, the switch overrides it and is remembered
            d.executeScript("localStorage.removeItem('damrelay.theme')");
            d.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
            d.navigate().refresh();
            eventually().until(() -> "true".equals(d.findElement(By.cssSelector("button.theme-switch")).getAttribute("aria-pressed")));
            assertTrue(darkBackground(d), "dark, as the system prefers");
            eventually().until(() -> d.findElements(By.cssSelector(".board-holder svg")).size() == 1);
            assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast in dark mode");
            browser.screenshot("spectators-dark-" + lang + "-" + width);
            d.findElement(By.cssSelector("button.theme-switch")).click();
            eventually().until(() -> !darkBackground(d));
            d.navigate().refresh();
            eventually().until(() -> "false".equals(d.findElement(By.cssSelector("button.theme-switch")).getAttribute("aria-pressed")));
            assertFalse(darkBackground(d), "the switch's choice outlives a reload");
            d.executeScript("localStorage.removeItem('damrelay.theme')");
            d.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "light"))));
            d.navigate().refresh();
            eventually().until(() -> "false".equals(d.findElement(By.cssSelector("button.theme-switch")).getAttribute("aria-pressed")));
            assertFalse(darkBackground(d));
            assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast in light mode");

            // a finished game: the badge says so, the clocks stand at the last reading on every load
            d.get(relay.httpUrl() + "/game.html?game=" + FINISHED_GAME);
            eventually().until(() -> text(d, "#connection").equals(nl(lang) ? "Afgelopen" : "Finished"));
            assertEquals("1:51:43", text(d, ".player.white .clock"));
            assertEquals("51:40", text(d, ".player.black .clock"));
            eventually().pollDelay(Duration.ofMillis(1500)).until(() -> true); // a second on: a ticking clock would show it
            d.navigate().refresh();
            eventually().until(() -> text(d, ".game-result").endsWith("1-1"));
            assertEquals("1:51:43", text(d, ".player.white .clock"), "the same reading on the next load");
            assertFalse(text(d, "#connection").equals("Live"));

            // a paused board: not live, being restored by the arbiter
            d.get(relay.httpUrl() + "/game.html?game=" + PAUSED_GAME);
            eventually().until(() -> text(d, "#connection").equals(nl(lang) ? "Onderbroken" : "Paused"));
            assertTrue(text(d, ".position-label").contains(nl(lang) ? "hersteld door de arbiter" : "being restored by the arbiter"),
                    text(d, ".position-label"));
            browser.screenshot("spectators-paused-" + lang + "-" + width);
        } finally {
            d.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
            browser.resetViewport();
        }
    }

    private static boolean darkBackground(ChromeDriver d) {
        String bg = (String) d.executeScript("return getComputedStyle(document.body).backgroundColor");
        String[] rgb = bg.replaceAll("[^0-9,]", "").split(",");
        return Integer.parseInt(rgb[0]) + Integer.parseInt(rgb[1]) + Integer.parseInt(rgb[2]) < 3 * 80;
    }

    @ParameterizedTest(name = "{0}, {1}x{2}, board {3}")
    @CsvSource({"nl, 360, 640, 6", "en, 360, 640, 7", "nl, 1920, 1080, 8", "en, 1920, 1080, 9"})
    void notationPage(String lang, int width, int height, int board) throws Exception {
        Browser browser = browser(lang);
        ChromeDriver d = browser.driver();
        browser.viewport(width, height);
        CorpusGame game = CorpusGame.load("PROF2.pdn", 15);
        String link;
        try (TestArbiter arbiter = arbiter()) {
            link = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(LiveRelay.gameId(5, board)).setAction(NotationRequest.Action.ISSUE).setTimes(TimeEntry.TIMES_OPTIONAL)
                    .setBaseUrl(relay.httpUrl()))).getNotation().getLink();
        }
        try {
            d.get("about:blank");
            d.get(link);
            eventually().until(() -> !d.findElements(By.cssSelector(".notator-white")).isEmpty());
            // names as the pairings gave them, single-spaced wherever they show
            assertEquals("H. van der Zee", text(d, ".notator-white"));
            assertTrue(text(d, ".game-title").contains("H. van der Zee – A. van Berkel"), text(d, ".game-title"));
            assertFalse(d.getPageSource().contains("  van"), "no double space in the page");
            assertTrue(get("/pdn/" + LiveRelay.gameId(5, board) + ".pdn").contains("[White \"H. van der Zee\"]"));
            d.findElement(By.cssSelector(".notator-white")).click();
            eventually().until(() -> text(d, ".notator").contains("H. van der Zee"));
            String live = nl(lang) ? "Verbonden met de server" : "Connected to the server";
            eventually().until(() -> text(d, ".link-status").equals(live));

            // board and entry in view without scrolling
            long viewport = ((Number) d.executeScript("return window.innerHeight")).longValue();
            for (String css : List.of(".board-holder svg", "form.move-entry input", ".time-entry input")) {
                Rectangle r = d.findElement(By.cssSelector(css)).getRect();
                assertTrue(r.getY() + r.getHeight() <= viewport, css + " ends at " + (r.getY() + r.getHeight()) + " px, below the " + viewport + " px screen");
            }
            if (width == 360) assertEquals(width, browser.pageWidth(), "no sideways scrolling");

            // a refused move names the rule: the first position of the game where a capture is due
            int due = firstCaptureDue(game);
            for (int i = 0; i < due; i++) type(d, game.plies().get(i).notation());
            eventually().until(() -> d.findElements(By.cssSelector(".moves .half[data-ply]")).size() == due);
            Position before = game.plies().get(due - 1).position();
            int idle = idlePiece(before);
            tap(d, idle);
            String compulsory = nl(lang) ? "slaan is verplicht (SWR 6.2)" : "capturing is compulsory (SWR 6.2)";
            eventually().until(() -> text(d, ".message").contains(compulsory));
            d.executeScript("document.querySelector('.message').textContent = ''");
            type(d, idle + "-" + (before.sideToMove() == Color.WHITE ? idle - 5 : idle + 5));
            eventually().until(() -> text(d, ".message").contains(compulsory));
            assertEquals(due, d.findElements(By.cssSelector(".moves .half[data-ply]")).size(), "the refused move was not entered");
            for (int i = due; i < 14; i++) type(d, game.plies().get(i).notation());

            // the moves in two numbered columns: one row per move number, white and black beside each other
            eventually().until(() -> d.findElements(By.cssSelector(".moves li")).size() == 7);
            List<WebElement> rows = d.findElements(By.cssSelector(".moves li"));
            for (int r = 0; r < rows.size(); r++) {
                WebElement row = rows.get(r);
                assertEquals((r + 1) + ".", row.findElement(By.cssSelector(".number")).getText());
                List<WebElement> halves = row.findElements(By.cssSelector(".half"));
                assertEquals(game.plies().get(2 * r).notation(), halves.get(0).getText().split("\\s")[0]);
                assertEquals(game.plies().get(2 * r + 1).notation(), halves.get(1).getText().split("\\s")[0]);
                Rectangle w = halves.get(0).getRect(), b = halves.get(1).getRect();
                assertTrue(w.getX() + w.getWidth() <= b.getX(), "row " + (r + 1) + ": white's move ends before black's begins");
                if (r > 0) {
                    Rectangle above = rows.get(r - 1).getRect();
                    assertTrue(above.getY() + above.getHeight() <= row.getRect().getY(), "row " + (r + 1) + " below row " + r);
                }
            }
            // the latest entry is in view inside the list
            Rectangle list = d.findElement(By.cssSelector("ol.moves")).getRect();
            Rectangle last = rows.get(rows.size() - 1).getRect();
            assertTrue(last.getY() >= list.getY() && last.getY() + last.getHeight() <= list.getY() + list.getHeight() + 1,
                    "the last row within the list's box");
            browser.screenshot(width == 360 ? "notation-phone-" + lang : "notation-desktop-" + lang);

            // offline: said at once, never "connected" while an entry waits; sent once the network is back
            d.executeCdpCommand("Network.enable", Map.of());
            d.executeCdpCommand("Network.emulateNetworkConditions", Map.of("offline", true, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
            type(d, game.plies().get(14).notation());
            eventually().until(() -> "1".equals(d.findElement(By.cssSelector(".unsent")).getAttribute("data-count")));
            eventually().until(() -> Set.of("offline", "noAnswer", "reconnecting").contains(d.findElement(By.cssSelector(".link-status")).getAttribute("data-state")));
            assertFalse(text(d, ".link-status").contains(live), text(d, ".link-status"));
            assertTrue(text(d, ".link-status").startsWith(nl(lang) ? "Offline" : "Offline"), text(d, ".link-status"));
            browser.screenshot(width == 360 ? "notation-offline-phone-" + lang : "notation-offline-desktop-" + lang);
            d.executeCdpCommand("Network.emulateNetworkConditions", Map.of("offline", false, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
            eventually().until(() -> "0".equals(d.findElement(By.cssSelector(".unsent")).getAttribute("data-count")) && text(d, ".link-status").equals(live));
            eventually().until(() -> relayPlies(LiveRelay.gameId(5, board)) == 15);
        } finally {
            d.executeCdpCommand("Network.emulateNetworkConditions", Map.of("offline", false, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
            browser.resetViewport();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"nl", "en"})
    void theMajorityCaptureIsNamedWhenALesserCaptureIsTried(String lang) throws Exception {
        ChromeDriver d = browser(lang).driver();
        browser(lang).viewport(360, 640);
        String link;
        try (TestArbiter arbiter = arbiter()) {
            link = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(LiveRelay.gameId(5, MAJORITY_BOARD)).setAction(NotationRequest.Action.ISSUE).setTimes(TimeEntry.TIMES_OFF)
                    .setBaseUrl(relay.httpUrl()))).getNotation().getLink();
        }
        try {
            d.get("about:blank");
            d.get(link);
            eventually().until(() -> !d.findElements(By.cssSelector(".notator-white, .notator span")).isEmpty());
            if (!d.findElements(By.cssSelector(".notator-white")).isEmpty()) d.findElement(By.cssSelector(".notator-white")).click();
            eventually().until(() -> text(d, ".notator").contains("Ma Jority"));
            tap(d, 39); // 39x30 takes one; 33x13 takes two
            String majority = nl(lang) ? "meerslag gaat voor (SWR 6.3): sla 2 stukken, vanaf 33" : "the majority capture comes first (SWR 6.3): capture 2 pieces, from 33";
            eventually().until(() -> text(d, ".message").contains(majority));
            browser(lang).screenshot("notation-majority-phone-" + lang);
            type(d, "31-26");
            eventually().until(() -> text(d, ".message").contains(nl(lang) ? "slaan is verplicht" : "capturing is compulsory"));
            assertTrue(d.findElements(By.cssSelector(".moves .half[data-ply]")).isEmpty(), "nothing entered");
        } finally {
            browser(lang).resetViewport();
        }
    }

    /** The index of the first ply of the game made where a capture was due (its position before is the one after ply index-1). */
    private static int firstCaptureDue(CorpusGame game) {
        for (int i = 1; i < game.plies().size(); i++) {
            if (Variant.INTERNATIONAL.legalMoves(game.plies().get(i - 1).position()).get(0).isCapture()) return i;
        }
        throw new IllegalStateException("no capture in the game");
    }

    /** A piece of the side to move that takes no part in the capture due and could step forward. */
    private static int idlePiece(Position p) {
        List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
        for (int sq = 1; sq <= 50; sq++) {
            Piece piece = p.pieceAt(sq);
            int step = p.sideToMove() == Color.WHITE ? sq - 5 : sq + 5;
            final int from = sq;
            if (piece != null && piece.color() == p.sideToMove() && !piece.isKing() && legal.stream().noneMatch(m -> m.from() == from)
                    && step >= 1 && step <= 50 && p.pieceAt(step) == null && (sq - 1) / 5 != (step - 1) / 5) {
                return sq;
            }
        }
        throw new IllegalStateException("no idle piece in " + p);
    }

    private static void type(ChromeDriver d, String move) {
        WebElement input = d.findElement(By.cssSelector("form.move-entry input[name='move']"));
        input.clear();
        input.sendKeys(move, Keys.ENTER);
    }

    private static void tap(ChromeDriver d, int square) {
        By target = By.cssSelector(".tap-targets rect[data-square=\"" + square + "\"]");
        eventually().until(() -> {
            d.findElement(target).click();
            return true;
        });
    }
}
