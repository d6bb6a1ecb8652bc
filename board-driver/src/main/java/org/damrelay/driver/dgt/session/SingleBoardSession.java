package org.damrelay.driver.dgt.session;

import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.DecoderStats;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One board in single-board mode: on every (re)connect it puts the board in update mode and asks
 * for the whole board, the clock and the serial number, then turns what the board says into {@link BoardObserver}
 * calls. It pings with SERIALNR when it has heard nothing for a while, and declares the link lost
 * when the ping goes unanswered.
 */
public final class SingleBoardSession implements LineHandler {
    private static final Logger log = LoggerFactory.getLogger(SingleBoardSession.class);
    static final long BOARD_REQUEST_SPACING_MILLIS = 1000;
    private static final long LOSS_LOG_SPACING_MILLIS = 60_000;

    /**
     * @param updateMode SEND_UPDATE_NICE (clock when it changes) or SEND_UPDATE (clock every second)
     * @param pingInterval how long the board may be quiet before a SERIALNR ping
     * @param pingTimeout how long the ping may go unanswered before the link counts as dead
     */
    public record Config(PieceCodes pieceCodes, Command updateMode, Duration pingInterval, Duration pingTimeout,
                         Duration partialMessageTimeout) {
        public Config {
            if (updateMode != Command.SEND_UPDATE_NICE && updateMode != Command.SEND_UPDATE && updateMode != Command.SEND_UPDATE_BRD) {
                throw new IllegalArgumentException(updateMode + " is not an update mode");
            }
        }

        public static Config defaults() {
            return new Config(PieceCodes.standard(), Command.SEND_UPDATE_NICE, Duration.ofSeconds(5), Duration.ofSeconds(3),
                    Duration.ofMillis(MessageDecoder.DEFAULT_TIMEOUT_MILLIS));
        }

        public Config withPieceCodes(PieceCodes codes) {
            return new Config(codes, updateMode, pingInterval, pingTimeout, partialMessageTimeout);
        }
    }

    private final BoardObserver observer;
    private final Config config;
    private Consumer<String> serialListener = s -> {};
    private MessageDecoder decoder;
    private DecoderStats previousStats = new DecoderStats(0, 0, 0, 0, 0, 0, 0, 0, 0);
    private long lastHeardMillis;
    private long pingSentMillis = -1;
    private volatile String serialNumber;
    private volatile boolean tableWarned;
    private long badFields;
    /** Bytes lost or mangled so far, and when the board was last asked for again because of them. */
    private long lossSeen;
    private long lossLoggedMillis = -LOSS_LOG_SPACING_MILLIS;
    private long boardRequestedMillis = Long.MIN_VALUE / 2;

    public SingleBoardSession(BoardObserver observer, Config config) {
        this.observer = new GuardedObserver(observer, "board");
        this.config = config;
    }

    /** Told the board's serial number when it first answers SERIALNR / LONG_SERIALNR, and when it changes. */
    public void onSerialNumber(Consumer<String> listener) {
        this.serialListener = listener;
    }

    @Override public void onConnected(long t, Sink out) throws IOException {
        if (decoder != null) {
            previousStats = stats();
        }
        decoder = new MessageDecoder(Framing.SINGLE_BOARD, config.partialMessageTimeout().toMillis(), this::onMessage);
        lastHeardMillis = t;
        pingSentMillis = -1;
        observer.onLink(t, true);
        lossSeen = loss(stats());
        boardRequestedMillis = t;
        out.send(t, config.updateMode().encode());
        out.send(t, Command.SEND_BRD.encode());
        out.send(t, Command.SEND_CLK.encode());
        // which board this is goes into the capture's metadata at once, not only after the first ping
        out.send(t, Command.SERIALNR.encode());
    }

    @Override public void onBytes(long t, byte[] bytes, int offset, int length) {
        decoder.feed(t, bytes, offset, length);
    }

    @Override public void onTick(long t, Sink out) throws IOException {
        decoder.expire(t);
        // the reconstruction commits a move once the board has been still long enough: it must hear time pass
        observer.onTick(t);
        requestBoardAfterLoss(t, out);
        if (pingSentMillis < 0 && t - lastHeardMillis >= config.pingInterval().toMillis()) {
            pingSentMillis = t;
            out.send(t, Command.SERIALNR.encode());
        }
    }

    /**
     * A dropped or corrupted byte can cost a FIELD_UPDATE, and then the driver's picture of the board
     * is wrong until something repairs it: after any loss the whole board is asked for again (at most
     * once per {@link #BOARD_REQUEST_SPACING_MILLIS}, so a burst of noise costs one dump, not many).
     */
    private void requestBoardAfterLoss(long t, Sink out) throws IOException {
        long loss = loss(stats());
        if (loss == lossSeen || t - boardRequestedMillis < BOARD_REQUEST_SPACING_MILLIS) return;
        lossSeen = loss;
        boardRequestedMillis = t;
        // a noisy line (or a replayed capture of one) would say this every few seconds: once a minute is news enough
        if (t - lossLoggedMillis >= LOSS_LOG_SPACING_MILLIS) {
            lossLoggedMillis = t;
            log.info("bytes lost on the line (decoder: {}); asking for the whole board (said at most once a minute)", stats());
        } else {
            log.debug("bytes lost on the line (decoder: {}); asking for the whole board", stats());
        }
        out.send(t, Command.SEND_BRD.encode());
    }

    private static long loss(DecoderStats s) {
        return s.garbageBytes() + s.resyncs() + s.unknownIds() + s.badLengths() + s.malformed() + s.stale();
    }

    @Override public boolean linkLost(long t) {
        return pingSentMillis >= 0 && t - pingSentMillis > config.pingTimeout().toMillis();
    }

    @Override public void onDisconnected(long t) {
        observer.onLink(t, false);
    }

    /** True once a full board read as the start position only with the other piece-code table. */
    public boolean pieceCodesSuspect() {
        return tableWarned;
    }

    public String serialNumber() {
        return serialNumber;
    }

    /** Decoder counters over all connections so far, plus FIELD_UPDATEs naming a field beyond 99 (as malformed). */
    public DecoderStats stats() {
        DecoderStats s = decoder == null ? new DecoderStats(0, 0, 0, 0, 0, 0, 0, 0, 0) : decoder.stats();
        DecoderStats p = previousStats;
        return new DecoderStats(p.messages() + s.messages(), p.garbageBytes() + s.garbageBytes(), p.resyncs() + s.resyncs(),
                p.unknownIds() + s.unknownIds(), p.badLengths() + s.badLengths(), p.badChecksums() + s.badChecksums(),
                p.malformed() + s.malformed() + badFields, p.stale() + s.stale(), p.ignored() + s.ignored());
    }

    private void onMessage(long t, BoardMessage m) {
        lastHeardMillis = t;
        pingSentMillis = -1;
        if (m instanceof BoardMessage.FieldUpdate u) {
            if (u.field() > 99) {
                badFields++;
                log.warn("FIELD_UPDATE for field {} ignored: the board has fields 0-99", u.field());
                return;
            }
            observer.onFieldChange(t, u.field(), config.pieceCodes().sensed(u.code()));
        } else if (m instanceof BoardMessage.BoardDump d) {
            checkTable(d.codes());
            Sensed[] fields = config.pieceCodes().sensed(d.codes());
            observer.onBoard(t, fields);
        } else if (m instanceof BoardMessage.ClockTimes c) {
            observer.onClock(t, c.reading());
        } else if (m instanceof BoardMessage.SerialNumber s) {
            if (!s.value().equals(serialNumber)) {
                serialNumber = s.value();
                serialListener.accept(s.value());
            }
        } else {
            log.debug("{} not used in a single-board session", m);
        }
    }

    private void checkTable(byte[] codes) {
        if (!tableWarned && StartPositionCheck.check(codes, config.pieceCodes()) == StartPositionCheck.Result.MATCHES_OTHER_TABLE) {
            tableWarned = true;
            log.error("the board shows the starting position only when read with the {} table, not the configured {}: "
                    + "this board has the other firmware revision; configure its piece codes accordingly",
                    config.pieceCodes().other(), config.pieceCodes());
        }
    }
}
