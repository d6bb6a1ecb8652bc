package org.damrelay.driver.dgt.transport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;

/** The two ways to name a board: by device path, or by serial number (device names change on replug). */
public final class Connectors {
    /** Opens one port by path. */
    @FunctionalInterface
    public interface PortOpener {
        SerialChannel open(String path) throws IOException;
    }

    private Connectors() {}

    public static Connector byPath(String devicePath) {
        return () -> JSerialCommChannel.open(devicePath);
    }

    /** Looks through the system's serial ports for the board with this serial number. */
    public static Connector bySerialNumber(String serial, DriverClock clock) {
        return bySerialNumber(serial, JSerialCommChannel::systemPorts, JSerialCommChannel::open, clock, Duration.ofMillis(1500));
    }

    /**
     * Opens each port in turn and asks SERIALNR and LONG_SERIALNR; the first whose answer matches
     * is kept open and returned, the others are closed. Either answer may match, so a board can be
     * named by its short or its long number. A port that does not answer in time is skipped.
     */
    public static Connector bySerialNumber(String serial, Supplier<List<String>> ports, PortOpener opener, DriverClock clock,
                                           Duration answerTimeout) {
        return () -> {
            List<String> tried = new ArrayList<>();
            for (String path : ports.get()) {
                SerialChannel c;
                try {
                    c = opener.open(path);
                } catch (IOException e) {
                    tried.add(path + " (" + e.getMessage() + ")");
                    continue;
                }
                String found = null;
                try {
                    found = askSerial(c, serial, clock, answerTimeout);
                } catch (IOException e) {
                    found = "error: " + e.getMessage();
                }
                if (serial.equals(found)) {
                    return c;
                }
                c.close();
                tried.add(path + " (" + (found == null ? "no answer" : found.startsWith("error") ? found : "serial " + found) + ")");
            }
            throw new IOException("no board with serial number " + serial + " on any serial port; tried: "
                    + (tried.isEmpty() ? "none found" : String.join(", ", tried)));
        };
    }

    /** The matching serial number if the board gave it, else the last one it gave, or null. */
    private static String askSerial(SerialChannel c, String wanted, DriverClock clock, Duration timeout) throws IOException {
        List<String> answers = new ArrayList<>();
        MessageDecoder decoder = new MessageDecoder(Framing.SINGLE_BOARD, (t, m) -> {
            if (m instanceof BoardMessage.SerialNumber s) {
                answers.add(s.value());
            }
        });
        c.write(Command.SERIALNR.encode());
        c.write(Command.LONG_SERIALNR.encode());
        byte[] buf = new byte[256];
        long start = clock.millis();
        while (clock.millis() - start < timeout.toMillis()) {
            int n = c.read(buf, 50);
            decoder.feed(clock.millis(), buf, 0, n);
            if (answers.contains(wanted) || answers.size() >= 2) {
                break;
            }
        }
        return answers.contains(wanted) ? wanted : answers.isEmpty() ? null : answers.get(answers.size() - 1);
    }
}
