package org.damrelay.driver.station;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.uplink.Outbox;
import org.damrelay.driver.uplink.RelayUplink;
import org.damrelay.driver.uplink.UplinkConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running driver: its boards' lines feed one outbox, and one uplink carries the outbox to the
 * relay. Reconstruction runs here; the relay only stores and fans out.
 */
public final class DriverStation implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DriverStation.class);
    /** The evidence outbox's directory inside the outbox's. */
    public static final String EVIDENCE_DIR = "evidence";

    /**
     * @param sources     the lines to read
     * @param reconstruct settings of every board's reconstruction (variant, orientation, windows)
     * @param outboxDir   the outbox directory (one driver process per directory)
     * @param capturesDir where every byte of every line is recorded, or null
     * @param uplink      the relay to feed
     * @param pieceCodes  the boards' piece-code table (older firmware swaps two codes)
     */
    public record Config(List<BoardSource> sources, ReconstructConfig reconstruct, Path outboxDir, Path capturesDir,
                         UplinkConfig uplink, PieceCodes pieceCodes) {
        public Config {
            sources = List.copyOf(sources);
            if (pieceCodes == null) pieceCodes = PieceCodes.standard();
            if (sources.isEmpty()) throw new IllegalArgumentException("no boards: give --port, --serial, --bus or --config");
            List<String> seen = new ArrayList<>();
            for (BoardSource s : sources) {
                if (!s.bus() && seen.contains(s.boardId(0))) {
                    throw new IllegalArgumentException("board id \"" + s.boardId(0) + "\" is given twice");
                }
                seen.add(s.boardId(0));
            }
        }

        public Config(List<BoardSource> sources, ReconstructConfig reconstruct, Path outboxDir, Path capturesDir,
                      UplinkConfig uplink) {
            this(sources, reconstruct, outboxDir, capturesDir, uplink, PieceCodes.standard());
        }
    }

    private final Outbox outbox;
    private final Outbox evidence;
    private final RelayUplink uplink;
    private final List<BoardLine> lines = new CopyOnWriteArrayList<>(); // the uplink thread reads it for assignments

    private DriverStation(Outbox outbox, Outbox evidence, RelayUplink uplink) {
        this.outbox = outbox;
        this.evidence = evidence;
        this.uplink = uplink;
    }

    /** Opens the outbox, connects to the relay (in the background) and starts reading every line. */
    public static DriverStation start(Config config) throws IOException {
        Outbox outbox = Outbox.open(config.outboxDir());
        Outbox.Recovery r = outbox.recovery();
        log.info("outbox {}: {} events waiting for the relay{}", config.outboxDir(), r.unacked(),
                r.tornBytesCut() > 0 ? " (cut a torn last record of " + r.tornBytesCut() + " bytes)" : "");
        // the boards' decoded reports for the arbiter: an outbox of their own, so a game's events never wait behind them
        Outbox evidence;
        try {
            evidence = Outbox.open(config.outboxDir().resolve(EVIDENCE_DIR));
        } catch (IOException | RuntimeException e) {
            outbox.close();
            throw e;
        }
        RelayUplink uplink = new RelayUplink(config.uplink(), outbox, evidence);
        DriverStation station = new DriverStation(outbox, evidence, uplink);
        try {
            // the relay's assignment brings each board's competition settings to its reconstruction
            uplink.assignments().addListener((board, game) -> station.lines.forEach(l -> l.assigned(board, game)));
            uplink.start();
            for (BoardSource s : config.sources()) {
                BoardLine line = new BoardLine(s, config.reconstruct(), config.pieceCodes(), outbox, uplink.assignments(),
                        config.capturesDir(), evidence);
                station.lines.add(line);
                line.start();
            }
        } catch (IOException | RuntimeException e) {
            station.close();
            throw e;
        }
        return station;
    }

    public Outbox outbox() {
        return outbox;
    }

    /** The evidence outbox: the boards' decoded reports not yet durable on the relay. */
    public Outbox evidence() {
        return evidence;
    }

    public RelayUplink uplink() {
        return uplink;
    }

    /** Completes exceptionally when the relay refuses this driver for good (see {@link RelayUplink#refused()}). */
    public CompletableFuture<Void> refused() {
        return uplink.refused();
    }

    /** Capture files being written, one per line (empty without a captures directory). */
    public List<Path> captureFiles() {
        return lines.stream().map(BoardLine::capturePath).filter(p -> p != null).toList();
    }

    /** Stops reading the boards first, then the uplink, then closes the outbox (which keeps what is unacked). */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (BoardLine l : lines) {
            try {
                l.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        uplink.close();
        outbox.close();
        evidence.close();
        if (failure != null) throw failure;
    }
}
