package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.DeviceRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.NotatorName;
import org.damrelay.proto.Player;
import org.damrelay.proto.SetPairing;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestNotator;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;

/**
 * The arbiter's match report (issue 39): reached from the signed-in console in the same tab (the
 * token never in an address), a full team round of ten boards with membership numbers, the site
 * and the arbiter's name, every particular in plain words, and printed by Chromium to one A4 page
 * that carries the signature lines. At 360 px and 1920 px, in Dutch and English.
 */
class MatchReportBrowserTest extends LiveHallTestBase {

    private static final int BOARDS = 10;
    private static final String SWITCHED = LiveRelay.gameId(3, 10);

    /** Round 3 as a full team match: ten boards with membership numbers, six results, irregularities and a phone's notation. */
    @BeforeAll
    void aPlayedRound() throws Exception {
        try (TestArbiter arbiter = arbiter()) {
            for (int board = 1; board <= BOARDS; board++) {
                arbiter.requestOk(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder().setInfo(GameInfo.newBuilder()
                        .setRound(3).setBoard(board).setMatch("Hijken DTC - Huissen")
                        .setWhite(Player.newBuilder().setName("Wit Speler " + board).setTeam(board % 2 == 1 ? "Hijken DTC" : "Huissen")
                                .setFedId(String.valueOf(150000 + board)).setRating(1400 + board))
                        .setBlack(Player.newBuilder().setName("Zwart Speler " + board).setTeam(board % 2 == 1 ? "Huissen" : "Hijken DTC")
                                .setFedId(String.valueOf(160000 + board)).setRating(1300 + board))
                        .setSourceDriver(LiveRelay.DRIVER).setSourceBoard(String.valueOf(100 + board)))));
            }
            GameResult[] results = {GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.WHITE_WINS, GameResult.DRAW};
            for (int board = 1; board <= results.length; board++) {
                arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder()
                        .setGameId(LiveRelay.gameId(3, board)).setResult(results[board - 1])));
            }
            hall.sendDurable("107", GameEvent.newBuilder().setType(EventType.FLAG_FALL).setText("white's flag fell").build());
            hall.sendDurable("108", GameEvent.newBuilder().setType(EventType.POSITION_UNKNOWN).setText("no move explains it").build());
            hall.sendDurable("109", GameEvent.newBuilder().setType(EventType.CLOCK_MISMATCH).setText("clock set wrongly").build());
            // board 10's sensors fail: a phone notates, its notator gives a name, then back to the board
            NotationCredential c = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(SWITCHED).setAction(NotationRequest.Action.SWITCH_TO_NOTATION).setTimes(TimeEntry.TIMES_OFF)
                    .setBaseUrl(relay.httpUrl()).setReason("bord leest niet"))).getNotation();
            try (TestNotator phone = TestNotator.connect(relay.port(), SWITCHED, TestNotator.key(c), 0)) {
                eventually().until(() -> phone.state() != null);
                phone.request(DeviceRequest.newBuilder().setNotator(NotatorName.newBuilder().setName("H. van der Zee")));
                eventually().until(() -> arbiter.messages().stream().anyMatch(m -> m.hasAudit() && m.getAudit().getKind() == AuditEntry.Kind.NOTATOR_NAMED));
                arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                        .setGameId(SWITCHED).setAction(NotationRequest.Action.SWITCH_TO_SENSOR)));
            }
        }
    }

    private void signIn(int width, String lang) {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().executeScript("localStorage.setItem('damrelay.lang', arguments[0])", lang);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        browser.viewport(width, width == 360 ? 740 : 1080);
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li.board-row")).size() == BOARDS);
    }

    private String report() {
        return driver().findElement(By.id("report")).getText();
    }

    @ParameterizedTest
    @CsvSource({"360,nl", "1920,nl", "360,en", "1920,en"})
    void theConsolesLinkOpensTheReportSignedInWithEveryParticularInWords(int width, String lang) throws Exception {
        try {
            signIn(width, lang);
            driver().findElement(By.cssSelector("a.report-link")).click();
            eventually().until(() -> driver().findElements(By.cssSelector("#report h1")).size() == 1);
            assertFalse(driver().getCurrentUrl().contains(LiveRelay.ARBITER_TOKEN), "never the token in an address: " + driver().getCurrentUrl());
            assertEquals(1, driver().getWindowHandles().size(), "the report opens in the console's own tab, where its session is");
            // the event is Dutch: so is its report, whatever the console's language; the switch gives English
            if (lang.equals("en")) {
                driver().findElement(By.cssSelector(".language-switch button[data-lang='en']")).click();
                eventually().until(() -> report().contains("Match report: NK teams 2026"));
            }
            String text = report();
            List<String> expected = lang.equals("nl")
                    ? List.of("speellocatie Hijken", "arbiter J. de Vries", "Naam: J. de Vries", "lidnr. 150001", "lidnr. 160010",
                    "Uitslag 2-0 ingevoerd, door arbiter chief", "Genoteerd op de telefoon door H. van der Zee",
                    "Overgeschakeld op notatie met de telefoon bij de beginstelling: het sensorbord was defect, door arbiter chief. Reden: bord leest niet",
                    "Weer op het sensorbord bij de beginstelling, door arbiter chief", "Tussenstand: Hijken DTC")
                    : List.of("played at Hijken", "arbiter J. de Vries", "Name: J. de Vries", "member no. 150001", "member no. 160010",
                    "Result 2-0 entered, by arbiter chief", "Notated on a phone by H. van der Zee",
                    "the sensor board had failed, by arbiter chief", "Back on the sensor board at the start, by arbiter chief");
            for (String part : expected) assertTrue(text.contains(part), part + " missing in:\n" + text);
            for (String jargon : List.of("notation device", "(arbiter: ", "(noteerder", "hall/", "sensorbord 110", "sensor board 110", "halve zet", " ply ")) {
                assertFalse(text.contains(jargon), "\"" + jargon + "\" is not plain words:\n" + text);
            }
            assertTrue(browser.pageWidth() <= width, "no sideways scrolling: " + browser.pageWidth() + " px");
            // back to the console: still signed in
            driver().findElement(By.cssSelector("a.back")).click();
            eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li.board-row")).size() == BOARDS);
        } finally {
            driver().executeScript("localStorage.removeItem('damrelay.lang')");
            browser.resetViewport();
        }
    }

    /** Chromium prints the form as the browser's print does (the page's own A4 size and margins): one page, signatures on it. */
    @ParameterizedTest
    @ValueSource(strings = {"nl", "en"})
    void theReportPrintsOnOneA4WithTheSignatureLines(String lang) throws Exception {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/report.html?event=nk2026&round=3&lang=" + lang);
        eventually().until(() -> driver().findElements(By.cssSelector("#report .signatures")).size() == 1);
        @SuppressWarnings("unchecked")
        Map<String, Object> pdf = (Map<String, Object>) driver().executeCdpCommand("Page.printToPDF", Map.of("preferCSSPageSize", true));
        byte[] bytes = Base64.getDecoder().decode((String) pdf.get("data"));
        java.nio.file.Files.createDirectories(java.nio.file.Path.of("target", "screenshots"));
        java.nio.file.Files.write(java.nio.file.Path.of("target", "screenshots", "report-" + lang + ".pdf"), bytes);
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            assertEquals(1, doc.getNumberOfPages(), "the match form is one page");
            PDRectangle page = doc.getPage(0).getMediaBox();
            assertEquals(PDRectangle.A4.getWidth(), page.getWidth(), 2, "A4 wide");
            assertEquals(PDRectangle.A4.getHeight(), page.getHeight(), 2, "A4 high");
            String printed = new PDFTextStripper().getText(doc);
            for (String part : lang.equals("nl")
                    ? List.of("Teamleider Hijken DTC", "Teamleider Huissen", "Naam: J. de Vries", "lidnr. 160010", "speellocatie Hijken")
                    : List.of("Team leader Hijken DTC", "Team leader Huissen", "Name: J. de Vries", "member no. 160010", "played at Hijken")) {
                assertTrue(printed.contains(part), part + " not on the printed page:\n" + printed);
            }
        }
    }
}
