package org.damrelay.relay.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

    @TempDir Path dir;

    @Test
    void defaultsAloneAreUsable() {
        RelayConfig c = ConfigLoader.defaults();
        assertEquals(8080, c.listen().port());
        assertEquals(65536, c.limits().maxFrameBytes());
        assertTrue(c.events().isEmpty());
    }

    @Test
    void aYamlFileOverridesOnlyWhatItSays() throws Exception {
        Path f = dir.resolve("relay.yaml");
        Files.writeString(f, """
                listen: {port: 9000}
                limits: {connectionsPerIp: 3}
                events:
                  - id: nk2026
                    driverTokens: [{name: hall, sha256: %s}]
                    rounds: [{number: 1, delaySeconds: 900}]
                    pairings: pairings.csv
                """.formatted(Tokens.sha256Hex("secret")));
        Files.writeString(dir.resolve("pairings.csv"), """
                round,board,white,whiteRating,black,match,driver,sourceBoard
                1,1,Roel Boomstra,2400,Jan Groenendijk,A - B,hall,5521
                1,2,Pim Meurs,,Hein Meijer,A - B,hall,5522
                """);
        RelayConfig c = ConfigLoader.load(f);
        assertEquals(9000, c.listen().port());
        assertEquals("0.0.0.0", c.listen().host());
        assertEquals(3, c.limits().connectionsPerIp());
        assertEquals(10, c.limits().spectatorMessagesPerSecond());
        EventConfig e = c.event("nk2026");
        assertEquals(900, e.delaySeconds(1));
        assertTrue(Tokens.match("secret", e.driverTokens()).isPresent());
        assertTrue(Tokens.match("Secret", e.driverTokens()).isEmpty());
        List<BoardPairing> boards = PairingsLoader.load(c.resolve(e.pairings()));
        assertEquals(2, boards.size());
        assertEquals("Roel Boomstra", boards.get(0).white().name());
        assertEquals(2400, boards.get(0).white().rating());
        assertEquals("5522", boards.get(1).sourceBoard());
        assertEquals("nl", e.language(), "a Dutch event unless the config says otherwise");
    }

    @Test
    void namesAndTeamsEnterWithSingleSpacesFromTheCsvAndTheConfig() throws Exception {
        // the KNDB's PDN files write initials so ("H.  van der Zee"); a pairings file copied from one repeats it
        Path csv = dir.resolve("pairings.csv");
        Files.writeString(csv, "round,board,white,whiteRating,black,blackRating,whiteTeam\n1,1,H.  van der Zee,2210, A.\tvan  Berkel ,,Hijken  DTC\n");
        BoardPairing row = PairingsLoader.load(csv).get(0);
        assertEquals("H. van der Zee", row.white().name());
        assertEquals("A. van Berkel", row.black().name());
        assertEquals("Hijken DTC", row.white().team());
        assertEquals(2210, row.white().rating());
        BoardPairing inline = ConfigLoader.parse("events: [{id: e, boards: [{round: 1, board: 1, "
                + "white: {name: \"B.  Raven\", team: \"A  B\"}, black: {name: \"F.  de Koning\"}}]}]", null).event("e").boards().get(0);
        assertEquals("B. Raven", inline.white().name());
        assertEquals("A B", inline.white().team());
        assertEquals("F. de Koning", inline.black().name());
    }

    @Test
    void anEventsLanguageIsDutchOrEnglishAndAnythingElseIsOneClearLine() {
        assertEquals("en", ConfigLoader.parse("events: [{id: open, language: EN}]", null).event("open").language());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.parse("events: [{id: open, language: de}]", null));
        assertTrue(bad.getMessage().contains("language \"de\" must be nl or en"), bad.getMessage());
    }

    @Test
    void theCoreRunsApartUnlessTheConfigAsksForOneLoopAndANegativeCountIsOneClearLine() {
        RelayConfig auto = ConfigLoader.defaults();
        assertEquals(0, auto.eventLoops());
        assertFalse(auto.coreOnEventLoop(), "the default keeps the core apart, whatever the processors");
        assertTrue(ConfigLoader.parse("eventLoops: 1", null).coreOnEventLoop());
        assertFalse(ConfigLoader.parse("eventLoops: 3", null).coreOnEventLoop());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.parse("eventLoops: -2", null));
        assertTrue(bad.getMessage().contains("eventLoops must be 0 (automatic) or more, not -2"), bad.getMessage());
        assertEquals(1, bad.getMessage().lines().count(), bad.getMessage());
    }

    @Test
    void withoutAClusterSectionTheRelayIsOneProcessAndTheSectionIsChecked() {
        assertEquals(ClusterConfig.Role.SINGLE, ConfigLoader.defaults().cluster().role());
        RelayConfig edge = ConfigLoader.parse("""
                cluster: {role: edge, origin: "http://10.0.0.5:8080", token: "a-cluster-secret-0123",
                          redis: {uri: "rediss://redis.example:6380", username: relay, password: s3cret, verifyPeer: false}}
                """, null);
        assertEquals(ClusterConfig.Role.EDGE, edge.cluster().role());
        assertEquals("relay", edge.cluster().redis().username());
        assertEquals("damrelay:updates", edge.cluster().redis().stream(), "what the file does not say comes from the defaults");
        IllegalArgumentException noOrigin = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.parse("cluster: {role: edge, token: a-cluster-secret-0123, redis: {uri: \"redis://127.0.0.1:6379\"}}", null));
        assertTrue(noOrigin.getMessage().contains("cluster.origin"), noOrigin.getMessage());
        IllegalArgumentException noRedis = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.parse("cluster: {role: origin}", null));
        assertTrue(noRedis.getMessage().contains("cluster.redis.uri"), noRedis.getMessage());
        IllegalArgumentException noToken = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.parse(
                "cluster: {role: origin, token: short, redis: {uri: \"redis://127.0.0.1:6379\"}}", null));
        assertTrue(noToken.getMessage().contains("cluster.token must be a secret of at least 16"), noToken.getMessage());
        assertEquals(1, noToken.getMessage().lines().count(), noToken.getMessage());
        IllegalArgumentException badRole = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.parse("cluster: {role: mirror}", null));
        assertTrue(badRole.getMessage().contains("single, origin or edge"), badRole.getMessage());
        assertEquals(1, badRole.getMessage().lines().count(), badRole.getMessage());
    }

    @Test
    void revokedTokensDoNotMatch() {
        var t = new EventConfig.TokenConfig("old", Tokens.sha256Hex("x"), true);
        assertTrue(Tokens.match("x", List.of(t)).isEmpty());
    }

    @Test
    void badConfigNamesTheProblem() throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "listen: {prot: 1}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.load(f));
        assertTrue(e.getMessage().contains("prot"), e.getMessage());
    }

    @Test
    void anEmptySectionOrADigestCutShortIsRefusedNamingIt() throws Exception {
        Path f = dir.resolve("relay.yaml");
        String digest = Tokens.sha256Hex("x");
        for (String[] bad : new String[][] {
                {"events:\n", "section \"events\" is empty"},
                {"limits:\n", "section \"limits\" is empty"},
                {"events:\n  - id: e\n    driverTokens:\n", "event e: \"driverTokens\" is empty"},
                {"events: [{id: e, driverTokens: [{name: a, sha256: " + digest.substring(0, 30) + "}]}]\n", "token a: sha256 must be 64 hex digits"},
                {"events: [{id: e, arbiterTokens: [{sha256: " + digest + "}]}]\n", "a token without a name"}}) {
            Files.writeString(f, bad[0]);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.load(f), bad[0]);
            assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
        // the sample event the repository ships still reads
        RelayConfig sample = ConfigLoader.load(Path.of("..", "deploy", "sample-event", "relay.yaml"));
        assertEquals(1, sample.event("sample").driverTokens().size());
    }

    @Test
    void aRoundsDateIsADayOrNothing() {
        RelayConfig c = ConfigLoader.parse("events: [{id: e, rounds: [{number: 1, date: \"2026-11-28\"}, {number: 2}]}]", null);
        assertEquals("2026-11-28", c.event("e").round(1).date());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConfigLoader.parse("events: [{id: e, rounds: [{number: 3, date: \"28-11-2026\"}]}]", null));
        assertTrue(e.getMessage().contains("round 3: date \"28-11-2026\" is not a date YYYY-MM-DD"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
