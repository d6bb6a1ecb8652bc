package org.damrelay.relay.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.proto.GameInfo;
import org.damrelay.relay.event.EventDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pairings' {@code sensors} column: {@code no} marks a board notated on a phone, whatever its driver cells say. */
class PairingsSensorsTest {

    @TempDir Path dir;

    private List<GameInfo> games(String csv) throws Exception {
        Files.writeString(dir.resolve("pairings.csv"), csv);
        RelayConfig c = ConfigLoader.parse("events: [{id: club, pairings: pairings.csv}]", dir);
        return EventDirectory.from(c).games("club", 1);
    }

    @Test
    void noMakesABoardWithoutSensorsYesOrEmptyASensorBoard() throws Exception {
        List<GameInfo> g = games("""
                round,board,white,black,driver,sourceBoard,sensors
                1,1,A,B,hall-a,1,yes
                1,2,C,D,hall-a,2,no
                1,3,E,F,hall-a,3,
                1,4,G,H,hall-a,4, No
                """);
        assertEquals(List.of(true, false, true, false), g.stream().map(GameInfo::getSensorBoard).toList());
        assertEquals("", g.get(1).getSourceDriver(), "no driver feeds a phone's board");
        EventDirectory d = EventDirectory.from(ConfigLoader.parse("events: [{id: club, pairings: pairings.csv}]", dir));
        assertEquals(List.of("club-r1-b1", "club-r1-b3"), d.assignments("club", "hall-a").stream().map(GameInfo::getGameId).toList(),
                "the driver is assigned its sensor boards only");
    }

    @Test
    void aValueOtherThanYesOrNoIsOneLineNamingTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> games("""
                round,board,white,black,driver,sourceBoard,sensors
                1,1,A,B,hall-a,1,yes
                1,2,C,D,hall-a,2,phone
                """));
        assertEquals(true, e.getMessage().contains("line 3") && e.getMessage().contains("sensors \"phone\" must be yes"), e.getMessage());
        IllegalArgumentException yes = assertThrows(IllegalArgumentException.class, () -> games("""
                round,board,white,black,sensors
                1,1,A,B,yes
                """));
        assertEquals(true, yes.getMessage().contains("sensors yes needs the driver and sourceBoard"), yes.getMessage());
    }
}
