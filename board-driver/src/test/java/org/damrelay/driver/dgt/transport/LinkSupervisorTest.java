package org.damrelay.driver.dgt.transport;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.clock.ManualClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.testing.FakeSingleBoard;
import org.damrelay.driver.testing.RecordingObserver;
import org.junit.jupiter.api.Test;

class LinkSupervisorTest {
    private final ManualClock clock = new ManualClock();
    private final RecordingObserver observer = new RecordingObserver();
    private final FakeSingleBoard board = new FakeSingleBoard("12345", PieceCodes.standard());
    private static final String ABSENT = "";
    /** What each connect attempt does: a device name to plug the board in under, or ABSENT for "no such device". */
    private final Deque<String> plan = new ArrayDeque<>();
    private final List<Long> attempts = new ArrayList<>();
    private final SingleBoardSession session = new SingleBoardSession(observer, SingleBoardSession.Config.defaults());
    private final LinkSupervisor supervisor = new LinkSupervisor(this::connect, session, clock,
            new Backoff(Duration.ofMillis(500), Duration.ofMillis(2000), 2), LineRecorder.NONE);

    private SerialChannel connect() throws IOException {
        attempts.add(clock.millis());
        String name = plan.isEmpty() ? null : plan.poll();
        if (name == null || name.equals(ABSENT)) {
            throw new IOException("no board");
        }
        return board.plugIn(name, clock);
    }

    private void stepUntil(String what, BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 100_000 && !done.getAsBoolean(); i++) {
            supervisor.step();
        }
        assertTrue(done.getAsBoolean(), what);
    }

    private long countSent(Command c) {
        return board.received.stream().filter(h -> h.equals(new HostCommand.Single(c))).count();
    }

    private void connectAndSync() throws InterruptedException {
        plan.add("/dev/ttyACM0");
        stepUntil("board, clock and serial number read", () -> observer.kinds().contains("clock") && session.serialNumber() != null);
    }

    @Test
    void connectPutsTheBoardInUpdateModeAndReadsBoardAndClock() throws Exception {
        connectAndSync();
        assertEquals(List.of(new HostCommand.Single(Command.SEND_UPDATE_NICE), new HostCommand.Single(Command.SEND_BRD),
                new HostCommand.Single(Command.SEND_CLK), new HostCommand.Single(Command.SERIALNR)), board.received);
        assertEquals("12345", session.serialNumber());
        assertEquals(List.of("link", "board", "clock"), observer.kinds());
        assertArrayEquals(StartPositionCheck.start(false), observer.boards.get(0));
        assertEquals("0 link true", observer.calls.get(0));

        clock.advance(1000);
        board.send(new BoardMessage.FieldUpdate(61, 0));
        stepUntil("field change", () -> observer.kinds().contains("field"));
        assertEquals("1000 field 61 EMPTY", observer.calls.get(3));
    }

    @Test
    void ioErrorReconnectsWithBackoffAndRereadsTheBoard() throws Exception {
        connectAndSync();
        clock.advance(10_000);
        board.line().fail("cable pulled");
        plan.add(ABSENT);
        plan.add(ABSENT);
        plan.add("/dev/ttyACM0");
        stepUntil("link dropped", () -> !supervisor.connected());
        long dropped = clock.millis();
        assertEquals(dropped + " link false", observer.calls.get(observer.calls.size() - 1));
        stepUntil("reconnected", supervisor::connected);
        assertEquals(List.of(dropped + 500, dropped + 1500, dropped + 3500), attempts.subList(1, 4),
                "backoff 500, 1000, then 2000 (capped)");
        stepUntil("board re-read", () -> observer.boards.size() == 2);
        assertEquals(2, countSent(Command.SEND_BRD));
        List<String> kinds = observer.kinds();
        assertEquals(List.of("link", "board", "clock", "link", "link", "board"), kinds.subList(0, 6));
        assertTrue(observer.calls.get(4).endsWith("link true"));
    }

    @Test
    void silentLinkIsDetectedByAnUnansweredPingAndTheBoardFoundUnderAnotherName() throws Exception {
        connectAndSync();
        long lastHeard = clock.millis();
        board.silent = true;
        stepUntil("silent link dropped", () -> !supervisor.connected());
        assertEquals(2, countSent(Command.SERIALNR), "one at connect, one ping");
        assertTrue(clock.millis() >= lastHeard + 5000 + 3000, "ping after 5 s of quiet, dead after 3 s more: " + clock.millis());
        assertTrue(clock.millis() < lastHeard + 5000 + 3000 + 100);

        board.silent = false;
        plan.add("/dev/ttyACM1");
        stepUntil("reconnected", () -> observer.boards.size() == 2);
        assertEquals("/dev/ttyACM1", board.line().name());
        assertEquals(2, supervisor.connects());
    }

    @Test
    void aQuietButAnsweringBoardIsKept() throws Exception {
        connectAndSync();
        long start = clock.millis();
        stepUntil("a minute passed", () -> clock.millis() > start + 60_000);
        assertTrue(supervisor.connected());
        assertTrue(countSent(Command.SERIALNR) >= 10, "pinged every ~5 s");
        assertEquals(0, supervisor.drops());
    }

    @Test
    void disconnectEventDropsAtOnce() throws Exception {
        connectAndSync();
        board.line().disconnect();
        supervisor.step();
        assertFalse(supervisor.connected());
        assertTrue(observer.calls.get(observer.calls.size() - 1).endsWith("link false"));
    }

    @Test
    void failedConnectsBackOffExponentiallyUpToTheCap() throws Exception {
        stepUntil("six attempts", () -> attempts.size() == 6);
        assertEquals(List.of(0L, 500L, 1500L, 3500L, 5500L, 7500L), attempts);
        assertEquals(6, supervisor.failedAttempts());
    }

    @Test
    void oldFirmwarePieceCodesAreFlagged() throws Exception {
        FakeSingleBoard old = new FakeSingleBoard("00777", PieceCodes.swapped());
        RecordingObserver obs = new RecordingObserver();
        SingleBoardSession s = new SingleBoardSession(obs, SingleBoardSession.Config.defaults());
        LinkSupervisor sup = new LinkSupervisor(() -> old.plugIn("/dev/ttyUSB0", clock), s, clock, Backoff.standard(), LineRecorder.NONE);
        for (int i = 0; i < 10 && obs.boards.isEmpty(); i++) {
            sup.step();
        }
        assertTrue(s.pieceCodesSuspect());
        assertEquals(Sensed.WHITE_KING, obs.boards.get(0)[1], "read with the configured table, as told");
    }

    @Test
    void aFaultyObserverDoesNotStopTheLine() throws Exception {
        RecordingObserver seen = new RecordingObserver();
        BoardObserver faulty = new BoardObserver() {
            @Override public void onBoard(long t, Sensed[] fields) {
                seen.onBoard(t, fields);
            }

            @Override public void onFieldChange(long t, int field, Sensed now) {
                seen.onFieldChange(t, field, now);
                if (field == 61) {
                    throw new IllegalStateException("bug in the reconstruction");
                }
            }

            @Override public void onClock(long t, ClockReading clock) {}

            @Override public void onLink(long t, boolean connected) {}
        };
        LinkSupervisor sup = new LinkSupervisor(() -> board.plugIn("/dev/ttyACM0", clock),
                new SingleBoardSession(faulty, SingleBoardSession.Config.defaults()), clock, Backoff.standard(), LineRecorder.NONE);
        for (int i = 0; i < 5; i++) {
            sup.step();
        }
        board.line().inject(concat(new BoardMessage.FieldUpdate(61, 0).encode(),
                new BoardMessage.FieldUpdate(52, 1).encode()));
        sup.step();
        assertEquals(0, sup.handlerFaults(), "caught at the observer, so the rest of the read is still decoded");
        assertTrue(sup.connected());
        assertTrue(seen.calls.get(seen.calls.size() - 1).endsWith("field 52 WHITE_MAN"));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
