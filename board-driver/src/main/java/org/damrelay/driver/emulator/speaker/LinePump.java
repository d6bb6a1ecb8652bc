package org.damrelay.driver.emulator.speaker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.HostCommandDecoder;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.SerialChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one line of emulated boards (one, or several on a bus) in real or accelerated time: feeds
 * the host's commands to every board, writes what falls due, and pulls the cable when the first
 * board's timeline says so (the line closes, and opens again under the next generation's name).
 * Single-threaded; {@link #stop()} from any thread.
 */
public final class LinePump implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(LinePump.class);
    private static final int READ_TIMEOUT_MS = 5;

    private final List<BoardSpeaker> boards;
    private final LineOpener opener;
    private final Pace pace;
    private final long lingerMillis;
    private final boolean waitForHost;
    private LineRecorder capture = LineRecorder.NONE;
    private volatile boolean hostSpoke;
    private final List<HostCommand> received = new ArrayList<>();
    private volatile boolean stopped;
    private volatile boolean done;
    private volatile SerialChannel line;
    private int generation;
    private long originNanos;
    private double fastOffset;

    /**
     * @param lingerMillis how long (wall time) the line stays open after the last event, answering the host
     * @param waitForHost  emulated time stands at 0 until the host sends its first command (the game starts when the driver listens)
     */
    public LinePump(List<BoardSpeaker> boards, LineOpener opener, Pace pace, long lingerMillis, boolean waitForHost) {
        this.boards = List.copyOf(boards);
        this.opener = opener;
        this.pace = pace;
        this.lingerMillis = lingerMillis;
        this.waitForHost = waitForHost;
    }

    /** The emulator's end of the line, once open (for logs: the pty link, the device). */
    public String lineName() {
        SerialChannel l = line;
        return l == null ? null : l.name();
    }

    public void stop() { stopped = true; }

    /**
     * Logs the line as the host would capture it, on the emulated clock: what the boards sent as
     * board-to-host ({@code <}), the host's commands as host-to-board ({@code >}), cable pulls.
     * Set before {@link #run()}.
     */
    public LinePump logTo(LineRecorder recorder) {
        this.capture = recorder;
        return this;
    }

    public boolean done() { return done; }

    /** Host commands received, all lines and generations, in order. */
    public synchronized List<HostCommand> received() { return List.copyOf(received); }

    @Override
    public void run() {
        try {
            pump();
        } catch (IOException e) {
            log.error("emulated line failed: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeLine();
            opener.unplug();
            done = true;
        }
    }

    private void pump() throws IOException, InterruptedException {
        line = opener.open(generation);
        capture.linkUp(0, line.name());
        HostCommandDecoder decoder = new HostCommandDecoder(this::command);
        byte[] buf = new byte[512];
        originNanos = System.nanoTime();
        long lingerUntil = -1;
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            long t = now();
            for (BoardSpeaker b : boards) b.advanceTo(t);
            boolean powered = boards.get(0).powered();
            if (!powered && line != null) {
                closeLine();
                opener.unplug();
                capture.linkDown(t, "cable pulled");
                log.info("cable pulled at {} ms", t);
            } else if (powered && line == null) {
                line = opener.open(++generation);
                capture.linkUp(t, line.name());
                decoder = new HostCommandDecoder(this::command);
                log.info("cable plugged in again at {} ms as {}", t, line.name());
            }
            List<BoardSpeaker.Outgoing> due = new ArrayList<>();
            for (BoardSpeaker b : boards) due.addAll(b.takeDue(t));
            due.sort(Comparator.comparingLong(BoardSpeaker.Outgoing::at));
            if (line != null) {
                for (BoardSpeaker.Outgoing o : due) {
                    line.write(o.bytes());
                    capture.received(t, o.bytes(), 0, o.bytes().length);
                }
                int n;
                try {
                    n = line.read(buf, READ_TIMEOUT_MS);
                } catch (IOException e) {
                    n = 0; // the host closed its end: a board does not care
                }
                if (n > 0) {
                    capture.sent(t, java.util.Arrays.copyOf(buf, n));
                    this.commandTime = t;
                    decoder.feed(buf, 0, n);
                }
            } else {
                Thread.sleep(READ_TIMEOUT_MS);
            }
            capture.tick(t);
            if (boards.stream().allMatch(BoardSpeaker::finished)) {
                if (lingerUntil < 0) lingerUntil = System.nanoTime() + lingerMillis * 1_000_000;
                if (System.nanoTime() > lingerUntil) break;
            } else if (pace.asFastAsPossible() && (hostSpoke || !waitForHost)) {
                long next = boards.stream().mapToLong(BoardSpeaker::nextTime).min().orElse(t);
                if (next > t && line != null) fastOffset += next - t;
            }
        }
    }

    private long commandTime;

    private void command(HostCommand c) {
        synchronized (this) {
            received.add(c);
        }
        if (!hostSpoke) {
            hostSpoke = true;
            originNanos = System.nanoTime();
        }
        for (BoardSpeaker b : boards) b.onCommand(commandTime, c);
    }

    /** Emulated time now. */
    private long now() {
        if (waitForHost && !hostSpoke) return 0;
        double wall = (System.nanoTime() - originNanos) / 1e6;
        return (long) ((pace.asFastAsPossible() ? wall : wall * pace.speed()) + fastOffset);
    }

    private void closeLine() {
        if (line != null) {
            line.close();
            line = null;
        }
    }
}
