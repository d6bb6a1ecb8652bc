package org.damrelay.emulator.speaker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
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
 * The boards are driven from the pump's thread only; a reader thread per connection just queues
 * the host's bytes. {@link #stop()} from any thread.
 */
public final class LinePump implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(LinePump.class);
    private static final long MAX_WAIT_MS = 20;
    /** Even as fast as possible, a pulled cable stays out this long, so the host sees it go. */
    private static final long FAST_OUTAGE_NANOS = 300_000_000L;

    private final List<BoardSpeaker> boards;
    private final LineOpener opener;
    private final Pace pace;
    private final long lingerMillis;
    private final boolean waitForHost;
    private LineRecorder capture = LineRecorder.NONE;
    private volatile boolean hostSpoke;
    private final List<HostCommand> received = new ArrayList<>();
    private final BlockingQueue<byte[]> inbound = new LinkedBlockingQueue<>();
    private volatile boolean stopped;
    /** @param plies more plies per board, or ({@code atPly}) the plies each board's game has when its players stop */
    private record PauseRequest(List<Integer> plies, boolean atPly, CompletableFuture<List<Integer>> made) {}
    private final ConcurrentLinkedQueue<PauseRequest> pauses = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pausesAsked = new AtomicInteger();
    private int pausesApplied;
    /** How many pause requests had been applied when every paused board last stood still; -1: not standing. */
    private volatile int standingThrough = -1;
    private final AtomicIntegerArray pliesPlayed;
    private volatile boolean done;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile SerialChannel line;
    private int generation;
    /** System.nanoTime() at line time 0: set when the pump starts, again when the host first speaks. */
    private volatile long originNanos;
    private double fastOffset;
    private long downSinceNanos;

    /**
     * @param lingerMillis how long (wall time) the line stays open after the last event, answering the host
     * @param waitForHost  emulated time stands at 0 until the host sends its first command, and each board's game
     *                     starts when the host has read that board (see {@link BoardSpeaker}); false: every game starts at once
     */
    public LinePump(List<BoardSpeaker> boards, LineOpener opener, Pace pace, long lingerMillis, boolean waitForHost) {
        this.boards = List.copyOf(boards);
        this.opener = opener;
        this.pace = pace;
        this.lingerMillis = lingerMillis;
        this.waitForHost = waitForHost;
        this.pliesPlayed = new AtomicIntegerArray(boards.size());
    }

    /** The emulator's end of the line, once open (for logs: the pty link, the device). */
    public String lineName() {
        SerialChannel l = line;
        return l == null ? null : l.name();
    }

    public void stop() { stopped = true; }

    /**
     * Stops the pump and waits (at most {@code millis}) until it has let go of its line, so a
     * process ending on SIGTERM leaves no socat behind; a pump that does not finish in time has its
     * line pulled from here.
     */
    public void stopAndWait(long millis) {
        stopped = true;
        try {
            if (finished.await(millis, TimeUnit.MILLISECONDS)) return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        opener.unplug();
    }

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

    /**
     * From any thread: the players of board i make at most {@code plies.get(i)} more plies (the
     * last number for the boards after it) and stand still until the host reads that board again
     * ({@link BoardSpeaker#pauseAfter}). Completes, on the pump's thread, with the plies each board
     * will make.
     */
    public CompletableFuture<List<Integer>> pausePlayers(List<Integer> plies) {
        return pause(plies, false);
    }

    /** As {@link #pausePlayers}, but board i's players stop once its game has {@code plies.get(i)} plies ({@link BoardSpeaker#pauseAtPly}). */
    public CompletableFuture<List<Integer>> pausePlayersAtPly(List<Integer> plies) {
        return pause(plies, true);
    }

    private CompletableFuture<List<Integer>> pause(List<Integer> plies, boolean atPly) {
        if (plies.isEmpty()) throw new IllegalArgumentException("say how many plies the players make before they stop");
        PauseRequest r = new PauseRequest(List.copyOf(plies), atPly, new CompletableFuture<>());
        pausesAsked.incrementAndGet();
        pauses.add(r);
        if (done) r.made().completeExceptionally(new IllegalStateException("the line is closed"));
        return r.made();
    }

    /** The plies board i's players had played when the pump last looked (for tests that wait on the game). */
    public int pliesPlayed(int board) { return pliesPlayed.get(board); }

    /** Every board paused by {@link #pausePlayers} stands still now (or was read by the host already). */
    public boolean playersStanding() { return standingThrough == pausesAsked.get(); }

    /**
     * The System.nanoTime() at which line time {@code lineMillis} falls (or fell), for a paced pump
     * whose host has spoken: with {@link BoardSpeaker#playStart()} it puts what the hand did on the
     * clock every process on the host reads, so a benchmark can measure from a press to a screen.
     */
    public long nanosAt(long lineMillis) {
        if (pace.asFastAsPossible()) throw new IllegalStateException("a pump as fast as possible keeps no wall clock");
        return originNanos + Math.round(lineMillis * 1e6 / pace.speed());
    }

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
            finished.countDown();
        }
    }

    private void pump() throws IOException, InterruptedException {
        openLine(0, 0);
        HostCommandDecoder decoder = new HostCommandDecoder(this::command);
        originNanos = System.nanoTime();
        if (!waitForHost) for (BoardSpeaker b : boards) b.startPlay(0);
        long lingerUntil = -1;
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            long t = now();
            for (PauseRequest r = pauses.peek(); r != null; r = pauses.peek()) {
                List<Integer> made = new ArrayList<>();
                for (int i = 0; i < boards.size(); i++) {
                    int n = r.plies().get(Math.min(i, r.plies().size() - 1));
                    made.add(r.atPly() ? boards.get(i).pauseAtPly(n, t) : boards.get(i).pauseAfter(n, t));
                }
                pauses.poll();
                pausesApplied++;
                r.made().complete(made);
            }
            for (BoardSpeaker b : boards) b.advanceTo(t);
            for (int i = 0; i < boards.size(); i++) pliesPlayed.set(i, boards.get(i).pliesPlayed(t));
            standingThrough = boards.stream().allMatch(b -> !b.pausing() || b.standing(t)) ? pausesApplied : -1;
            boolean powered = boards.get(0).powered();
            if (!powered && line != null) {
                downSinceNanos = System.nanoTime();
                closeLine();
                opener.unplug();
                capture.linkDown(t, "cable pulled");
                log.info("cable pulled at {} ms", t);
            } else if (powered && line == null) {
                openLine(++generation, t);
                decoder = new HostCommandDecoder(this::command);
                log.info("cable plugged in again at {} ms as {}", t, line.name());
            }
            List<Wire.Sending> due = new ArrayList<>();
            for (int i = 0; i < boards.size(); i++) {
                for (BoardSpeaker.Outgoing o : boards.get(i).takeDue(t)) due.add(new Wire.Sending(i, o.at(), o.bytes()));
            }
            due.sort(Comparator.comparingDouble(Wire.Sending::at));
            SerialChannel l = line;
            if (l != null) {
                for (byte[] bytes : Wire.carry(due)) {
                    try {
                        l.write(bytes);
                    } catch (IOException e) {
                        log.debug("host end gone, {} bytes lost: {}", bytes.length, e.getMessage()); // a board does not care
                    }
                    capture.received(t, bytes, 0, bytes.length);
                }
            }
            capture.tick(t);
            long next = boards.stream().mapToLong(BoardSpeaker::nextTime).min().orElse(Long.MAX_VALUE);
            if (boards.stream().allMatch(BoardSpeaker::finished)) {
                if (lingerUntil < 0) lingerUntil = System.nanoTime() + lingerMillis * 1_000_000;
                if (System.nanoTime() > lingerUntil) break;
            } else if (pace.asFastAsPossible() && (hostSpoke || !waitForHost) && next > t && next != Long.MAX_VALUE
                    && (line != null || System.nanoTime() - downSinceNanos > FAST_OUTAGE_NANOS)) {
                fastOffset += next - t;
            }
            // Wait for the host or for the next thing due, whichever comes first.
            byte[] in = inbound.poll(waitMillis(t, next), TimeUnit.MILLISECONDS);
            while (in != null) {
                long at = now();
                capture.sent(at, in);
                commandTime = at;
                decoder.feed(in);
                in = inbound.poll();
            }
        }
    }

    private long waitMillis(long t, long next) {
        if ((waitForHost && !hostSpoke) || next == Long.MAX_VALUE) return MAX_WAIT_MS;
        if (pace.asFastAsPossible()) return 0;
        double wall = (next - t) / pace.speed();
        return Math.max(0, Math.min(MAX_WAIT_MS, (long) Math.ceil(wall)));
    }

    /**
     * Opens the line and reads it on a thread of its own, so that a channel whose read timeout is
     * coarse (a tty rounds to 100 ms) never delays what the boards must send.
     */
    private void openLine(int gen, long t) throws IOException {
        SerialChannel l = opener.open(gen);
        line = l;
        capture.linkUp(t, l.name());
        Thread reader = new Thread(() -> {
            byte[] buf = new byte[512];
            while (line == l) {
                try {
                    int n = l.read(buf, 50);
                    if (n > 0) inbound.add(Arrays.copyOf(buf, n));
                } catch (IOException e) {
                    return; // closed or pulled: the pump notices through the timeline
                }
            }
        }, "emulated-line-reader");
        reader.setDaemon(true);
        reader.start();
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
        SerialChannel l = line;
        if (l != null) {
            line = null;
            l.close();
            inbound.clear(); // what the host sent to a board that lost power is gone
        }
    }
}
