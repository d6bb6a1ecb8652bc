package org.damrelay.driver.dgt.bus;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.IntFunction;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.BusCommand;
import org.damrelay.driver.dgt.protocol.BusReply;
import org.damrelay.driver.dgt.protocol.DecoderStats;
import org.damrelay.driver.dgt.protocol.EeEntry;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.HostCommandDecoder;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.session.GuardedObserver;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Many boards on one line. Discovery: PING to address 0 (boards answer at random within the
 * window), then IGNORE_NEXT_BUS_PING to each found board and PING again, until a round brings no
 * new answer and no collision. Polling: one request on the line at a time, each board in turn;
 * SEND_CHANGES normally, REPEAT_CHANGES after a bad checksum (a second SEND_CHANGES would lose the
 * changes), SEND_BRD after any mismatch or missed answer. A board that misses several answers in a
 * row is reported not responding; the others go on.
 *
 * <p>Runs on the line's thread (the supervisor's, or a replay's); {@link #states()} and
 * {@link #pieceCodesSuspect()} may be read from any thread.
 *
 * <p>What was asked is learned from {@link #onSent}, never from the decision to ask, so a replay
 * that reports the recorded commands drives the same state.
 */
public final class BusPoller implements LineHandler {
    private static final Logger log = LoggerFactory.getLogger(BusPoller.class);

    /**
     * @param answerTimeout how long after a request (or after the last byte of an answer still arriving) the answer may take
     * @param discoveryWindow how long boards may take to answer a PING to address 0
     * @param pollInterval how often each board is asked for its changes
     * @param missesBeforeNotResponding consecutive missed answers before a board is reported not responding
     * @param maxRepeats REPEAT_CHANGES attempts after bad checksums before asking for the whole board
     * @param rediscoveryInterval how often to look for boards added to the line
     * @param lineSilence every known board silent this long means the line itself is dead
     */
    public record Config(PieceCodes pieceCodes, Duration answerTimeout, Duration discoveryWindow, Duration pollInterval,
                         int missesBeforeNotResponding, int maxRepeats, Duration rediscoveryInterval, Duration lineSilence) {
        public static Config defaults() {
            return new Config(PieceCodes.standard(), Duration.ofMillis(80), Duration.ofMillis(1100), Duration.ofSeconds(1),
                    3, 3, Duration.ofSeconds(60), Duration.ofSeconds(15));
        }
    }

    private record Request(BusCommand command, int address, long sentMillis) {}

    private final IntFunction<BoardObserver> observers;
    private final Config config;
    private final BusListener listener;
    private final Map<Integer, BusBoard> boards = new TreeMap<>();
    private final Set<Integer> suspectPieceCodes = new ConcurrentSkipListSet<>();
    /** What {@link #states()} shows: safe to read from any thread while the line's thread polls. */
    private final Map<Integer, BoardState> stateView = new ConcurrentSkipListMap<>();

    private MessageDecoder decoder;
    private HostCommandDecoder sentDecoder;
    private long sendingAt;
    private Request outstanding;
    private long lastByteMillis;
    private boolean discovering;
    private final Deque<Integer> toSilence = new ArrayDeque<>();
    private final TreeSet<Integer> answeredPing = new TreeSet<>();
    private boolean collision;
    private long nextDiscoveryMillis;

    public BusPoller(IntFunction<BoardObserver> observers, Config config, BusListener listener) {
        this.observers = observers;
        this.config = config;
        this.listener = listener;
    }

    @Override public void onConnected(long t, Sink out) throws IOException {
        decoder = new MessageDecoder(Framing.BUS, new MessageDecoder.Listener() {
            @Override public void onMessage(long tm, BoardMessage m) {
                BusPoller.this.onMessage(tm, m);
            }

            @Override public void onBadChecksum(long tm, int id, int address) {
                BusPoller.this.onBadChecksum(tm);
            }
        });
        sentDecoder = new HostCommandDecoder(this::onCommandSent);
        outstanding = null;
        lastByteMillis = t;
        startDiscovery(false);
        onTick(t, out);
    }

    @Override public void onBytes(long t, byte[] bytes, int offset, int length) {
        lastByteMillis = t;
        decoder.feed(t, bytes, offset, length);
    }

    @Override public void onSent(long t, byte[] bytes) {
        sendingAt = t;
        sentDecoder.feed(bytes);
    }

    @Override public long nextDeadline() {
        if (outstanding == null) {
            return Long.MAX_VALUE;
        }
        if (isDiscoveryPing()) {
            return outstanding.sentMillis() + config.discoveryWindow().toMillis();
        }
        long deadline = outstanding.sentMillis() + config.answerTimeout().toMillis();
        // a reply still coming in gets its time (the decoder drops it if it stalls); noise between messages does not
        return decoder.inMessage() ? Math.max(deadline, lastByteMillis + config.answerTimeout().toMillis()) : deadline;
    }

    @Override public void onTick(long t, Sink out) throws IOException {
        decoder.expire(t);
        for (BusBoard b : boards.values()) b.observer.onTick(t);
        if (outstanding != null) {
            long deadline = nextDeadline();
            if (t < deadline) {
                return;
            }
            onTimeout(deadline);
        }
        if (discovering) {
            if (!toSilence.isEmpty()) {
                out.send(t, BusCommand.IGNORE_NEXT_BUS_PING.encode(toSilence.peek()));
            } else {
                out.send(t, BusCommand.PING.encode(0));
            }
            return;
        }
        if (t >= nextDiscoveryMillis) {
            startDiscovery(true);
            onTick(t, out);
            return;
        }
        BusBoard next = null;
        for (BusBoard b : boards.values()) {
            if (b.nextPollMillis <= t && (next == null || b.nextPollMillis < next.nextPollMillis)) {
                next = b;
            }
        }
        if (next != null) {
            out.send(t, nextCommand(next).encode(next.address));
        }
    }

    @Override public boolean linkLost(long t) {
        if (boards.isEmpty() || discovering) {
            return false;
        }
        for (BusBoard b : boards.values()) {
            if (b.state == BoardState.CONNECTED || t - b.lastAnswerMillis < config.lineSilence().toMillis()) {
                return false;
            }
        }
        return t - lastByteMillis >= config.lineSilence().toMillis();
    }

    @Override public void onDisconnected(long t) {
        outstanding = null;
        discovering = false;
        for (BusBoard b : boards.values()) {
            setState(t, b, BoardState.NOT_RESPONDING);
        }
    }

    /** Each known board's state, by address; readable from any thread. */
    public Map<Integer, BoardState> states() {
        return Collections.unmodifiableMap(stateView);
    }

    /** Addresses of boards whose full board read as the start position only under the other piece-code table. */
    public Set<Integer> pieceCodesSuspect() {
        return Collections.unmodifiableSet(suspectPieceCodes);
    }

    public boolean discovering() {
        return discovering;
    }

    public DecoderStats decoderStats() {
        return decoder == null ? new DecoderStats(0, 0, 0, 0, 0, 0, 0, 0, 0) : decoder.stats();
    }

    private static BusCommand nextCommand(BusBoard b) {
        if (b.needsBoard) {
            return BusCommand.SEND_BRD;
        } else if (b.needsRepeat) {
            return BusCommand.REPEAT_CHANGES;
        } else if (b.needsClock) {
            return BusCommand.SEND_CLK;
        }
        return BusCommand.SEND_CHANGES;
    }

    private void startDiscovery(boolean silenceKnown) {
        discovering = true;
        answeredPing.clear();
        collision = false;
        toSilence.clear();
        if (silenceKnown) {
            for (BusBoard b : boards.values()) {
                if (b.state == BoardState.CONNECTED) {
                    toSilence.add(b.address);
                }
            }
        }
    }

    private void onCommandSent(HostCommand c) {
        if (!(c instanceof HostCommand.Bus bus)) {
            return;
        }
        outstanding = new Request(bus.command(), bus.address(), sendingAt);
        if (bus.command() == BusCommand.IGNORE_NEXT_BUS_PING) {
            toSilence.remove(bus.address());
        } else if (bus.command() == BusCommand.PING && bus.address() == 0) {
            answeredPing.clear();
            collision = false;
        }
    }

    private boolean isDiscoveryPing() {
        return outstanding.command() == BusCommand.PING && outstanding.address() == 0;
    }

    private void onTimeout(long t) {
        Request r = outstanding;
        outstanding = null;
        if (isDiscoveryPingRequest(r)) {
            endDiscoveryRound(t);
            return;
        }
        BusBoard b = boards.get(r.address());
        if (b == null) {
            return; // an IGNORE_NEXT_BUS_PING to a new board may go unacknowledged
        }
        b.misses++;
        // a lost answer to SEND_CHANGES may have taken changes with it: only the whole board is safe now
        b.needsBoard = true;
        b.needsRepeat = false;
        if (b.misses >= config.missesBeforeNotResponding()) {
            setState(t, b, BoardState.NOT_RESPONDING);
            b.nextPollMillis = t + config.pollInterval().toMillis();
        } else {
            b.nextPollMillis = t;
        }
    }

    private static boolean isDiscoveryPingRequest(Request r) {
        return r.command() == BusCommand.PING && r.address() == 0;
    }

    private void endDiscoveryRound(long t) {
        boolean found = false;
        for (int address : answeredPing) {
            BusBoard b = boards.get(address);
            if (b == null) {
                b = new BusBoard(address, new GuardedObserver(observers.apply(address), "bus board " + address));
                boards.put(address, b);
                stateView.put(address, b.state);
                b.observer.onLink(t, true);
                listener.onBoardState(t, address, BoardState.CONNECTED);
                found = true;
            } else if (b.state != BoardState.CONNECTED) {
                back(t, b);
                found = true;
            }
            b.lastAnswerMillis = t;
            b.nextPollMillis = t;
        }
        if (found || collision) {
            startDiscovery(true);
            log.debug("discovery round found {} (collision: {}); another round", answeredPing, collision);
        } else {
            discovering = false;
            // an empty line is searched more often: boards may still be being plugged in
            long every = boards.isEmpty() ? Math.min(5000, config.rediscoveryInterval().toMillis()) : config.rediscoveryInterval().toMillis();
            nextDiscoveryMillis = t + every;
            log.info("bus discovery done: boards {}", boards.keySet());
        }
    }

    private void onBadChecksum(long t) {
        if (outstanding == null) {
            return;
        }
        if (isDiscoveryPing()) {
            collision = true; // two boards answered at once: look again
            return;
        }
        Request r = outstanding;
        outstanding = null;
        BusBoard b = boards.get(r.address());
        if (b == null) {
            return;
        }
        answered(t, b);
        if (r.command() == BusCommand.SEND_CHANGES || r.command() == BusCommand.REPEAT_CHANGES) {
            if (++b.badAnswers > config.maxRepeats()) {
                b.needsBoard = true;
                b.needsRepeat = false;
            } else {
                b.needsRepeat = true;
            }
        }
        b.nextPollMillis = t; // ask again at once; SEND_BRD and SEND_CLK are safe to repeat
    }

    private void onMessage(long t, BoardMessage m) {
        if (!(m instanceof BusReply reply)) {
            return;
        }
        if (outstanding != null && isDiscoveryPing()) {
            if (reply instanceof BusReply.BusPing p) {
                answeredPing.add(p.address());
            }
            return;
        }
        BusBoard b = boards.get(reply.address());
        if (b == null) {
            log.debug("reply from unknown board {} ignored until discovery finds it", reply.address());
            return;
        }
        Request r = outstanding;
        if (reply instanceof BusReply.BusPing && (r == null || r.command() != BusCommand.IGNORE_NEXT_BUS_PING)) {
            return; // a late answer to a discovery PING: harmless
        }
        if (r == null || r.address() != reply.address()) {
            b.needsBoard = true; // an answer nobody asked for: something is out of step
            return;
        }
        outstanding = null;
        answered(t, b);
        b.nextPollMillis = t + config.pollInterval().toMillis();
        if (reply instanceof BusReply.BusChanges c && !c.fromStart()
                && (r.command() == BusCommand.SEND_CHANGES || r.command() == BusCommand.REPEAT_CHANGES)) {
            b.needsRepeat = false;
            b.badAnswers = 0;
            if (!c.log().wellFormed()) {
                log.warn("board {}: change data not in the log format; asking for the whole board", b.address);
                b.needsBoard = true;
                b.nextPollMillis = t;
            }
            apply(t, b, c);
        } else if (reply instanceof BusReply.BusBoardDump d && r.command() == BusCommand.SEND_BRD) {
            b.needsBoard = false;
            if (StartPositionCheck.check(d.codes(), config.pieceCodes()) == StartPositionCheck.Result.MATCHES_OTHER_TABLE
                    && suspectPieceCodes.add(b.address)) {
                log.error("board {} shows the starting position only when read with the {} table, not the configured {}: "
                        + "it has the other firmware revision; configure its piece codes accordingly",
                        b.address, config.pieceCodes().other(), config.pieceCodes());
            }
            b.observer.onBoard(t, config.pieceCodes().sensed(d.codes()));
            b.nextPollMillis = t;
        } else if (reply instanceof BusReply.BusClock c && r.command() == BusCommand.SEND_CLK) {
            b.needsClock = false;
            if (c.clock() instanceof BoardMessage.ClockTimes times) {
                b.clock(t, times.reading());
            }
        } else if (reply instanceof BusReply.BusPing && r.command() == BusCommand.IGNORE_NEXT_BUS_PING) {
            b.nextPollMillis = t;
        } else {
            log.debug("board {}: {} does not answer {}; asking for the whole board", b.address, reply, r.command());
            b.needsBoard = true;
            b.nextPollMillis = t;
        }
    }

    private void apply(long t, BusBoard b, BusReply.BusChanges c) {
        for (EeEntry e : c.log().entries()) {
            if (e instanceof EeEntry.FieldTag f) {
                if (f.field() < 100) {
                    b.observer.onFieldChange(t, f.field(), config.pieceCodes().sensed(f.code()));
                } else {
                    b.needsBoard = true;
                }
            } else if (e instanceof EeEntry.TimeTag tag) {
                b.timeTag(t, tag);
            }
        }
    }

    private void answered(long t, BusBoard b) {
        b.lastAnswerMillis = t;
        b.misses = 0;
        if (b.state != BoardState.CONNECTED) {
            back(t, b);
        }
    }

    private void back(long t, BusBoard b) {
        setState(t, b, BoardState.CONNECTED);
        b.needsBoard = true; // a full board follows every reconnect
        b.needsRepeat = false;
    }

    private void setState(long t, BusBoard b, BoardState s) {
        if (b.state == s) {
            return;
        }
        b.state = s;
        stateView.put(b.address, s);
        b.observer.onLink(t, s == BoardState.CONNECTED);
        listener.onBoardState(t, b.address, s);
    }
}
