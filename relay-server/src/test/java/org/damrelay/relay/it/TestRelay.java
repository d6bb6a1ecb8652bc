package org.damrelay.relay.it;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.game.GameRecord;

/** A test configuration: event "nk" with four boards on drivers "hall" and "hall-b", event "other" with one; and reading a running relay's games. */
public final class TestRelay {

    /** Each driver's own token: its name in the config is the driver id it speaks for. */
    public static final String DRIVER_TOKEN = "driver-secret", HALL_B_TOKEN = "hall-b-secret", ARBITER_TOKEN = "arbiter-secret",
            OTHER_TOKEN = "other-secret";

    private TestRelay() {}

    /** The value of one sample (name with its labels) on a /metrics page, NaN when it is not there. */
    public static double metric(String metrics, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " ([0-9.eE+-]+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** Reads a game's state on the relay's own thread, where that state lives. */
    public static <T> T onRelay(RelayServer relay, String gameId, Function<GameRecord, T> read) throws Exception {
        return relay.core().executor().submit(() -> read.apply(relay.core().book().game(gameId))).get();
    }

    /** A game's live snapshot, as {@link #onRelay} reads it. */
    public static GameSnapshot snapshot(RelayServer relay, String gameId) throws Exception {
        return onRelay(relay, gameId, g -> g.live().snapshot());
    }

    /**
     * The test relay's config. {@code -Ddamrelay.test.eventLoops=1} runs every relay of the suite
     * that starts from here with one event loop running the core too (RelayConfig.eventLoops), as a
     * one-processor machine would.
     */
    public static RelayConfig config(Path dataDir, int delayRound2Seconds) {
        return ConfigLoader.parse(yaml(dataDir, delayRound2Seconds), null).withEventLoops(Integer.getInteger("damrelay.test.eventLoops", 0));
    }

    public static String yaml(Path dataDir, int delayRound2Seconds) {
        return """
                listen: {host: 127.0.0.1, port: 0}
                dataDir: %s
                limits: {maxFrameBytes: 8192, spectatorMessagesPerSecond: 20, maxSubscriptionsPerConnection: 5,
                         connectionsPerIp: 200, helloTimeoutMillis: 3000}
                events:
                  - id: nk
                    name: NK 2026
                    driverTokens: [{name: hall, sha256: %s}, {name: hall-b, sha256: %s}, {name: old, sha256: %s, revoked: true}]
                    arbiterTokens: [{name: chief, sha256: %s}]
                    rounds: [{number: 1, delaySeconds: 0}, {number: 2, delaySeconds: %d}]
                    boards:
                      - {round: 1, board: 1, white: {name: Roel Boomstra}, black: {name: Jan Groenendijk}, driver: hall, sourceBoard: "101"}
                      - {round: 1, board: 2, white: {name: Pim Meurs}, black: {name: Hein Meijer}, driver: hall, sourceBoard: "102"}
                      - {round: 1, board: 3, white: {name: A}, black: {name: B}, driver: hall-b, sourceBoard: "103"}
                      - {round: 2, board: 1, white: {name: C}, black: {name: D}, driver: hall, sourceBoard: "201"}
                  - id: other
                    driverTokens: [{name: x, sha256: %s}]
                    boards:
                      - {round: 1, board: 1, white: {name: E}, black: {name: F}, driver: hall, sourceBoard: "101"}
                """.formatted(dataDir.toAbsolutePath(), Tokens.sha256Hex(DRIVER_TOKEN), Tokens.sha256Hex(HALL_B_TOKEN), Tokens.sha256Hex("revoked-secret"),
                Tokens.sha256Hex(ARBITER_TOKEN), delayRound2Seconds, Tokens.sha256Hex(OTHER_TOKEN));
    }
}
