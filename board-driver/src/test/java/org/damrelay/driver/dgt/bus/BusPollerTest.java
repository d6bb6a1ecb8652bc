package org.damrelay.driver.dgt.bus;

import static org.junit.jupiter.api.Assertions.*;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureReplay;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.clock.ManualClock;
import org.damrelay.driver.dgt.protocol.BusCommand;
import org.damrelay.driver.dgt.protocol.EeEntry;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.driver.testing.FakeBus;
import org.damrelay.driver.testing.RecordingObserver;
import org.junit.jupiter.api.Test;

class BusPollerTest {
    private final ManualClock clock = new ManualClock();
    private final FakeBus bus = new FakeBus(3, 17, 300);
    private final Map<Integer, RecordingObserver> observers = new TreeMap<>();
    private final List<String> states = new ArrayList<>();
    private final BusPoller poller = new BusPoller(a -> observers.computeIfAbsent(a, x -> new RecordingObserver()),
            BusPoller.Config.defaults(), (t, a, s) -> states.add(t + " " + a + " " + s));
    private LinkSupervisor supervisor;

    private void start(LineRecorder recorder) {
        supervisor = new LinkSupervisor(() -> bus.plugIn("/dev/ttyUSB0", clock), poller, clock, Backoff.standard(), recorder);
    }

    private void stepUntil(String what, BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 200_000 && !done.getAsBoolean(); i++) {
            supervisor.step();
        }
        assertTrue(done.getAsBoolean(), what);
    }

    private void runFor(long millis) throws InterruptedException {
        long end = clock.millis() + millis;
        stepUntil("time passes", () -> clock.millis() >= end);
    }

    private void discoverAll() throws InterruptedException {
        stepUntil("discovery and first sync", () -> !poller.discovering() && observers.size() == 3
                && observers.values().stream().allMatch(o -> o.kinds().contains("clock")));
    }

    @Test
    void discoversThreeBoardsAndSyncsEach() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        assertEquals(Map.of(3, BoardState.CONNECTED, 17, BoardState.CONNECTED, 300, BoardState.CONNECTED), poller.states());
        assertEquals(new HostCommand.Bus(BusCommand.PING, 0), bus.received.get(0));
        assertEquals(List.of(new HostCommand.Bus(BusCommand.IGNORE_NEXT_BUS_PING, 3), new HostCommand.Bus(BusCommand.IGNORE_NEXT_BUS_PING, 17),
                new HostCommand.Bus(BusCommand.IGNORE_NEXT_BUS_PING, 300), new HostCommand.Bus(BusCommand.PING, 0)),
                bus.received.subList(1, 5), "second round silences the found boards and pings again");
        assertTrue(clock.millis() >= 2200, "two discovery windows of 1.1 s");
        for (RecordingObserver o : observers.values()) {
            assertEquals(List.of("link", "board", "clock"), o.kinds());
            assertArrayEquals(StartPositionCheck.start(false), o.boards.get(0));
        }
    }

    @Test
    void pollingDeliversEachBoardsChangesToItsOwnObserver() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        bus.board(17).change(61, Sensed.EMPTY);
        bus.board(17).change(52, Sensed.WHITE_MAN);
        bus.board(17).pending.add(new EeEntry.TimeTag(false, 1, 29, 50));
        bus.board(300).change(31, Sensed.EMPTY);
        runFor(3000);
        List<String> b17 = observers.get(17).calls;
        assertTrue(b17.get(3).endsWith("field 61 EMPTY"), b17.toString());
        assertTrue(b17.get(4).endsWith("field 52 WHITE_MAN"), b17.toString());
        assertTrue(b17.get(5).endsWith("clock 5400 5390 L"), b17.toString()); // the right player pressed his side down
        assertTrue(observers.get(300).calls.get(3).endsWith("field 31 EMPTY"));
        assertEquals(3, observers.get(3).calls.size(), "board 3 had no changes");
        assertTrue(bus.count(BusCommand.SEND_CHANGES, 3) >= 2, "polled every second");
    }

    @Test
    void badChecksumIsAnsweredWithRepeatChangesNeverASecondSendChanges() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        bus.board(17).change(61, Sensed.EMPTY);
        bus.board(17).corruptNext = 1;
        int from = bus.received.size();
        runFor(1500);
        List<HostCommand> to17 = bus.received.subList(from, bus.received.size()).stream()
                .filter(c -> c instanceof HostCommand.Bus b && b.address() == 17).toList();
        assertEquals(new HostCommand.Bus(BusCommand.SEND_CHANGES, 17), to17.get(0));
        assertEquals(new HostCommand.Bus(BusCommand.REPEAT_CHANGES, 17), to17.get(1));
        assertEquals(1, observers.get(17).calls.stream().filter(c -> c.endsWith("field 61 EMPTY")).count(), "the change, once");
        assertEquals(1, poller.decoderStats().badChecksums());
    }

    @Test
    void repeatedBadChecksumsEndInAFullBoard() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        bus.board(3).change(61, Sensed.EMPTY);
        bus.board(3).corruptNext = 4;
        runFor(1500);
        assertEquals(3, bus.count(BusCommand.REPEAT_CHANGES, 3));
        assertEquals(2, bus.count(BusCommand.SEND_BRD, 3), "first sync, then the resync");
        assertEquals(Sensed.EMPTY, observers.get(3).boards.get(1)[61]);
    }

    @Test
    void aSilentBoardIsReportedNotRespondingWhileTheOthersGoOn() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        bus.board(300).silent = true;
        stepUntil("300 not responding", () -> poller.states().get(300) == BoardState.NOT_RESPONDING);
        assertTrue(observers.get(300).calls.get(observers.get(300).calls.size() - 1).endsWith("link false"));
        assertEquals(BoardState.CONNECTED, poller.states().get(3));

        bus.board(3).change(62, Sensed.EMPTY);
        runFor(2000);
        assertTrue(observers.get(3).calls.stream().anyMatch(c -> c.endsWith("field 62 EMPTY")), "others still polled");
        assertTrue(supervisor.connected(), "one silent board does not bring the line down");

        bus.board(300).silent = false;
        bus.board(300).change(33, Sensed.EMPTY);
        stepUntil("300 back", () -> poller.states().get(300) == BoardState.CONNECTED);
        stepUntil("300 re-read", () -> observers.get(300).boards.size() == 2);
        assertEquals(Sensed.EMPTY, observers.get(300).boards.get(1)[33]);
        assertTrue(states.stream().anyMatch(s -> s.endsWith("300 NOT_RESPONDING")));
        assertTrue(states.get(states.size() - 1).endsWith("300 CONNECTED"));
    }

    @Test
    void aBusCaptureReplaysToTheSameObserverCalls() throws Exception {
        StringWriter text = new StringWriter();
        CaptureWriter capture = new CaptureWriter(text);
        start(capture);
        discoverAll();
        bus.board(17).change(61, Sensed.EMPTY);
        bus.board(17).corruptNext = 1;
        bus.board(3).change(52, Sensed.WHITE_MAN);
        runFor(2000);
        bus.board(300).silent = true;
        runFor(5000);
        capture.close();

        Map<Integer, RecordingObserver> replayed = new TreeMap<>();
        List<String> replayedStates = new ArrayList<>();
        CaptureReplay.play(CaptureReader.read(new StringReader(text.toString())).entries(),
                new BusPoller(a -> replayed.computeIfAbsent(a, x -> new RecordingObserver()), BusPoller.Config.defaults(),
                        (t, a, s) -> replayedStates.add(t + " " + a + " " + s)));
        assertEquals(observers.keySet(), replayed.keySet());
        for (int a : observers.keySet()) {
            assertEquals(observers.get(a).calls, replayed.get(a).calls, "board " + a);
        }
        assertEquals(states, replayedStates);
    }

    @Test
    void answersThatCollideDuringDiscoveryLeadToAnotherRound() throws Exception {
        bus.board(17).corruptNext = 1;
        start(LineRecorder.NONE);
        discoverAll();
        assertEquals(3, poller.states().size());
        assertEquals(3, bus.count(BusCommand.PING, 0), "found 3 and 300 with a collision, then 17, then nothing new");
    }

    @Test
    void aBoardPluggedInLaterIsFoundByRediscovery() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        bus.add(42);
        long added = clock.millis();
        stepUntil("42 found", () -> poller.states().get(42) == BoardState.CONNECTED);
        assertTrue(clock.millis() - added <= 60_000 + 2_000, "found within a rediscovery interval and a round");
        stepUntil("42 synced", () -> observers.get(42).kinds().contains("clock"));
        assertEquals(List.of("link", "board", "clock"), observers.get(42).kinds());
        assertTrue(bus.count(BusCommand.IGNORE_NEXT_BUS_PING, 3) >= 2, "known boards are silenced before the new ping");
    }

    @Test
    void noiseOnTheLineNeverBreaksThePoller() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        Random rnd = new Random(7);
        for (int i = 0; i < 300; i++) {
            byte[] noise = new byte[rnd.nextInt(20)];
            rnd.nextBytes(noise);
            bus.line().inject(noise);
            if (i % 10 == 0) {
                bus.board(3).change(rnd.nextInt(100), Sensed.BLACK_MAN);
            }
            supervisor.step();
        }
        bus.board(3).change(50, Sensed.WHITE_KING);
        runFor(10_000);
        assertEquals(Map.of(3, BoardState.CONNECTED, 17, BoardState.CONNECTED, 300, BoardState.CONNECTED), poller.states());
        RecordingObserver o3 = observers.get(3);
        Sensed[] last = o3.boards.get(o3.boards.size() - 1).clone();
        // the latest full board plus later field changes must equal the board's real state
        List<String> calls = o3.snapshot();
        int lastBoard = 0;
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).endsWith(" board")) {
                lastBoard = i;
            }
        }
        for (String c : calls.subList(lastBoard + 1, calls.size())) {
            String[] p = c.split(" ");
            if (p[1].equals("field")) {
                last[Integer.parseInt(p[2])] = Sensed.valueOf(p[3]);
            }
        }
        assertArrayEquals(bus.board(3).fields, last, "what the observer was told adds up to the board");
    }

    @Test
    void aBoardWithTheOldFirmwareIsFlaggedByAddress() throws Exception {
        bus.board(17).codes = PieceCodes.swapped();
        start(LineRecorder.NONE);
        discoverAll();
        assertEquals(Set.of(17), poller.pieceCodesSuspect());
    }

    @Test
    void aChatteringLineDoesNotHideASilentBoard() throws Exception {
        start(LineRecorder.NONE);
        discoverAll();
        bus.board(300).silent = true;
        for (int i = 0; i < 100_000 && poller.states().get(300) != BoardState.NOT_RESPONDING; i++) {
            bus.line().inject(new byte[] {0x11, 0x22}); // data bytes outside any message
            clock.advance(10); // a line that never goes quiet: reads always return at once
            supervisor.step();
        }
        assertEquals(BoardState.NOT_RESPONDING, poller.states().get(300));
        assertEquals(BoardState.CONNECTED, poller.states().get(3));
    }
}
