package org.damrelay.app.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LineOpener;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.emulator.speaker.PtyLine;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.station.BoardSource;
import org.damrelay.driver.station.DriverStation;
import org.damrelay.emulator.InProcessLine;
import org.damrelay.driver.uplink.UplinkConfig;

/**
 * A playing hall without people: emulated boards playing their timelines on serial lines (socat
 * pseudo-terminals or in-process lines), and the real driver reading them and feeding a relay.
 */
public final class EmulatedHall implements AutoCloseable {

    /** Where the driver sends, as whom. {@code boardId}: board number to the pairings' source board. */
    public record Uplink(URI ingest, String token, String eventId, String driverId, IntFunction<String> boardId) {}

    /**
     * A board whose game is over stays plugged in and answering, as in a hall until the round
     * ends: its game shows as finished, not as a disconnected board, until the demo stops.
     */
    static final long LINGER_MS = 24L * 3600 * 1000;

    private final DriverStation station;
    private final List<LinePump> pumps;
    private final List<Thread> threads;
    private final List<PtyLine> ptyLines;

    private EmulatedHall(DriverStation station, List<LinePump> pumps, List<Thread> threads, List<PtyLine> ptyLines) {
        this.station = station;
        this.pumps = pumps;
        this.threads = threads;
        this.ptyLines = ptyLines;
    }

    public static EmulatedHall start(List<DemoGames.Board> boards, boolean ptys, double speed, long seed, Path workDir,
                                     Uplink uplink) throws IOException {
        List<LinePump> pumps = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        List<PtyLine> ptyLines = new ArrayList<>();
        List<BoardSource> sources = new ArrayList<>();
        for (DemoGames.Board b : boards) {
            String boardId = uplink.boardId().apply(b.number());
            LineOpener opener;
            if (ptys) {
                Path link = Files.createDirectories(workDir.resolve("tty")).resolve("board" + b.number());
                PtyLine line = new PtyLine(link);
                ptyLines.add(line);
                opener = line;
                sources.add(new BoardSource.Port(line.hostLink(0).toString(), boardId));
            } else {
                InProcessLine line = new InProcessLine("emulated-" + boardId);
                opener = line;
                sources.add(line.source(boardId));
            }
            BoardSpeaker speaker = new BoardSpeaker(b.timeline(), String.format("DEMO%06d", b.number()), 1,
                    PieceCodes.standard(), NoiseProfile.defaults(), seed + b.number());
            pumps.add(new LinePump(List.of(speaker), opener, new Pace(speed), LINGER_MS, true));
        }
        // the boards first: with ptys the driver's line supervisor finds the links once socat made them
        for (int i = 0; i < pumps.size(); i++) {
            Thread t = new Thread(pumps.get(i), "board-" + (i + 1));
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        try {
            DriverStation station = DriverStation.start(new DriverStation.Config(sources, ReconstructConfig.defaults(Variant.INTERNATIONAL).paced(speed),
                    workDir.resolve("outbox"), workDir.resolve("captures"),
                    UplinkConfig.of(uplink.ingest(), uplink.token(), uplink.eventId(), uplink.driverId())
                            .withBackoff(Duration.ofMillis(100), Duration.ofSeconds(2)), PieceCodes.standard()));
            return new EmulatedHall(station, pumps, threads, ptyLines);
        } catch (IOException | RuntimeException e) {
            pumps.forEach(LinePump::stop);
            ptyLines.forEach(PtyLine::unplug);
            throw e;
        }
    }

    /** Boards first (no half-made moves reach the driver), then the driver, then the lines. */
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
            ptyLines.forEach(PtyLine::unplug);
        }
    }
}
