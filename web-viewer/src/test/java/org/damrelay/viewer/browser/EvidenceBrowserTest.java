package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.regex.Pattern;
import org.damrelay.proto.Clock;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.SensorClock;
import org.damrelay.proto.SensorExcerpt;
import org.damrelay.proto.SensorReport;
import org.damrelay.proto.Side;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * "What the board saw" on the arbiter's console (issue 42), in Dutch and English, at 360 px and on
 * a 1080p screen: a driver (the test, on the relay's real /ingest) sends a touched-and-not-played
 * piece, its alert and the board's reports; the console opens the alert's evidence from the relay,
 * steps through it on the small board (34 lifted and put back highlighted), names the press by
 * colour, shows the move the reconstruction made, cites it in the decision and exports it.
 */
class EvidenceBrowserTest extends LiveHallTestBase {

    private static final String BOARD = LiveRelay.sourceBoard(1);
    private static final String GAME = LiveRelay.gameId(3, 1);
    private static final Pattern WIRE_NAME = Pattern.compile("\\b[A-Z]+_[A-Z_]+\\b");
    /** The moment of the touch: a minute ago, on this machine's clock (the console shows its own time zone's time). */
    private final long t0 = (System.currentTimeMillis() / 1000 - 60) * 1000;

    private static SensorReport field(long t, int square, String piece) {
        return SensorReport.newBuilder().setKind(SensorReport.Kind.FIELD).setCaptureMs(t).setWallMs(t).setSquare(square)
                .setField(square).setPiece(piece).build();
    }

    private static SensorReport clock(long t, int left, int right, boolean rightHigh) {
        return SensorReport.newBuilder().setKind(SensorReport.Kind.CLOCK).setCaptureMs(t).setWallMs(t)
                .setClock(SensorClock.newBuilder().setLeftMs(left).setRightMs(right).setRunning(true).setRightLeverHigh(rightHigh)).build();
    }

    @BeforeAll
    void aTouchedPieceOnBoardOne() {
        String start = "b".repeat(20) + "e".repeat(10) + "w".repeat(20);
        hall.sendEvidenceDurable(BOARD, 1, SensorExcerpt.newBuilder().setCapture("20261203-143000-ttyACM0.dgtcap").setCaptureOriginMs(0)
                .addReports(SensorReport.newBuilder().setKind(SensorReport.Kind.BOARD).setCaptureMs(t0 - 12_000).setWallMs(t0 - 12_000).setPiece(start))
                .addReports(clock(t0 - 1000, 4_800_000, 4_800_000, true))
                .addReports(field(t0 + 400, 34, "e"))
                .addReports(field(t0 + 1600, 34, "w"))
                .addReports(field(t0 + 2100, 33, "e"))
                .addReports(field(t0 + 2500, 29, "w"))
                .addReports(clock(t0 + 3000, 4_800_000, 4_855_000, false)).build());
        GameEvent move = GameEvent.newBuilder().setType(EventType.MOVE).setPly(1).setSide(Side.WHITE).setNotation("33-29")
                .setFen("B:W29,31,32,34-50:B1-20").setWallTimeMs(t0 + 2900)
                .setMove(MoveData.newBuilder().setFrom(33).setTo(29).addPath(33).addPath(29))
                .setClock(Clock.newBuilder().setWhiteMs(4_855_000).setBlackMs(4_800_000).setRunning(Side.BLACK)).build();
        hall.sendDurable(BOARD, move);
        hall.sendDurable(BOARD, GameEvent.newBuilder().setType(EventType.TOUCH_MOVE).setPly(1).setSide(Side.WHITE).addSquares(34).addSquares(33)
                .setWallTimeMs(t0 + 2900).setText("white touched 34, played 33").build());
    }

    private String at(long ms) {
        return DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault()).format(Instant.ofEpochMilli(ms))
                + "." + (ms % 1000) / 100;
    }

    /** Clicks what the selector finds, brought to the middle of the screen (the page's header stays on top). */
    private void click(String selector) {
        eventually().until(() -> {
            WebElement e = driver().findElement(By.cssSelector(selector));
            driver().executeScript("arguments[0].scrollIntoView({block: 'center'})", e);
            e.click();
            return true;
        });
    }

    private List<String> steps() {
        return driver().findElements(By.cssSelector("section.evidence ol.evidence-steps li")).stream().map(WebElement::getText).toList();
    }

    @ParameterizedTest
    @CsvSource({"360,nl", "1920,nl", "360,en", "1920,en"})
    void theAlertsEvidenceSteppedThroughCitedAndExported(int width, String lang) throws Exception {
        boolean nl = lang.equals("nl");
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        driver().executeScript("localStorage.setItem('damrelay.lang', arguments[0])", lang);
        driver().navigate().refresh();
        browser.viewport(width, width == 360 ? 740 : 1080);
        // the touched piece is information: in the board's own history
        eventually().until(() -> !driver().findElements(By.cssSelector("ul.statuses li[data-game='" + GAME + "'] button.history-toggle")).isEmpty());
        if (driver().findElements(By.cssSelector("ul.statuses li[data-game='" + GAME + "'] .history")).isEmpty()) {
            click("ul.statuses li[data-game='" + GAME + "'] button.history-toggle");
        }
        click("ul.statuses li[data-game='" + GAME + "'] .history li.alert button.evidence-open");
        eventually().until(() -> driver().findElements(By.cssSelector("section.evidence ol.evidence-steps li")).size() >= 7);
        List<String> steps = steps();
        String touch = nl ? "34 leeg" : "34 empty";
        String back = nl ? "34 bezet (wit) (teruggezet)" : "34 occupied (white) (put back)";
        String press = nl ? "klok ingedrukt door wit" : "clock pressed by white";
        String recognised = nl ? "zet 1 (wit): 33-29 herkend" : "move 1 (white): 33-29 recognised";
        assertTrue(steps.stream().anyMatch(s -> s.startsWith(at(t0 + 400) + ": " + touch)), steps.toString());
        assertTrue(steps.stream().anyMatch(s -> s.startsWith(at(t0 + 1600) + ": " + back)), steps.toString());
        assertTrue(steps.stream().anyMatch(s -> s.startsWith(at(t0 + 3000) + ": " + press)), steps.toString());
        assertTrue(steps.stream().anyMatch(s -> s.startsWith(at(t0 + 2900) + ": " + recognised)), steps.toString());
        int i34 = indexOf(steps, touch), iBack = indexOf(steps, back), i33 = indexOf(steps, nl ? "33 leeg" : "33 empty");
        assertTrue(i34 < iBack && iBack < i33, "in the order the board reported them: " + steps);
        String shown = driver().findElement(By.cssSelector("section.evidence")).getText();
        assertFalse(WIRE_NAME.matcher(shown).find(), "a wire name is visible: " + shown);
        assertFalse(shown.contains("null") || shown.contains("undefined"), shown);
        // the small board as a board: 1 top left of 5, 46 below 1, every square where it belongs
        Number top1 = (Number) driver().executeScript("return document.querySelector(\".evidence-board .sq[data-square='1']\").getBoundingClientRect().top");
        Number top46 = (Number) driver().executeScript("return document.querySelector(\".evidence-board .sq[data-square='46']\").getBoundingClientRect().top");
        Number left1 = (Number) driver().executeScript("return document.querySelector(\".evidence-board .sq[data-square='1']\").getBoundingClientRect().left");
        Number left5 = (Number) driver().executeScript("return document.querySelector(\".evidence-board .sq[data-square='5']\").getBoundingClientRect().left");
        Number left6 = (Number) driver().executeScript("return document.querySelector(\".evidence-board .sq[data-square='6']\").getBoundingClientRect().left");
        assertTrue(top46.doubleValue() > top1.doubleValue() + 50 && left5.doubleValue() > left1.doubleValue() + 50 && left6.doubleValue() < left1.doubleValue(),
                "squares placed as on a board: 1 at " + left1 + "," + top1 + ", 5 at x " + left5 + ", 6 at x " + left6 + ", 46 at y " + top46);

        // stepping by hand: the lift shows 34 empty and marked, the put-back marked as such
        click("section.evidence ol.evidence-steps li:nth-child(" + (i34 + 1) + ") button.step-go");
        eventually().until(() -> driver().findElement(By.cssSelector(".evidence-board .sq[data-square='34']")).getAttribute("class").contains("lifted"));
        click("section.evidence button.step-next");
        eventually().until(() -> driver().findElement(By.cssSelector(".evidence-board .sq[data-square='34']")).getAttribute("class").contains("put-back"));
        assertTrue(driver().findElement(By.cssSelector(".evidence-board .sq[data-square='33']")).getAttribute("class").contains("white"), "33 still stands");
        // real-speed play runs on to the end
        click("section.evidence button.play");
        eventually().until(() -> driver().findElement(By.cssSelector("section.evidence ol.evidence-steps li:last-child")).getAttribute("class").contains("current"));
        assertTrue(driver().findElement(By.cssSelector(".evidence-board .sq[data-square='29']")).getAttribute("class").contains("white"), "29 occupied at the end");

        // the window widened on demand: the whole board read 12 s before comes in
        String whole = nl ? "hele bord gelezen" : "whole board read";
        assertFalse(steps().stream().anyMatch(s -> s.endsWith(whole)), "not in the first window");
        click("section.evidence button.widen");
        eventually().until(() -> steps().stream().anyMatch(s -> s.endsWith(whole)));

        // cited in the decision, and exported with it
        String citation = (nl ? "bewijs: sensorverloop " : "evidence: sensor record ") + at(t0 + 2900 - 20_000).substring(0, 8) + "-" + at(t0 + 2900 + 15_000).substring(0, 8);
        assertEquals(citation, driver().findElement(By.cssSelector("section.evidence .evidence-citation")).getText());
        click("section.evidence button.cite");
        assertEquals(citation, driver().findElement(By.cssSelector("form.correct-form input[name='reason']")).getAttribute("value"));
        driver().findElement(By.cssSelector("section.evidence textarea.evidence-decision")).sendKeys(nl ? "de zet blijft staan" : "the move stands");
        // the file handed to the browser's download, kept here instead of downloaded
        driver().executeScript("window.__exported = null; URL.createObjectURL = b => { window.__exported = b; return '#'; };"
                + " HTMLAnchorElement.prototype.click = function () {};");
        click("section.evidence button.export-text");
        String text = (String) driver().executeAsyncScript("const done = arguments[arguments.length - 1]; window.__exported.text().then(done);");
        assertTrue(text.contains(citation) && text.contains(nl ? "Beslissing: de zet blijft staan" : "Decision: the move stands")
                && text.contains(at(t0 + 400) + ": " + touch), text);
        click("section.evidence button.export-json");
        String json = (String) driver().executeAsyncScript("const done = arguments[arguments.length - 1]; window.__exported.text().then(done);");
        assertTrue(json.contains("\"citation\": \"" + citation + "\"") && json.contains("\"reports\""), json);

        // the whole game after the round
        click("ul.statuses li[data-game='" + GAME + "'] button.evidence-game");
        eventually().until(() -> driver().findElement(By.cssSelector("section.evidence .evidence-window")).getText().startsWith(nl ? "Hele partij" : "Whole game"));

        assertTrue(browser.pageWidth() <= width, "no sideways scrolling: page " + browser.pageWidth() + " px wide");
        assertEquals(List.of(), browser.lowContrastText(), "text below WCAG AA contrast");
        browser.screenshot("arbiter-evidence-" + lang + "-" + (width == 360 ? "phone" : "desktop"));
        driver().executeScript("localStorage.removeItem('damrelay.lang')");
        browser.resetViewport();
    }

    private static int indexOf(List<String> steps, String text) {
        for (int i = 0; i < steps.size(); i++) if (steps.get(i).contains(": " + text)) return i;
        return -1;
    }
}
