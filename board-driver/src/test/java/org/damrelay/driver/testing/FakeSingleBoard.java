package org.damrelay.driver.testing;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.clock.ManualClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.ClockFace;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.HostCommandDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.transport.MemoryChannel;

/** A minimal scripted board for tests: answers SEND_BRD, SEND_CLK and SERIALNR on an in-memory line. */
public final class FakeSingleBoard {
    public final List<HostCommand> received = new ArrayList<>();
    public volatile boolean silent;
    public final Sensed[] fields = StartPositionCheck.start(false);
    private final String serial;
    private final PieceCodes codes;
    private MemoryChannel line;

    public FakeSingleBoard(String serial, PieceCodes codes) {
        this.serial = serial;
        this.codes = codes;
    }

    /** A new line to this board (each reconnect gets a fresh one, as a replugged device would). */
    public MemoryChannel plugIn(String name, ManualClock clock) {
        HostCommandDecoder decoder = new HostCommandDecoder(this::answer);
        line = MemoryChannel.scripted(name, clock, decoder::feed);
        return line;
    }

    public MemoryChannel line() {
        return line;
    }

    public void send(BoardMessage m) {
        line.inject(m.encode());
    }

    private void answer(HostCommand c) {
        received.add(c);
        if (silent || !(c instanceof HostCommand.Single s)) {
            return;
        }
        switch (s.command()) {
            case SEND_BRD -> send(BoardMessage.BoardDump.of(fields, codes));
            case SEND_CLK -> send(new BoardMessage.ClockTimes(new ClockFace(1, 30, 0, false, false, false),
                    new ClockFace(1, 29, 0, false, false, false), 0x01));
            case SERIALNR -> send(new BoardMessage.SerialNumber(serial, false));
            default -> { }
        }
    }
}
