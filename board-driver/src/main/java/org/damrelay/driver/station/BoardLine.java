package org.damrelay.driver.station;

import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.damrelay.driver.uplink.EvidenceFeed;
import java.util.concurrent.ConcurrentHashMap;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.bus.BusPoller;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.uplink.Assignments;
import org.damrelay.driver.uplink.Outbox;
import org.damrelay.proto.GameInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line of boards running on a thread of its own: the link supervisor keeps it open, every
 * byte goes to the capture file, the session (or bus poller) turns bytes into observations, one
 * reconstruction per board turns those into events, and each board's feed puts them in the outbox.
 */
final class BoardLine implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardLine.class);

    private final BoardSource source;
    private final LinkSupervisor supervisor;
    private final CaptureWriter capture;
    private final Map<Integer, AssignedBoard> boards = new ConcurrentHashMap<>();
    private final Thread thread;
    private final Outbox evidence;
    private final DriverClock clock;
    private final long wallOrigin;
    private final List<EvidenceFeed> feeds = new CopyOnWriteArrayList<>();

    BoardLine(BoardSource source, ReconstructConfig reconstruct, PieceCodes codes, Outbox outbox, Assignments assignments,
              Path captures) throws IOException {
        this(source, reconstruct, codes, outbox, assignments, captures, null);
    }

    /** @param evidence where the boards' decoded reports are kept for the arbiter (docs/evidence.md), or null */
    BoardLine(BoardSource source, ReconstructConfig reconstruct, PieceCodes codes, Outbox outbox, Assignments assignments,
              Path captures, Outbox evidence) throws IOException {
        this.source = source;
        this.evidence = evidence;
        this.clock = DriverClock.system();
        // the wall clock at capture time 0: the evidence's times and the capture's agree to the millisecond
        this.wallOrigin = System.currentTimeMillis() - clock.millis();
        this.capture = captures == null ? null : CaptureWriter.newSession(captures, source.lineName(), ZonedDateTime.now());
        // replay reads a bus capture as a bus (one stream per address)
        if (capture != null) capture.mode(source.bus());
        LineHandler handler;
        if (source.bus()) {
            BusPoller.Config d = BusPoller.Config.defaults();
            handler = new BusPoller(address -> boards.computeIfAbsent(address, a -> reconstruction(reconstruct, outbox, assignments, a)),
                    new BusPoller.Config(codes, d.answerTimeout(), d.discoveryWindow(), d.pollInterval(),
                            d.missesBeforeNotResponding(), d.maxRepeats(), d.rediscoveryInterval(), d.lineSilence()),
                    (t, address, state) -> log.info("{}: board {} ({}) is {}", source.lineName(), address, source.boardId(address), state));
        } else {
            handler = new SingleBoardSession(boards.computeIfAbsent(0, a -> reconstruction(reconstruct, outbox, assignments, 0)),
                    SingleBoardSession.Config.defaults().withPieceCodes(codes));
        }
        this.supervisor = new LinkSupervisor(source.connector(), handler,
                clock, Backoff.standard(), capture == null ? LineRecorder.NONE : capture);
        this.thread = new Thread(this::run, "line " + source.lineName());
        thread.setDaemon(true);
    }

    private AssignedBoard reconstruction(ReconstructConfig config, Outbox outbox, Assignments assignments, int address) {
        String board = source.boardId(address);
        log.info("{}: board {} feeds the relay as \"{}\"", source.lineName(), address, board);
        EvidenceFeed feed = evidence == null ? null
                : new EvidenceFeed(board, evidence, capture == null ? "" : capture.path().getFileName().toString(), wallOrigin);
        if (feed != null) feeds.add(feed);
        return new AssignedBoard(board, config, assignments, outbox, feed);
    }

    /** The relay assigned {@code board} a game: its reconstruction takes the game's settings, if this line reads that board. */
    void assigned(String board, GameInfo game) {
        for (Map.Entry<Integer, AssignedBoard> e : boards.entrySet()) {
            if (source.boardId(e.getKey()).equals(board)) e.getValue().assign(game);
        }
    }

    void start() {
        thread.start();
    }

    private void run() {
        try {
            supervisor.run();
        } catch (RuntimeException e) {
            // an outbox that cannot write: stop this line loudly rather than read on and lose moves
            log.error("line {} stopped: {}", source.lineName(), e.toString(), e);
        }
    }

    BoardSource source() {
        return source;
    }

    boolean running() {
        return thread.isAlive();
    }

    /** Where this line's bytes are recorded, or null without --captures. */
    Path capturePath() {
        return capture == null ? null : capture.path();
    }

    @Override
    public void close() throws IOException {
        supervisor.stop();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (EvidenceFeed f : feeds) f.flush(); // the line's thread has stopped: what it kept last goes out too
        if (capture != null) capture.close();
    }
}
