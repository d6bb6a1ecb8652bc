package org.damrelay.driver.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.clock.ManualClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.BusCommand;
import org.damrelay.driver.dgt.protocol.BusReply;
import org.damrelay.driver.dgt.protocol.ClockFace;
import org.damrelay.driver.dgt.protocol.EeEntry;
import org.damrelay.driver.dgt.protocol.EeLog;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.HostCommandDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.transport.MemoryChannel;

/** A minimal scripted bus of boards on an in-memory line: answers at once, in address order. */
public final class FakeBus {
    public static final class Board {
        public final int address;
        public final Sensed[] fields = StartPositionCheck.start(false);
        public final List<EeEntry> pending = new ArrayList<>();
        private List<EeEntry> lastSent = List.of();
        private boolean ignoreNextPing;
        public boolean silent;
        /** The piece codes this board's firmware sends. */
        public PieceCodes codes = PieceCodes.standard();
        /** Corrupt the checksum of the next this many answers. */
        public int corruptNext;

        Board(int address) {
            this.address = address;
        }

        /** A change on the board: logged for the next SEND_CHANGES. */
        public void change(int field, Sensed now) {
            fields[field] = now;
            pending.add(new EeEntry.FieldTag(field, codes.codeOf(now)));
        }
    }

    public final Map<Integer, Board> boards = new TreeMap<>();
    public final List<HostCommand> received = new ArrayList<>();
    private MemoryChannel line;

    public FakeBus(int... addresses) {
        for (int a : addresses) {
            boards.put(a, new Board(a));
        }
    }

    /** A board plugged into the line later. */
    public Board add(int address) {
        Board b = new Board(address);
        boards.put(address, b);
        return b;
    }

    public Board board(int address) {
        return boards.get(address);
    }

    public MemoryChannel plugIn(String name, ManualClock clock) {
        HostCommandDecoder decoder = new HostCommandDecoder(this::answer);
        line = MemoryChannel.scripted(name, clock, decoder::feed);
        return line;
    }

    public MemoryChannel line() {
        return line;
    }

    public long count(BusCommand command, int address) {
        return received.stream().filter(c -> c.equals(new HostCommand.Bus(command, address))).count();
    }

    private void answer(HostCommand c) {
        received.add(c);
        if (!(c instanceof HostCommand.Bus bus)) {
            return;
        }
        if (bus.command() == BusCommand.PING && bus.address() == 0) {
            for (Board b : boards.values()) {
                if (!b.silent && !b.ignoreNextPing) {
                    reply(b, new BusReply.BusPing(b.address));
                }
                b.ignoreNextPing = false;
            }
            return;
        }
        Board b = boards.get(bus.address());
        if (b == null || b.silent) {
            return;
        }
        switch (bus.command()) {
            case IGNORE_NEXT_BUS_PING -> {
                b.ignoreNextPing = true;
                reply(b, new BusReply.BusPing(b.address));
            }
            case SEND_CHANGES -> {
                b.lastSent = List.copyOf(b.pending);
                b.pending.clear();
                reply(b, new BusReply.BusChanges(b.address, false, new EeLog(b.lastSent)));
            }
            case REPEAT_CHANGES -> reply(b, new BusReply.BusChanges(b.address, false, new EeLog(b.lastSent)));
            case SEND_BRD -> reply(b, new BusReply.BusBoardDump(b.address, BoardMessage.BoardDump.of(b.fields, b.codes).codes()));
            case SEND_CLK -> reply(b, new BusReply.BusClock(b.address, new BoardMessage.ClockTimes(
                    new ClockFace(1, 30, 0, false, false, false), new ClockFace(1, 30, 0, false, false, false), 0x01)));
            default -> { }
        }
    }

    private void reply(Board b, BoardMessage m) {
        byte[] bytes = m.encode();
        if (b.corruptNext > 0) {
            b.corruptNext--;
            bytes[bytes.length - 1] ^= 0x01;
        }
        line.inject(bytes);
    }
}
