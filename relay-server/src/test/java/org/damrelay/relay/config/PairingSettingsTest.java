package org.damrelay.relay.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.damrelay.proto.GameInfo;
import org.damrelay.relay.event.EventDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The competition's settings per round, overridden per board, from YAML/JSON and CSV pairings; bad ones in one line. */
class PairingSettingsTest {

    @TempDir Path dir;

    private EventDirectory load(String rounds, String csv) throws Exception {
        Files.writeString(dir.resolve("pairings.csv"), csv);
        Files.writeString(dir.resolve("relay.yaml"), """
                events:
                  - id: nk
                    rounds: %s
                    pairings: pairings.csv
                    boards:
                      - {round: 2, board: 9, white: {name: A}, black: {name: B}, driver: hall, sourceBoard: "909",
                         variant: frisian, timeControl: "5400+60", increment: bronstein}
                """.formatted(rounds));
        return EventDirectory.from(ConfigLoader.load(dir.resolve("relay.yaml")));
    }

    @Test
    void aRoundsSettingsApplyToEveryBoardThatLeavesThemBlank() throws Exception {
        EventDirectory d = load("[{number: 1, delaySeconds: 0, drawRules: ZWH, timeControl: \"40/7200:3600+30\"}]", """
                round,board,white,black,driver,sourceBoard,timeControl,agreedDrawLimit,startFen,startCounts
                1,1,W,B,hall,101,,,,
                1,2,W,B,hall,102,5400+60,TEN_PIECES,W:WK46:BK1,"ZWH_KINGS_ENDGAME=4"
                """);
        GameInfo b1 = d.game("nk-r1-b1");
        assertEquals("ZWH", b1.getDrawRules());
        assertEquals("40/7200:3600+30", b1.getTimeControl());
        assertEquals("FISCHER", b1.getIncrement());
        assertEquals("FORTY_MOVES", b1.getAgreedDrawLimit());
        GameInfo b2 = d.game("nk-r1-b2");
        assertEquals("ZWH", b2.getDrawRules());
        assertEquals("5400+60", b2.getTimeControl());
        assertEquals("TEN_PIECES", b2.getAgreedDrawLimit());
        assertEquals("ZWH_KINGS_ENDGAME", b2.getStartCounts(0).getRule());
        assertEquals(4, b2.getStartCounts(0).getCount());
        GameInfo frisian = d.game("nk-r2-b9");
        assertEquals("FRISIAN", frisian.getVariant());
        assertEquals("FRISIAN", frisian.getDrawRules());
        assertEquals("BRONSTEIN", frisian.getIncrement());
    }

    @Test
    void settingsThatDoNotReadStopTheStartInOneLineNamingTheBoard() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> load("[]", """
                round,board,white,black,driver,sourceBoard,timeControl
                1,3,W,B,hall,103,80m+1m/move
                """));
        String m = e.getMessage();
        assertEquals(true, m.contains("event nk round 1 board 3: time control \"80m+1m/move\""), m);
        e = assertThrows(IllegalArgumentException.class, () -> load("[]", """
                round,board,white,black,driver,sourceBoard,startFen,startCounts
                1,3,W,B,hall,103,W:W31:B20,SIXTEEN_MOVES=9
                """));
        assertEquals(true, e.getMessage().contains("round 1 board 3: the 16-move count (SWR 9.2a) does not run"), e.getMessage());
    }
}
