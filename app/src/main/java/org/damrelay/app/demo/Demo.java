package org.damrelay.app.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.emulator.speaker.PtyPair;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.Tokens;

/**
 * The whole system in one process: a relay, emulated boards playing corpus games over serial
 * lines (socat pseudo-terminals, or in-process lines), and the real driver reading them,
 * reconstructing the moves and feeding the relay. {@link #close()} stops it all, boards first.
 */
public final class Demo implements AutoCloseable {

    public static final String EVENT = "demo", DRIVER = "hall";

    /** @param ptys socat pseudo-terminals (true) or in-process lines (false) */
    public record Settings(int port, int boards, double speed, boolean ptys, Path corpus, Path workDir, long seed) {}

    private final RelayServer relay;
    private final EmulatedHall hall;
    private final String arbiterToken;
    private final List<DemoGames.Board> boards;

    private Demo(RelayServer relay, EmulatedHall hall, String arbiterToken, List<DemoGames.Board> boards) {
        this.relay = relay;
        this.hall = hall;
        this.arbiterToken = arbiterToken;
        this.boards = boards;
    }

    public static boolean socatAvailable() {
        return Files.isExecutable(Path.of(PtyPair.SOCAT));
    }

    public static Demo start(Settings s) throws Exception {
        List<PdnGame> games = DemoGames.pick(s.corpus(), s.boards());
        List<DemoGames.Board> boards = DemoGames.boards(games, s.seed());
        String driverToken = token(), arbiterToken = token();
        RelayServer relay = RelayServer.start(ConfigLoader.parse(relayConfig(s, boards, driverToken, arbiterToken), null));
        try {
            EmulatedHall hall = EmulatedHall.start(boards, s.ptys(), s.speed(), s.seed(), s.workDir(), new EmulatedHall.Uplink(
                    URI.create("ws://127.0.0.1:" + relay.port() + "/ingest"), driverToken, EVENT, DRIVER, Demo::boardId));
            return new Demo(relay, hall, arbiterToken, boards);
        } catch (Exception e) {
            relay.close();
            throw e;
        }
    }

    static String boardId(int number) {
        return "demo-" + number;
    }

    private static String token() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static String relayConfig(Settings s, List<DemoGames.Board> boards, String driverToken, String arbiterToken) {
        StringBuilder c = new StringBuilder();
        c.append("listen: {host: 0.0.0.0, port: ").append(s.port()).append("}\n");
        c.append("dataDir: ").append(s.workDir().resolve("relay-data").toAbsolutePath()).append('\n');
        c.append("events:\n  - id: ").append(EVENT).append("\n    name: \"Demo: national team competition\"\n");
        c.append("    driverTokens: [{name: hall, sha256: ").append(Tokens.sha256Hex(driverToken)).append("}]\n");
        c.append("    arbiterTokens: [{name: arbiter, sha256: ").append(Tokens.sha256Hex(arbiterToken)).append("}]\n");
        // the round's time control (the emulated clocks' 80 minutes plus 60 s a move) reaches every board's driver
        c.append("    rounds: [{number: 1, delaySeconds: 0, timeControl: \"4800+60\"}]\n    boards:\n");
        for (DemoGames.Board b : boards) {
            c.append("      - {round: 1, board: ").append(b.number())
                    .append(", white: {name: ").append(quoted(name(b.game(), "White", b.number())))
                    .append("}, black: {name: ").append(quoted(name(b.game(), "Black", b.number())))
                    .append("}, match: \"Team A - Team B\", driver: ").append(DRIVER)
                    .append(", sourceBoard: \"").append(boardId(b.number())).append("\"}\n");
        }
        return c.toString();
    }

    private static String name(PdnGame g, String tag, int board) {
        String n = g.tag(tag);
        return n == null || n.isBlank() || n.equals("?") ? tag + " " + board : n;
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public int port() { return relay.port(); }

    public String arbiterToken() { return arbiterToken; }

    public List<String> gameIds() {
        return boards.stream().map(b -> EVENT + "-r1-b" + b.number()).toList();
    }

    /** The game with the scripted irregularity. */
    public String irregularGameId() {
        return boards.stream().filter(DemoGames.Board::irregular).map(b -> EVENT + "-r1-b" + b.number()).findFirst().orElseThrow();
    }

    public void awaitRelayClosed() throws InterruptedException {
        relay.awaitClose();
    }

    @Override
    public void close() throws IOException {
        try {
            hall.close();
        } finally {
            relay.close();
        }
    }
}
