package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.CorrectGame;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The viewer in Dutch and in English (issue 24): a browser that prefers Dutch and one that prefers
 * English open every spectator page, the notation page, the match report and the arbiter console
 * (with its notation links and QR codes), at phone and desktop
 * size. Each page says its language in {@code <html lang>}, no common word of the other language is
 * left on it, and no wire name (an upper-case enum value of the protocol) is shown. The match report
 * is in the event's language whatever the browser prefers; the switch is remembered on the device.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LanguagesBrowserTest {

    // Common words of each language that the other does not use, as a reader would spot them.
    private static final Set<String> ENGLISH = Set.of("the", "and", "with", "game", "games", "board", "boards", "move", "moves",
            "round", "rounds", "white", "black", "result", "results", "score", "watching", "back", "print", "flip", "square", "numbers",
            "download", "time", "who", "undo", "entry", "entries", "sent", "cancel", "final", "leader", "report", "particulars", "none",
            "yet", "not", "this", "page", "connecting", "loading", "disconnected", "reconnecting", "refused", "found", "spectators",
            "delayed", "previous", "next", "first", "position", "finished", "viewing", "after", "notation", "digital", "full", "screen",
            "locked", "remaining", "optional", "other", "confirm", "player", "players", "clock", "clocks", "illegal", "capture", "king",
            "draw", "taken", "played", "set", "name", "member", "interim", "signature", "what", "by", "to", "on", "from", "events");
    private static final Set<String> DUTCH = Set.of("de", "het", "een", "van", "met", "partij", "partijen", "bord", "borden", "zet",
            "zetten", "ronde", "ronden", "wit", "zwart", "uitslag", "uitslagen", "kijkers", "kijker", "terug", "afdrukken", "draaien",
            "veldnummers", "laden", "verbinden", "verbroken", "geweigerd", "niet", "gevonden", "nog", "geen", "tijd", "wie", "noteert",
            "ongedaan", "verzonden", "annuleren", "eindstand", "tussenstand", "teamleider", "bijzonderheden", "wedstrijdformulier",
            "beginstelling", "afgelopen", "bekijkt", "volgende", "vorige", "laatste", "klok", "speler", "onreglementaire", "toernooien",
            "ingevoerd", "bewaard", "apparaat", "naam", "halve", "soort", "tijden", "genoteerd", "teruggenomen", "ingedrukt", "tot", "op");
    // What people typed (names, teams, the event): the same in every language, left out of the check.
    private static final List<String> PEOPLE = List.of("NK teams 2026", "Hein Meijer", "Pim Meurs", "Roel Boomstra",
            "Jeroen van den Akker", "Alexander Schwarzman", "Wouter Sipma", "Jan Groenendijk", "Erno Prosman", "Hijken DTC", "Huissen",
            "A.U. Kovrizkin", "S.P. Mossolov", "Ambi Guous", "Cap Ture", "Stop Per", "Pa Per", "Re Voked", "No Device", "Own Game", "Only",
            "NED", "damrelay", "chief", "klok te vroeg", "J. de Vries", "Hijken");

    private static final String GAME = LiveRelay.gameId(3, 2);

    private LiveRelay relay;
    private TestDriver hall;
    private Browser dutch;
    private Browser english;
    private String notationLink;
    private Set<String> wireNames;

    @BeforeAll
    void openHall() throws Exception {
        dutch = Browser.open("nl-NL");
        english = Browser.open("en-GB");
        relay = LiveRelay.start(0);
        hall = relay.connectDriver();
        wireNames = wireNames();
        // board 2: four moves, a clock set wrongly, a correction and a result; the others still play
        CorpusGame game = CorpusGame.load("090417ronde12.pdn", 1);
        for (int i = 0; i < 4; i++) {
            CorpusGame.PlayedPly p = game.plies().get(i);
            hall.sendDurable(LiveRelay.sourceBoard(2), Boards.moveEvent(p).toBuilder()
                    .setClock(Clock.newBuilder().setWhiteMs(4_700_000 - i * 1000).setBlackMs(4_650_000 - i * 1000)
                            .setRunning(p.ply() % 2 == 1 ? Side.BLACK : Side.WHITE)).build());
        }
        hall.sendDurable(LiveRelay.sourceBoard(2), GameEvent.newBuilder().setType(EventType.CLOCK_MISMATCH).setPly(4)
                .setText("the clock does not fit the time control").build());
        hall.sendDurable(LiveRelay.sourceBoard(1), Boards.moveEvent(game.plies().get(0)));
        try (TestArbiter arbiter = TestArbiter.connect(relay.port(), LiveRelay.ARBITER_TOKEN, LiveRelay.EVENT, "test arbiter")) {
            arbiter.requestOk(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId(GAME)
                    .setCorrection(Correction.newBuilder().setKind(Correction.Kind.TAKE_BACK).setPly(3).setReason("klok te vroeg"))));
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(GAME).setResult(GameResult.DRAW)));
            notationLink = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(LiveRelay.gameId(5, 1)).setAction(NotationRequest.Action.ISSUE).setTimes(TimeEntry.TIMES_OPTIONAL)
                    .setBaseUrl(relay.httpUrl()))).getNotation().getLink();
        }
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

    private Browser browser(String lang) {
        return lang.equals("nl") ? dutch : english;
    }

    /** Every enum value of the protocol's schema: what a page must never show a person. */
    private static Set<String> wireNames() throws IOException {
        Set<String> names = new TreeSet<>();
        Pattern value = Pattern.compile("^\\s+([A-Z][A-Z0-9_]+) = \\d+;", Pattern.MULTILINE);
        try (Stream<Path> files = Files.list(Path.of("..", "proto", "src", "main", "proto"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".proto")).toList()) {
                Matcher m = value.matcher(Files.readString(f));
                while (m.find()) if (m.group(1).length() > 2) names.add(m.group(1));
            }
        }
        assertTrue(names.contains("CLOCK_MISMATCH") && names.contains("NOTATED"), "read the schema's enums: " + names);
        return names;
    }

    /** What a person reads on the page: the title, the visible text, and labels, titles and placeholders (not the switch). */
    private static String readable(ChromeDriver driver) {
        return (String) driver.executeScript("""
                const hide = [...document.querySelectorAll('.language-switch')];
                hide.forEach(e => { e.style.display = 'none'; });
                const texts = [document.title, document.body.innerText];
                for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
                  if (el.closest('.language-switch') || el.closest('[hidden]')) continue;
                  for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) texts.push(el.getAttribute(a));
                }
                hide.forEach(e => { e.style.display = ''; });
                return texts.join('\\n');""");
    }

    /** The other language's words and any wire name left on the page; empty when the page speaks `lang` only. */
    private List<String> strays(ChromeDriver driver, String lang) {
        String text = readable(driver);
        List<String> found = new ArrayList<>();
        for (String wire : wireNames) if (Pattern.compile("\\b" + wire + "\\b").matcher(text).find()) found.add("wire name " + wire);
        Matcher snake = Pattern.compile("\\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\\b").matcher(text);
        while (snake.find()) found.add("wire name " + snake.group());
        for (String p : PEOPLE) text = text.replace(p, " ");
        text = text.replaceAll("https?://\\S+", " "); // a link is an address, not words
        Set<String> foreign = lang.equals("nl") ? ENGLISH : DUTCH;
        Set<String> words = new LinkedHashSet<>();
        Matcher w = Pattern.compile("[\\p{L}']+").matcher(text);
        while (w.find()) {
            String word = w.group().toLowerCase(Locale.ROOT);
            if (foreign.contains(word)) words.add(word);
        }
        if (!words.isEmpty()) found.add((lang.equals("nl") ? "English" : "Dutch") + " words " + words);
        return found;
    }

    private void check(Browser b, String lang, String page, int width) throws IOException {
        ChromeDriver driver = b.driver();
        assertEquals(lang, driver.executeScript("return document.documentElement.lang"), page + ": <html lang>");
        List<String> strays = strays(driver, lang);
        assertTrue(strays.isEmpty(), page + " in " + lang + ": " + strays + "\n---\n" + readable(driver));
        if (width == 360) {
            assertEquals(360, b.pageWidth(), page + ": no sideways scrolling on a phone; wider: " + driver.executeScript(
                    "return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 361)"
                    + ".slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')"));
        }
        b.screenshot("i18n-" + page + "-" + lang + "-" + (width == 360 ? "phone" : "desktop"));
    }

    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"nl, 360", "nl, 1920", "en, 360", "en, 1920"})
    void everyPageSpeaksTheBrowsersLanguageOnly(String lang, int width) throws Exception {
        Browser b = browser(lang);
        ChromeDriver driver = b.driver();
        driver.get(relay.httpUrl() + "/");
        driver.executeScript("localStorage.clear()"); // the browser's preference, not an earlier switch
        b.viewport(width, width == 360 ? 740 : 1080);
        try {
            driver.get(relay.httpUrl() + "/");
            eventually().until(() -> !driver.findElements(By.cssSelector(".event-list a")).isEmpty());
            check(b, lang, "events", width);

            driver.get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
            eventually().until(() -> driver.findElements(By.cssSelector(".game-card .watching")).size() == 4
                    && driver.findElement(By.cssSelector(".game-card[data-board='2'] .result")).getText().equals("1-1"));
            if (width == 360) {
                Object wrapped = driver.executeScript("""
                        return [...document.querySelectorAll('.game-card .card-head')].filter(head =>
                          new Set([...head.children].filter(c => c.offsetWidth).map(c => c.offsetTop)).size > 1).length""");
                assertEquals(0L, wrapped, "no card head wraps on a phone");
            }
            check(b, lang, "overview", width);

            driver.get(relay.httpUrl() + "/game.html?game=" + GAME + "&ply=2");
            eventually().until(() -> driver.findElements(By.cssSelector("select.board-choice option")).size() == 4
                    && driver.findElements(By.cssSelector("ol.moves button.move")).size() == 3
                    && driver.findElement(By.cssSelector(".watching")).getText().matches("\\d+ \\p{L}+"));
            assertEquals("1:18:18", driver.findElement(By.cssSelector("ol.moves button.move[data-ply='3'] + .move-clock")).getText(),
                    "each move with its player's time left");
            check(b, lang, "game", width);

            driver.get(notationLink);
            eventually().until(() -> "live".equals(driver.findElement(By.cssSelector(".link-status")).getAttribute("data-state"))
                    && !driver.findElements(By.cssSelector(".notator button")).isEmpty());
            check(b, lang, "notate", width);

            b.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
            driver.get(relay.httpUrl() + "/report.html?event=nk2026&round=3&lang=" + lang);
            eventually().until(() -> !driver.findElements(By.cssSelector("#report table.particulars")).isEmpty());
            check(b, lang, "report", width);

            // the arbiter console (its words are the console's) and its notation links with their QR codes
            driver.get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
            eventually().until(() -> driver.findElement(By.id("arbiter")).isDisplayed()
                    && !driver.findElements(By.cssSelector("[data-game='" + GAME + "']")).isEmpty());
            check(b, lang, "arbiter", width);
            driver.get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=5");
            eventually().until(() -> driver.findElements(By.cssSelector(".notation-links button.notation-issue")).size() == 5);
            driver.findElement(By.cssSelector(".notation-links li[data-game='" + LiveRelay.gameId(5, 2) + "'] button.notation-issue")).click();
            eventually().until(() -> !driver.findElements(By.cssSelector(".notation-links .notation-qr svg")).isEmpty());
            check(b, lang, "notation-links", width);
        } finally {
            b.resetViewport();
        }
    }

    @Test
    void theReportIsInTheEventsLanguageAndGivesTheInterimScoreUntilEveryGameIsFinished() throws Exception {
        ChromeDriver driver = english.driver();
        english.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
        driver.get(relay.httpUrl() + "/report.html?event=nk2026&round=3");
        eventually().until(() -> !driver.findElements(By.cssSelector("#report table.particulars")).isEmpty());
        assertEquals("nl", driver.executeScript("return document.documentElement.lang"), "a Dutch event's report is Dutch in any browser");
        String report = driver.findElement(By.id("report")).getText();
        for (String part : List.of("Wedstrijdformulier: NK teams 2026", "vrijdag 17 april 2026",
                "Tussenstand: Hijken DTC 1 – Huissen 1 (1 van 4 partijen afgelopen)",
                "Klok verkeerd ingesteld (arbitershandleiding 4.2)", "Partij teruggenomen tot na zet 2 (wit), door arbiter chief. Reden: klok te vroeg",
                "Te vroeg remise overeengekomen (SWR 13.4)",
                "Uitslag 1-1 ingevoerd", "Teamleider Hijken DTC", "Teamleider Huissen", "Arbiter")) {
            assertTrue(report.contains(part), part + " missing in:\n" + report);
        }
        assertTrue(!report.contains("Eindstand"), "no final score while three games are played");
        assertEquals(3, driver.findElements(By.cssSelector(".signatures .signature")).size(), "lines for the arbiter and both team leaders");

        english.driver().findElement(By.cssSelector(".language-switch button[data-lang='en']")).click();
        eventually().until(() -> "en".equals(driver.executeScript("return document.documentElement.lang"))
                && driver.findElement(By.id("report")).getText().contains("Interim score: Hijken DTC 1 – Huissen 1"));
        String en = driver.findElement(By.id("report")).getText();
        assertTrue(en.contains("Clock set wrongly (arbiter manual 4.2)") && en.contains("Game taken back to after move 2 (white)"), en);
    }

    @Test
    void theSwitchIsRememberedOnThisDeviceAndEveryPageFollowsIt() throws Exception {
        ChromeDriver driver = english.driver();
        driver.get(relay.httpUrl() + "/game.html?game=" + GAME);
        eventually().until(() -> driver.findElement(By.cssSelector(".game-title")).getText().startsWith("Board 2"));
        try {
            driver.findElement(By.cssSelector(".language-switch button[data-lang='nl']")).click();
            eventually().until(() -> driver.findElement(By.cssSelector(".game-title")).getText().startsWith("Bord 2"));
            assertEquals("true", driver.findElement(By.cssSelector(".language-switch button[data-lang='nl']")).getAttribute("aria-pressed"));
            driver.get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
            eventually().until(() -> driver.findElement(By.cssSelector(".round-tabs a.current")).getText().equals("Ronde 3"));
            assertEquals("nl", driver.executeScript("return document.documentElement.lang"));
        } finally {
            driver.executeScript("localStorage.removeItem('damrelay.lang')");
        }
    }
}
