package org.damrelay.app.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.emulator.speaker.BoardSpeaker;
import org.damrelay.driver.emulator.speaker.LineOpener;
import org.damrelay.driver.emulator.speaker.LinePump;
import org.damrelay.driver.emulator.speaker.Pace;
import org.damrelay.driver.emulator.speaker.PtyLine;
import org.damrelay.driver.emulator.speaker.PtyPair;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.station.BoardSource;
import org.damrelay.driver.station.DriverStation;
import org.damrelay.driver.station.InProcessLine;
import org.damrelay.driver.uplink.UplinkConfig;
import org.damrelay.driver.emulator.NoiseProfile;
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
    private final DriverStation station;
    private final List<LinePump> pumps;
    private final List<Thread> threads;
    private final List<PtyLine> lines;
    private final String arbiterToken;
    private final List<DemoGames.Board> boards;

    private Demo(RelayServer relay, DriverStation station, List<LinePump> pumps, List<Thread> threads, List<PtyLine> lines,
                 String arbiterToken, List<DemoGames.Board> boards) {
        this.relay = relay;
        this.station = station;
        this.pumps = pumps;
        this.threads = threads;
        this.lines = lines;
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
        List<LinePump> pumps = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        List<PtyLine> ptyLines = new ArrayList<>();
        List<BoardSource> sources = new ArrayList<>();
        DriverStation station = null;
        try {
            for (DemoGames.Board b : boards) {
                String boardId = boardId(b.number());
                LineOpener opener;
                if (s.ptys()) {
                    Path link = Files.createDirectories(s.workDir().resolve("tty")).resolve("board" + b.number());
                    PtyLine line = new PtyLine(link);
                    ptyLines.add(line);
                    opener = line;
                    sources.add(new BoardSource.Port(line.hostLink(0).toString(), boardId));
                } else {
                    InProcessLine line = new InProcessLine("emulated-" + boardId);
                    opener = line;
                    sources.add(line.source(boardId));
                }
                BoardSpeaker speaker = new BoardSpeaker(b.timeline(), "DEMO" + String.format("%06d", b.number()), 1,
                        PieceCodes.standard(), NoiseProfile.defaults(), s.seed() + b.number());
                pumps.add(new LinePump(List.of(speaker), opener, new Pace(s.speed()), 60_000, true));
            }
            // the pumps first: with ptys the driver's line supervisor finds the links once socat made them
            for (int i = 0; i < pumps.size(); i++) {
                Thread t = new Thread(pumps.get(i), "board-" + (i + 1));
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            station = DriverStation.start(new DriverStation.Config(sources, paced(s.speed()),
                    s.workDir().resolve("outbox"), s.workDir().resolve("captures"),
                    UplinkConfig.of(URI.create("ws://127.0.0.1:" + relay.port() + "/ingest"), driverToken, EVENT, DRIVER)
                            .withBackoff(Duration.ofMillis(100), Duration.ofSeconds(2)), PieceCodes.standard()));
            return new Demo(relay, station, pumps, threads, ptyLines, arbiterToken, boards);
        } catch (Exception e) {
            pumps.forEach(LinePump::stop);
            if (station != null) station.close();
            relay.close();
            throw e;
        }
    }

    /** The reconstruction's waiting windows shrink with the pace, as the hands' timings do. */
    private static ReconstructConfig paced(double speed) {
        ReconstructConfig d = ReconstructConfig.defaults(org.damrelay.draughts.rules.Variant.INTERNATIONAL);
        return new ReconstructConfig(d.variant(), d.start(), d.orientation(), d.whiteOnRight(),
                (long) (d.settleMs() / speed), (long) (d.pressGraceMs() / speed), (long) (d.irregularMs() / speed),
                (long) (d.heldMs() / speed), (long) (d.touchMinMs() / speed), d.timeControl(), d.increment());
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
        c.append("    rounds: [{number: 1, delaySeconds: 0}]\n    boards:\n");
        for (DemoGames.Board b : boards) {
            c.append("      - {round: 1, board: ").append(b.number())
                    .append(", white: {name: ").append(quoted(name(b.game(), "White", b.number())))
                    .append("}, black: {name: ").append(quoted(name(b.game(), "Black", b.number())))
                    .append("}, match: \"Team A - Team B\", timeControl: \"80m+1m/move\", driver: ").append(DRIVER)
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
        pumps.forEach(LinePump::stop);
        try {
            station.close();
        } finally {
            for (Thread t : threads) {
                try {
                    t.join(3000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            lines.forEach(PtyLine::unplug);
            relay.close();
        }
    }
}
