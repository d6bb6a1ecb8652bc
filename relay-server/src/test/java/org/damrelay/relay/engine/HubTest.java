package org.damrelay.relay.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Position;
import org.damrelay.relay.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/** The Hub protocol's lines, positions and moves as Scan 3.1's protocol.txt writes them; the engine section's checks. */
class HubTest {

    @Test
    void linesReadAsScanWritesThem() {
        HubLine info = HubLine.parse("info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 pv=\"32-28 17-22 28x17x22\"");
        assertEquals("info", info.command());
        assertEquals("-0.01", info.arg("score"));
        assertEquals("32-28 17-22 28x17x22", info.arg("pv"));
        HubLine id = HubLine.parse("  id name=Scan version=3.1 author=\"Fabien Letouzey\" country=France  ");
        assertEquals("Fabien Letouzey", id.arg("author"));
        HubLine go = HubLine.parse("go analyze");
        assertTrue(go.has("analyze"));
        assertEquals("", go.arg("analyze"), "a flag's value is empty");
        assertEquals("", HubLine.parse("error message=\"\"").arg("message"), "a quoted empty value");
        assertEquals("wait", HubLine.parse("wait").command());
    }

    @Test
    void nonsenseIsAnErrorNamingIt() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HubLine.parse("   ")).getMessage().contains("no command"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HubLine.parse("info pv=\"32-28")).getMessage().contains("unclosed quote"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HubLine.parse("info =3")).getMessage().contains("without a name"));
    }

    @Test
    void linesAreWrittenWithQuotesWhereNeededAndFlagsBare() {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("name", "book-ply");
        args.put("value", "a b");
        assertEquals("set-param name=book-ply value=\"a b\"", new HubLine("set-param", args).format());
        assertEquals("go analyze", new HubLine("go", Map.of("analyze", "")).format());
        assertEquals(args, HubLine.parse(new HubLine("set-param", args).format()).args(), "what is written reads back");
    }

    @Test
    void positionsAreTheSideToMoveThenFiftySquares() {
        assertEquals("Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", HubBoard.position(Position.start()));
        String p = HubBoard.position(Fen.parse("B:WK5,46:B1,K50"));
        assertEquals(51, p.length());
        assertEquals('B', p.charAt(0));
        assertEquals('b', p.charAt(1));
        assertEquals('W', p.charAt(5));
        assertEquals('w', p.charAt(46));
        assertEquals('B', p.charAt(50));
    }

    @Test
    void movesInNotationCapturesFromAndToOnly() {
        assertEquals("32-28", HubBoard.notation("32-28"));
        assertEquals("21x23", HubBoard.notation("21x23x27x28"));
        assertEquals("28x19", HubBoard.notation("28x19x23"));
        assertNull(HubBoard.notation("51-47"));
        assertNull(HubBoard.notation("0-5"));
        assertNull(HubBoard.notation("e2e4"));
        assertEquals(List.of("32-28", "17x28"), HubBoard.line("32-28 17x28x22  e2e4 19-23"), "the line stops at the first that is no move");
        assertEquals(List.of(), HubBoard.line(null));
    }

    @Test
    void scoresAreReadOnlyWhenTheyAreScores() {
        assertEquals(-1, EngineProcess.analysis(HubLine.parse("info depth=3 score=-0.01 pv=\"32-28\"")).score());
        assertEquals(8912, EngineProcess.analysis(HubLine.parse("info score=89.12")).score(), "a won endgame");
        assertNull(EngineProcess.analysis(HubLine.parse("info depth=3")));
        assertNull(EngineProcess.analysis(HubLine.parse("info score=lots")));
        assertNull(EngineProcess.analysis(HubLine.parse("info score=NaN")));
        assertNull(EngineProcess.analysis(HubLine.parse("info score=12345")));
        assertEquals(0, EngineProcess.analysis(HubLine.parse("info depth=x score=0.5")).depth(), "an unreadable depth is not said");
    }

    @Test
    void theQueueServesTheNewestGameFirstAndKeepsOnePositionPerGame() throws Exception {
        AnalysisQueue<String> q = new AnalysisQueue<>();
        q.offer("b1", "b1 ply 10");
        q.offer("b2", "b2 ply 7");
        q.offer("b1", "b1 ply 11");
        q.offer("b3", "b3 ply 4");
        assertEquals(3, q.size(), "b1's older position was superseded");
        assertEquals("b3 ply 4", q.take().getValue());
        assertEquals("b1 ply 11", q.take().getValue());
        q.retry("b2", "b2 ply 6");
        assertEquals("b2 ply 7", q.take().getValue(), "a retry never replaces a newer position");
        q.retry("b2", "b2 ply 7 again");
        assertEquals("b2 ply 7 again", q.take().getValue());
        assertEquals(0, q.size());
    }

    @Test
    void aBadEngineSectionIsOneLineNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.parse("engine: {path: scan, moveTimeSeconds: 0}", null));
        assertTrue(e.getMessage().contains("engine.moveTimeSeconds must be above 0"), e.getMessage());
        assertTrue(e.getMessage().lines().count() == 1, e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.parse("engine: {path: scan, params: {variant: frisian}}", null));
        assertTrue(e.getMessage().contains("sets \"variant\" itself"), e.getMessage());
        assertTrue(!ConfigLoader.defaults().engine().enabled(), "no engine by default");
        assertEquals("level depth=12", ConfigLoader.parse("engine: {path: scan, depth: 12}", null).engine().level());
        assertEquals(Map.of("tt-size", "22"), ConfigLoader.parse("engine: {path: scan, params: {tt-size: 22}}", null).engine().params());
    }
}
