package org.damrelay.app.uplink;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.proto.Alert;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.it.FixedPortRelay;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestRelay;

/** The real relay on a fixed loopback port (so it can be stopped and started again under the driver's feet). */
final class HallRelay implements AutoCloseable {
    static final String TOKEN = "hall-a-secret";
    static final String EVENT = "nk";
    static final String DRIVER = "hall-a";
    static final String ARBITER_TOKEN = "chief-secret";

    private final FixedPortRelay relay;
    private final int port;

    HallRelay(Path dataDir) {
        port = FixedPortRelay.freeLoopbackPort();
        relay = new FixedPortRelay(ConfigLoader.parse("""
                listen: {host: 127.0.0.1, port: %d}
                dataDir: %s
                events:
                  - id: nk
                    name: NK 2026
                    driverTokens: [{name: hall-a, sha256: %s}]
                    arbiterTokens: [{name: chief, sha256: %s}]
                    rounds: [{number: 1, delaySeconds: 0}]
                    boards:
                      - {round: 1, board: 1, white: {name: W1}, black: {name: B1}, driver: hall-a, sourceBoard: "5521"}
                      - {round: 1, board: 2, white: {name: W2}, black: {name: B2}, driver: hall-a, sourceBoard: "5522"}
                      - {round: 1, board: 3, white: {name: W3}, black: {name: B3}, driver: hall-a, sourceBoard: "5523"}
                      - {round: 1, board: 4, white: {name: W4}, black: {name: B4}, driver: hall-a, sourceBoard: "5524"}
                """.formatted(port, dataDir.toAbsolutePath(), Tokens.sha256Hex(TOKEN), Tokens.sha256Hex(ARBITER_TOKEN)), null));
    }

    /** Starts (or starts again, from its journal); retries briefly while the port is still being released. */
    HallRelay start() {
        relay.start();
        return this;
    }

    void stop() {
        relay.stop();
    }

    int port() {
        return port;
    }

    URI ingest() {
        return URI.create("ws://127.0.0.1:" + port + "/ingest");
    }

    /** Every alert the relay holds, of any game. */
    List<Alert> alerts() throws Exception {
        return relay.server().core().executor().submit(() -> relay.server().core().book().alerts()).get();
    }

    /** The arbiter's screen, signed in to the event (the relay's own test arbiter). */
    TestArbiter arbiter() throws Exception {
        return TestArbiter.connect(port, ARBITER_TOKEN, EVENT, "chief");
    }

    GameSnapshot snapshot(String gameId) throws Exception {
        return TestRelay.snapshot(relay.server(), gameId);
    }

    /** The plies the relay holds of a game, for an await condition. */
    int plies(String gameId) {
        try {
            return snapshot(gameId).getPliesCount();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The alerts of the given types, one readable line each ("game TYPE: text"). */
    List<String> alertLines(EventType... types) throws Exception {
        List<EventType> wanted = List.of(types);
        return alerts().stream().filter(a -> wanted.contains(a.getEvent().getType()))
                .map(a -> a.getGameId() + " " + a.getEvent().getType() + ": " + a.getEvent().getText()).toList();
    }

    @Override
    public void close() {
        relay.close();
    }

    /** The first corpus game with at least {@code plies} plies. */
    static PdnGame corpusGame(int plies) throws IOException {
        for (String file : List.of("nk2003-amsterdam.pdn")) {
            for (PdnGame g : SharedTree.corpusFile(file)) {
                if (g.plies().size() >= plies) return g;
            }
        }
        throw new IllegalStateException("no corpus game with " + plies + " plies");
    }
}
