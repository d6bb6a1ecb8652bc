package org.damrelay.driver.station;

import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.transport.Connector;
import org.damrelay.driver.dgt.transport.Connectors;

/**
 * Where a line of boards comes from, and what the relay calls its boards (the pairings' source
 * board): a single board on a device, a single board found by its serial number wherever it is
 * plugged in, a bus of boards on one device, or an in-process line (an emulator) for tests and demos.
 */
public sealed interface BoardSource {

    /** Opens the line on every (re)connect. */
    Connector connector();

    /** A name for logs and capture files. */
    String lineName();

    /** True when the line is a bus (boards by address), false for one board in single-board mode. */
    boolean bus();

    /** The relay's board id of the board at {@code address} (single-board lines: address 0). */
    String boardId(int address);

    /** One board on {@code device}, called {@code boardId} towards the relay. */
    record Port(String device, String boardId) implements BoardSource {
        public Port {
            requireText(device, "device");
            requireText(boardId, "board id");
        }

        /** {@code DEVICE[=BOARD]}; without a board id the device's file name is used (ttyACM0). */
        public static Port parse(String spec) {
            int eq = spec.indexOf('=');
            String device = eq < 0 ? spec : spec.substring(0, eq);
            String board = eq < 0 ? device.replaceAll("^.*/", "") : spec.substring(eq + 1);
            return new Port(device, board);
        }

        @Override public Connector connector() { return Connectors.byPath(device); }
        @Override public String lineName() { return device; }
        @Override public boolean bus() { return false; }
        @Override public String boardId(int address) { return boardId; }
    }

    /** One board found by its serial number on whichever port it appears; the serial is its board id. */
    record Serial(String serialNumber) implements BoardSource {
        public Serial {
            requireText(serialNumber, "serial number");
        }

        @Override public Connector connector() { return Connectors.bySerialNumber(serialNumber, DriverClock.system()); }
        @Override public String lineName() { return serialNumber; }
        @Override public boolean bus() { return false; }
        @Override public String boardId(int address) { return serialNumber; }
    }

    /**
     * A bus on {@code device}; the board at address N is called {@code prefix + N} (spec
     * {@code DEVICE[=PREFIX]}, default prefix empty: the bare address).
     */
    record Bus(String device, String prefix) implements BoardSource {
        public Bus {
            requireText(device, "device");
            if (prefix == null) prefix = "";
        }

        public static Bus parse(String spec) {
            int eq = spec.indexOf('=');
            return eq < 0 ? new Bus(spec, "") : new Bus(spec.substring(0, eq), spec.substring(eq + 1));
        }

        @Override public Connector connector() { return Connectors.byPath(device); }
        @Override public String lineName() { return device; }
        @Override public boolean bus() { return true; }
        @Override public String boardId(int address) { return prefix + address; }
    }

    /** An in-process single-board line, e.g. the emulator on a {@code MemoryChannel}. */
    record InProcess(String lineName, String boardId, Connector connector) implements BoardSource {
        public InProcess {
            requireText(lineName, "line name");
            requireText(boardId, "board id");
        }

        @Override public boolean bus() { return false; }
        @Override public String boardId(int address) { return boardId; }
    }

    /** An in-process bus line (the emulator's bus of boards); the board at address N is {@code prefix + N}. */
    record InProcessBus(String lineName, String prefix, Connector connector) implements BoardSource {
        public InProcessBus {
            requireText(lineName, "line name");
            if (prefix == null) prefix = "";
        }

        @Override public boolean bus() { return true; }
        @Override public String boardId(int address) { return prefix + address; }
    }

    private static void requireText(String s, String what) {
        if (s == null || s.isBlank()) throw new IllegalArgumentException(what + " is empty");
    }
}
