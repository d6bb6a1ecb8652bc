package org.damrelay.emulator.speaker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.BusCommand;
import org.damrelay.driver.dgt.protocol.BusReply;
import org.damrelay.driver.dgt.protocol.ClockFace;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.EeEntry;
import org.damrelay.driver.dgt.protocol.EeLog;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.Fields;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.NoiseSource;
import org.damrelay.emulator.Timeline;

/**
 * One emulated board's side of the protocol, as a pure state machine on the emulated clock: it
 * follows its timeline (the sensor keeps scanning whatever the host asked), answers host commands
 * as a real board does, and queues what it would put on the line. Like a real board it powers up
 * in bus mode and leaves it at the first single-board command. Every byte it hands out is kept in
 * {@link #sent()}, after line noise, for byte-exact comparison.
 *
 * <p>As in a hall, the pieces stand in the set-up position (the timeline at time 0) until the host
 * has read this board, and only then does the game (clock start, think time, first ply) begin: the
 * timeline runs from the host's first whole-board request (SEND_BRD, single or bus) or its first
 * SEND_CHANGES poll after this board answered a discovery PING. On a bus that is after discovery,
 * which takes seconds, so each board's game starts at its own time.
 */
public final class BoardSpeaker {
    /** Bytes due on the line at an emulated time. */
    public record Outgoing(long at, byte[] bytes) {}

    public enum Mode { BUS, IDLE, UPDATE, UPDATE_BRD, UPDATE_NICE }

    private static final long SINGLE_LATENCY_MS = 10;
    private static final long BUS_LATENCY_MS = 40;
    private static final long PING_WINDOW_MS = 1100;

    private final List<BoardEvent> events;
    private final List<Timeline.Rest> rests;
    private final String serial;
    private final int address;
    private final PieceCodes codes;
    private final NoiseProfile noise;
    private final SplittableRandom rnd;

    private int next;
    /** Line time at which the timeline's time 0 lies; -1 while the game waits for the host to read the board. */
    private long playStart = -1;
    /** Timeline time at which the players stand still until the host reads the board again; -1: they play on. */
    private long pauseAt = -1;
    private boolean discovered;
    private Mode mode = Mode.BUS;
    private boolean powered = true;
    private boolean ignoreNextPing;
    private final Sensed[] board = new Sensed[Fields.COUNT];
    private ClockReading clock;
    private ClockReading lastSentClock;
    private final List<EeEntry> log = new ArrayList<>();
    private List<EeEntry> pendingChanges = new ArrayList<>();
    private List<EeEntry> lastChanges = List.of();
    private final List<Outgoing> queue = new ArrayList<>();
    private final List<Outgoing> sent = new ArrayList<>();

    /**
     * @param serial  ten characters: LONG_SERIALNR gives it all, SERIALNR the first five
     * @param address the bus address (1-16383)
     */
    public BoardSpeaker(Timeline timeline, String serial, int address, PieceCodes codes, NoiseProfile noise, long seed) {
        if (serial.length() != 10) throw new IllegalArgumentException("serial number must have 10 characters: \"" + serial + "\"");
        this.events = timeline.events();
        this.rests = timeline.rests();
        this.serial = serial;
        this.address = address;
        this.codes = codes;
        this.noise = noise;
        this.rnd = new SplittableRandom(seed);
        Arrays.fill(board, Sensed.EMPTY);
        log.add(new EeEntry.Marker(EeEntry.Marker.POWERUP));
    }

    public String serial() { return serial; }
    public int address() { return address; }
    public Mode mode() { return mode; }
    public boolean powered() { return powered; }

    /**
     * Starts the game at line time t unless it has started already: the timeline's time 0 lies at t.
     * The host's first read of the board does this; call it for a board whose game is under way
     * whatever the host does.
     */
    public void startPlay(long t) {
        if (playStart < 0) playStart = Math.max(0, t);
    }

    /**
     * The players make at most {@code plies} more plies (a ply under way counts) and then stand
     * still, clock included, until the host reads the whole board again (SEND_BRD); then they go on where
     * they were, as if no time had passed. A host that reads before they stop ends the pause
     * there. This is a restart of the driver at human pace, which a slow machine would otherwise
     * stretch over many plies. Returns the plies they will make; a board that has not started (or a
     * timeline without rests) is not paused and returns 0.
     */
    public int pauseAfter(int plies, long t) {
        if (plies < 0) throw new IllegalArgumentException("plies must not be negative: " + plies);
        return pause(t, done -> done + plies);
    }

    /**
     * As {@link #pauseAfter}, but the players stop once the game has {@code ply} plies (at once, or
     * after the ply under way, when it has them already): a hall test keeps the board at most so
     * many plies ahead of what the relay recorded.
     */
    public int pauseAtPly(int ply, long t) {
        return pause(t, done -> ply);
    }

    /** Pauses at the rest with {@code target.applyAsInt(plies done)} plies played, or the nearest before it; returns the plies still to make. */
    private int pause(long t, IntUnaryOperator target) {
        if (playStart < 0 || rests.isEmpty()) return 0;
        long now = standing(t) ? pauseAt : Math.max(0, t - playStart);
        int j = 0;
        while (j < rests.size() - 1 && rests.get(j).until() <= now) j++;
        Timeline.Rest at = rests.get(j);
        boolean resting = at.from() <= now && now < at.until();
        int done = resting ? at.plies() : at.plies() - 1; // a ply under way is finished
        int goal = target.applyAsInt(done);
        // the last rest ahead with no more plies than the goal; a reply that followed within a scan left
        // no rest between the two plies, so the players stop before them (or, with none left, after)
        int stop = j;
        while (stop + 1 < rests.size() && rests.get(stop + 1).plies() <= goal) stop++;
        pauseAt = stop == j && resting ? now : Math.max(now, rests.get(stop).from());
        return rests.get(stop).plies() - done;
    }

    /** The plies played by line time t (as the rests between them have it; 0 before the game started). */
    public int pliesPlayed(long t) {
        int played = 0;
        for (Timeline.Rest r : rests) {
            if (playStart < 0 || playStart + r.from() > t || pauseAt >= 0 && r.from() > pauseAt) break;
            played = r.plies();
        }
        return played;
    }

    /** A pause is asked for and the host has not read the board since. */
    public boolean pausing() {
        return pauseAt >= 0;
    }

    /** The players have stopped for a pause and wait for the host to read the board. */
    public boolean standing(long t) {
        return pauseAt >= 0 && playStart + pauseAt <= t;
    }

    /** The host reads the whole board: the game starts, or paused players go on from where they stood (or, still playing, stop no more). */
    private void hostReads(long t) {
        startPlay(t);
        if (pauseAt < 0) return;
        if (standing(t)) playStart = t - pauseAt;
        pauseAt = -1;
    }

    /** The line time at which the game started (the timeline's time 0), if it has. */
    public OptionalLong playStart() {
        return playStart < 0 ? OptionalLong.empty() : OptionalLong.of(playStart);
    }

    /** The emulated time of the next thing this board will do, or Long.MAX_VALUE (also while it waits for the host). */
    public long nextTime() {
        long t = next < events.size() ? lineTime(events.get(next)) : Long.MAX_VALUE;
        for (Outgoing o : queue) t = Math.min(t, o.at());
        return t;
    }

    /** When an event happens on the line: the set-up (time 0 and before) at once, the rest once the game has started. */
    private long lineTime(BoardEvent e) {
        if (e.t() <= 0) return e.t();
        return playStart < 0 || (pauseAt >= 0 && e.t() > pauseAt) ? Long.MAX_VALUE : playStart + e.t();
    }

    public boolean finished() {
        return next >= events.size() && queue.isEmpty();
    }

    /** Follows the timeline up to and including time t. */
    public void advanceTo(long t) {
        while (next < events.size() && lineTime(events.get(next)) <= t) {
            BoardEvent e = events.get(next++);
            long at = lineTime(e);
            if (e instanceof BoardEvent.FieldChanged c) {
                board[c.field()] = c.now();
                pendingChanges.add(fieldTag(c.field(), c.now()));
                log.add(fieldTag(c.field(), c.now()));
                if (powered && (mode == Mode.UPDATE || mode == Mode.UPDATE_BRD || mode == Mode.UPDATE_NICE)) {
                    queue(at, new BoardMessage.FieldUpdate(c.field(), codes.codeOf(c.now())).encode());
                }
            } else if (e instanceof BoardEvent.ClockRead r) {
                onClock(at, r.clock());
            } else if (e instanceof BoardEvent.BoardDumped d) {
                System.arraycopy(d.fields(), 0, board, 0, Fields.COUNT);
            } else if (e instanceof BoardEvent.LinkChanged l) {
                powered = l.connected();
                // Unplugged, the board loses power: it comes back in bus mode with nothing queued and
                // no changes pending in RAM; the EEPROM log survives.
                queue.clear();
                mode = Mode.BUS;
                ignoreNextPing = false;
                discovered = false;
                pendingChanges = new ArrayList<>();
                lastChanges = List.of();
                if (powered) log.add(new EeEntry.Marker(EeEntry.Marker.POWERUP));
            }
        }
    }

    private void onClock(long t, ClockReading r) {
        if (clock != null && r.rightLeverHigh() != clock.rightLeverHigh()) {
            // A lever press (a rocker: the presser's side went down, the other rose): the log keeps the pressing side's time.
            boolean rightPressed = !r.rightLeverHigh();
            Duration d = rightPressed ? r.right() : r.left();
            EeEntry tag = new EeEntry.TimeTag(!rightPressed, (int) Math.min(9, d.toHours()), d.toMinutesPart(), d.toSecondsPart());
            pendingChanges.add(tag);
            log.add(tag);
        }
        clock = r;
        if (!powered) return;
        if (mode == Mode.UPDATE || (mode == Mode.UPDATE_NICE && !r.equals(lastSentClock))) {
            queue(t, clockTimes(r).encode());
            lastSentClock = r;
        }
    }

    /** A command from the host, at emulated time t. */
    public void onCommand(long t, HostCommand command) {
        if (!powered) return;
        if (command instanceof HostCommand.Single s) single(t, s.command());
        else if (command instanceof HostCommand.ClockMessage) {
            mode = mode == Mode.BUS ? Mode.IDLE : mode;
            queue(t + SINGLE_LATENCY_MS, new BoardMessage.ClockAck(new byte[] {0x0a, 0, 0, 0, 0, 0, 0}).encode());
        } else if (command instanceof HostCommand.Bus b) bus(t, b);
    }

    private void single(long t, Command c) {
        if (mode == Mode.BUS) mode = Mode.IDLE;
        long at = t + SINGLE_LATENCY_MS;
        switch (c) {
            case RESET -> mode = Mode.IDLE;
            case SEND_UPDATE -> mode = Mode.UPDATE;
            case SEND_UPDATE_BRD -> mode = Mode.UPDATE_BRD;
            case SEND_UPDATE_NICE -> mode = Mode.UPDATE_NICE;
            case TO_BUSMODE -> mode = Mode.BUS;
            case SEND_BRD -> {
                queue(at, BoardMessage.BoardDump.of(board, codes).encode());
                hostReads(t);
            }
            case SEND_CLK -> { if (clock != null) { queue(at, clockTimes(clock).encode()); lastSentClock = clock; } }
            case SERIALNR -> queue(at, new BoardMessage.SerialNumber(serial.substring(0, 5), false).encode());
            case LONG_SERIALNR -> queue(at, new BoardMessage.SerialNumber(serial, true).encode());
            case VERSION -> queue(at, new BoardMessage.Version(1, 3).encode());
            case SEND_EE_MOVES -> {
                List<EeEntry> all = new ArrayList<>(log);
                all.add(new EeEntry.Marker(EeEntry.Marker.EOF));
                queue(at, new BoardMessage.EeMoves(new EeLog(all)).encode());
            }
            case SEND_BRD_50B, SEND_BRD_50W -> {
                boolean white = c == Command.SEND_BRD_50W;
                byte[] half = new byte[50];
                BoardMessage.HalfBoardDump shape = new BoardMessage.HalfBoardDump(white, half);
                for (int i = 0; i < 50; i++) half[i] = (byte) codes.codeOf(board[shape.field(i)]);
                queue(at, new BoardMessage.HalfBoardDump(white, half).encode());
            }
        }
    }

    private void bus(long t, HostCommand.Bus b) {
        if (mode != Mode.BUS) return;
        BusCommand c = b.command();
        if (c == BusCommand.PING && b.address() == 0) {
            if (ignoreNextPing) {
                ignoreNextPing = false;
                return;
            }
            queue(t + rnd.nextLong(PING_WINDOW_MS), new BusReply.BusPing(address).encode());
            discovered = true;
            return;
        }
        if (b.address() != address) return;
        long at = t + BUS_LATENCY_MS;
        switch (c) {
            case PING -> queue(at, new BusReply.BusPing(address).encode());
            case IGNORE_NEXT_BUS_PING -> ignoreNextPing = true;
            case SEND_CHANGES -> {
                // A poller that found this board follows it from here: it knows the set-up position.
                if (discovered) startPlay(t); // changes alone do not end a pause: a dead host's last poll may still be on the line
                lastChanges = pendingChanges;
                pendingChanges = new ArrayList<>();
                queue(at, new BusReply.BusChanges(address, false, new EeLog(lastChanges)).encode());
            }
            case REPEAT_CHANGES -> queue(at, new BusReply.BusChanges(address, false, new EeLog(lastChanges)).encode());
            case SEND_BRD -> {
                queue(at, new BusReply.BusBoardDump(address, BoardMessage.BoardDump.of(board, codes).codes()).encode());
                hostReads(t);
            }
            case SEND_BRD_50B -> {
                byte[] half = new byte[50];
                BoardMessage.HalfBoardDump shape = new BoardMessage.HalfBoardDump(false, half);
                for (int i = 0; i < 50; i++) half[i] = (byte) codes.codeOf(board[shape.field(i)]);
                queue(at, new BusReply.BusBoardDump50(address, half).encode());
            }
            case SEND_CLK -> { if (clock != null) queue(at, new BusReply.BusClock(address, clockTimes(clock)).encode()); }
            case VERSION -> queue(at, new BusReply.BusVersion(address, 1, 3).encode());
            case SET_START_GAME -> {
                log.add(new EeEntry.Marker(EeEntry.Marker.START_TAG));
                queue(at, new BusReply.BusStartGameWritten(address).encode());
            }
            case SEND_FROM_START -> queue(at, new BusReply.BusChanges(address, true, new EeLog(log)).encode());
            case END_BUSMODE -> mode = Mode.IDLE;
            case RESET -> { pendingChanges = new ArrayList<>(); lastChanges = List.of(); }
            case SEND_ALL_D -> { }
        }
    }

    private EeEntry fieldTag(int field, Sensed s) {
        return new EeEntry.FieldTag(field, codes.codeOf(s) & 0x1f);
    }

    /** A reading as the BWTIME message a board sends for it. */
    public static BoardMessage.ClockTimes clockTimes(ClockReading r) {
        ClockFace right = face(r.right(), r.rightFlag()), left = face(r.left(), r.leftFlag());
        // bit 1: the lever is high on the right, so the right clock runs; bits 3/4: the right/left player's turn
        int turn = !r.running() ? 0 : r.rightLeverHigh() ? 0x08 : 0x10;
        int status = (r.running() ? 0x01 : 0) | (r.rightLeverHigh() ? 0x02 : 0) | turn | (r.clockPresent() ? 0 : 0x20);
        return new BoardMessage.ClockTimes(right, left, status);
    }

    private static ClockFace face(Duration d, boolean flag) {
        ClockFace f = ClockFace.of(d);
        return new ClockFace(f.hours(), f.minutes(), f.seconds(), flag, false, flag);
    }

    private void queue(long at, byte[] bytes) {
        int i = queue.size();
        while (i > 0 && queue.get(i - 1).at() > at) i--;
        queue.add(i, new Outgoing(at, bytes));
    }

    /** Takes what is due by time t, with line noise applied, and logs it as sent. */
    public List<Outgoing> takeDue(long t) {
        List<Outgoing> due = new ArrayList<>();
        while (!queue.isEmpty() && queue.get(0).at() <= t) {
            Outgoing o = queue.remove(0);
            Outgoing onLine = new Outgoing(o.at(), lineNoise(o.bytes()));
            due.add(onLine);
            sent.add(onLine);
        }
        return due;
    }

    private byte[] lineNoise(byte[] bytes) {
        boolean drop = noise.strikes(NoiseSource.DROP_BYTE, rnd);
        boolean corrupt = noise.strikes(NoiseSource.CORRUPT_BYTE, rnd);
        int at = 1 + rnd.nextInt(bytes.length - 1);
        if (drop) {
            byte[] out = new byte[bytes.length - 1];
            System.arraycopy(bytes, 0, out, 0, at);
            System.arraycopy(bytes, at + 1, out, at, bytes.length - at - 1);
            return out;
        }
        if (corrupt) {
            byte[] out = bytes.clone();
            out[at] |= (byte) 0x80;
            return out;
        }
        return bytes;
    }

    /** Everything handed to the line so far, in order, as it went out. */
    public List<Outgoing> sent() {
        return List.copyOf(sent);
    }

    /** The board as its sensor has it now. */
    public Sensed[] board() {
        return board.clone();
    }
}
