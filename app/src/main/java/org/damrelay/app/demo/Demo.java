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
    private final DemoNotator notator;

    private Demo(RelayServer relay, EmulatedHall hall, String arbiterToken, List<DemoGames.Board> boards, DemoNotator notator) {
        this.relay = relay;
        this.hall = hall;
        this.arbiterToken = arbiterToken;
        this.boards = boards;
        this.notator = notator;
    }

    public static boolean socatAvailable() {
        return Files.isExecutable(Path.of(PtyPair.SOCAT));
    }

    public static Demo start(Settings s) throws Exception {
        // one game more than sensor boards: the board without sensors, notated on a phone
        List<PdnGame> games = DemoGames.pick(s.corpus(), s.boards() + 1);
        List<DemoGames.Board> boards = DemoGames.boards(games.subList(0, s.boards()), s.seed());
        PdnGame notated = games.get(s.boards());
        String driverToken = token(), arbiterToken = token();
        RelayServer relay = RelayServer.start(ConfigLoader.parse(relayConfig(s, boards, notated, driverToken, arbiterToken), null));
        EmulatedHall hall = null;
        try {
            hall = EmulatedHall.start(boards, s.ptys(), s.speed(), s.seed(), s.workDir(), new EmulatedHall.Uplink(
                    URI.create("ws://127.0.0.1:" + relay.port() + "/ingest"), driverToken, EVENT, DRIVER, Demo::boardId));
            DemoNotator notator = DemoNotator.start(relay.port(), arbiterToken, gameId(s.boards() + 1), notated,
                    name(notated, "White", s.boards() + 1), s.speed());
            return new Demo(relay, hall, arbiterToken, boards, notator);
        } catch (Exception e) {
            if (hall != null) hall.close();
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

    private static String gameId(int board) {
        return EVENT + "-r1-b" + board;
    }

    private static String relayConfig(Settings s, List<DemoGames.Board> boards, PdnGame notated, String driverToken, String arbiterToken) {
        StringBuilder c = new StringBuilder();
        c.append("listen: {host: 0.0.0.0, port: ").append(s.port()).append("}\n");
        c.append("dataDir: ").append(s.workDir().resolve("relay-data").toAbsolutePath()).append('\n');
        c.append("events:\n  - id: ").append(EVENT).append("\n    name: \"Demo: national team competition\"\n");
        c.append("    driverTokens: [{name: hall, sha256: ").append(Tokens.sha256Hex(driverToken)).append("}]\n");
        c.append("    arbiterTokens: [{name: arbiter, sha256: ").append(Tokens.sha256Hex(arbiterToken)).append("}]\n");
        c.append("    rounds: [{number: 1, delaySeconds: 0}]\n    boards:\n");
        for (DemoGames.Board b : boards) {
            c.append("      - {round: 1, board: ").append(b.number())
                    .append(", white: {name: ").append(quoted(name(b.game(), "White", b.number())))
                    .append("}, black: {name: ").append(quoted(name(b.game(), "Black", b.number())))
                    .append("}, match: \"Team A - Team B\", timeControl: \"4800+60\", driver: ").append(DRIVER)
                    .append(", sourceBoard: \"").append(boardId(b.number())).append("\"}\n");
        }
        int n = boards.size() + 1;
        c.append("      - {round: 1, board: ").append(n).append(", white: {name: ").append(quoted(name(notated, "White", n)))
                .append("}, black: {name: ").append(quoted(name(notated, "Black", n)))
                .append("}, match: \"Team A - Team B\", timeControl: \"4800+60\"}\n");
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

    /** The sensor boards' games. */
    public List<String> gameIds() {
        return boards.stream().map(b -> gameId(b.number())).toList();
    }

    /** The board without sensors, notated on a phone (the demo's client plays the phone). */
    public String notatedGameId() {
        return gameId(boards.size() + 1);
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
            notator.close();
            hall.close();
        } finally {
            relay.close();
        }
    }
}
