package org.damrelay.relay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.relay.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/** What {@code damrelay relay} says when it starts: what it serves, where to look, and how to make an event. */
class RelayStartLinesTest {

    @Test
    void withoutAConfigItSaysThereIsNoEventAndHowToCreateOne() {
        List<String> lines = RelayCommand.serving(ConfigLoader.defaults(), 8080);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("no event configured") && lines.get(0).contains("http://127.0.0.1:8080/"), lines.get(0));
        assertTrue(lines.get(1).contains("damrelay event new DIR"), lines.get(1));
    }

    @Test
    void theHallNetworkAddressesOnlyForARelayOnEveryInterface() {
        assertEquals(null, RelayCommand.lanAddresses(ConfigLoader.parse("listen: {host: 127.0.0.1}", null), 8080));
        String lan = RelayCommand.lanAddresses(ConfigLoader.defaults(), 8080);
        assertTrue(lan == null || lan.matches("on this network: http://[0-9.]+:8080/(, http://[0-9.]+:8080/)*"), lan);
    }

    @Test
    void theAddressesOpenTheRoundBeingPlayed(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("pairings.csv"), """
                round,board,white,black,driver,sourceBoard
                1,1,A,B,hall-a,1
                2,1,C,D,hall-a,1
                """);
        String today = java.time.LocalDate.now().toString();
        var c = ConfigLoader.parse("listen: {host: 127.0.0.1}\nevents: [{id: nk2026, name: NK 2026, pairings: pairings.csv, "
                + "rounds: [{number: 1, date: \"" + today + "\"}, {number: 2, date: \"2099-01-01\"}]}]", dir);
        assertEquals(List.of("event nk2026 (NK 2026): viewer http://127.0.0.1:9000/?event=nk2026&round=1, "
                + "arbiter http://127.0.0.1:9000/arbiter.html?event=nk2026&round=1"), RelayCommand.serving(c, 9000), "the round dated today");
        var later = ConfigLoader.parse("listen: {host: 127.0.0.1}\nevents: [{id: nk2026, name: NK 2026, pairings: pairings.csv}]", dir);
        assertEquals(List.of("event nk2026 (NK 2026): viewer http://127.0.0.1:9000/?event=nk2026&round=2, "
                + "arbiter http://127.0.0.1:9000/arbiter.html?event=nk2026&round=2"), RelayCommand.serving(later, 9000), "the highest paired round");
    }

    @Test
    void eachEventWithItsViewerAndConsoleAddress() {
        var c = ConfigLoader.parse("listen: {host: 192.168.1.20}\nevents: [{id: nk2026, name: NK 2026}, {id: club}]", null);
        assertEquals(List.of(
                "event nk2026 (NK 2026): viewer http://192.168.1.20:9000/?event=nk2026, arbiter http://192.168.1.20:9000/arbiter.html?event=nk2026",
                "event club (club): viewer http://192.168.1.20:9000/?event=club, arbiter http://192.168.1.20:9000/arbiter.html?event=club"),
                RelayCommand.serving(c, 9000));
    }
}
