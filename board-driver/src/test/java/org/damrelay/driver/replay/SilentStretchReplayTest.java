package org.damrelay.driver.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureReplay;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

/**
 * A move made without a clock press, followed by a silent line: live, the line's ticks close the
 * settle window and the move is committed then, not when the board next says something. Replay
 * ticks the silent stretches at the live cadence, so it commits at the same moments.
 */
class SilentStretchReplayTest {

    @Test
    void theObserverHearsTimePassDuringASilentStretch() throws Exception {
        List<Long> ticks = new ArrayList<>();
        BoardObserver listening = new BoardObserver() {
            @Override public void onBoard(long t, Sensed[] fields) {}
            @Override public void onFieldChange(long t, int field, Sensed now) {}
            @Override public void onClock(long t, ClockReading clock) {}
            @Override public void onLink(long t, boolean connected) {}
            @Override public void onTick(long t) { ticks.add(t); }
        };
        CaptureReplay.play(CaptureReader.read(new StringReader(capture())).entries(),
                new SingleBoardSession(listening, SingleBoardSession.Config.defaults()));

        List<Long> silent = ticks.stream().filter(t -> t > 3230 && t < 20000).toList();
        assertFalse(silent.isEmpty(), "no tick reached the observer between the move and the next record");
        assertTrue(silent.get(0) <= 3230 + LinkSupervisor.READ_TIMEOUT_MILLIS, "first tick at " + silent.get(0));
    }

    @Test
    void aMoveWithoutAPressIsDeliveredWhenTheBoardHasSettledNotAtTheNextRecord() throws Exception {
        List<Long> deliveredAt = new ArrayList<>();
        List<ArbiterEvent> events = new ArrayList<>();
        long[] now = {0};
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL), ReplayLog.tee(e -> {
            events.add(e);
            deliveredAt.add(now[0]);
        }));
        BoardObserver clocked = new BoardObserver() {
            @Override public void onBoard(long t, Sensed[] f) { now[0] = t; r.onBoard(t, f); }
            @Override public void onFieldChange(long t, int field, Sensed s) { now[0] = t; r.onFieldChange(t, field, s); }
            @Override public void onClock(long t, ClockReading c) { now[0] = t; r.onClock(t, c); }
            @Override public void onLink(long t, boolean up) { now[0] = t; r.onLink(t, up); }
            @Override public void onTick(long t) { now[0] = t; r.onTick(t); }
        };
        CaptureReplay.play(CaptureReader.read(new StringReader(capture())).entries(),
                new SingleBoardSession(clocked, SingleBoardSession.Config.defaults()));

        int i = events.stream().map(ArbiterEvent::type).toList().indexOf(EventType.MOVE);
        assertTrue(i >= 0, "no MOVE: " + events);
        assertEquals(Move.quiet(32, 28), events.get(i).move());
        assertTrue(deliveredAt.get(i) < 5000, "delivered at " + deliveredAt.get(i) + " ms, long after the board settled");
    }

    private static String capture() {
        StringBuilder c = new StringBuilder("# dgt-capture v1\n");
        c.append("0 > 42\n");
        c.append("100 < ").append(hex(startDump())).append('\n');
        // 32-28: square 32 = row 6 col 3 = field 63, square 28 = row 5 col 4 = field 54
        c.append("3000 < 8e 00 05 3f 00\n");
        c.append("3230 < 8e 00 05 36 01\n");
        // nothing for a long while, then the host pings the board (an unrelated record)
        c.append("20000 > 45\n");
        return c.toString();
    }

    /** A BOARD_DUMP of the start position: black men (0x04) on squares 1-20, white men (0x01) on 31-50. */
    private static byte[] startDump() {
        byte[] m = new byte[103];
        m[0] = (byte) 0x86;
        m[1] = 0;
        m[2] = 103;
        for (int row = 0; row < 10; row++) {
            for (int col = 0; col < 10; col++) {
                if ((row + col) % 2 == 0) continue;
                int square = row * 5 + col / 2 + 1;
                m[3 + row * 10 + col] = (byte) (square <= 20 ? 0x04 : square >= 31 ? 0x01 : 0);
            }
        }
        return m;
    }

    private static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").formatHex(b);
    }
}
