package org.damrelay.driver.station;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.transport.Connector;
import org.damrelay.driver.dgt.transport.JSerialCommChannel;
import org.damrelay.driver.dgt.transport.SerialChannel;

/**
 * Finds a board by its serial number: asks each serial port in turn (LONG_SERIALNR) and keeps
 * the one that answers with it, so a board replugged into another USB socket is found again.
 */
final class SerialFinder implements Connector {
    private static final long ANSWER_NANOS = 1_000_000_000L;

    private final String serial;

    SerialFinder(String serial) {
        this.serial = serial;
    }

    @Override
    public SerialChannel connect() throws IOException {
        List<String> seen = new ArrayList<>();
        for (String port : JSerialCommChannel.systemPorts()) {
            SerialChannel c;
            try {
                c = JSerialCommChannel.open(port);
            } catch (IOException e) {
                continue; // in use or gone: not ours to take
            }
            String answer = ask(c);
            if (serial.equals(answer)) return c;
            c.close();
            seen.add(port + (answer == null ? " (no answer)" : " (" + answer + ")"));
        }
        throw new IOException("no board with serial number " + serial + " on " + (seen.isEmpty() ? "any port" : seen));
    }

    private static String ask(SerialChannel c) {
        String[] found = {null};
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, (t, m) -> {
            if (m instanceof BoardMessage.SerialNumber s) found[0] = s.value();
        });
        byte[] buf = new byte[64];
        try {
            c.write(Command.LONG_SERIALNR.encode());
            long deadline = System.nanoTime() + ANSWER_NANOS;
            while (found[0] == null && System.nanoTime() < deadline) {
                int n = c.read(buf, 50);
                if (n > 0) d.feed(0, java.util.Arrays.copyOf(buf, n));
            }
        } catch (IOException e) {
            return null;
        }
        return found[0];
    }
}
