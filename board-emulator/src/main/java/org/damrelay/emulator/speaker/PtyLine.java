package org.damrelay.emulator.speaker;

import java.io.IOException;
import java.nio.file.Path;
import org.damrelay.driver.dgt.transport.JSerialCommChannel;
import org.damrelay.driver.dgt.transport.SerialChannel;

/**
 * The emulator's line as a socat pseudo-terminal pair: the host opens {@code <link>} the first
 * time, and after each replug {@code <link>.1}, {@code <link>.2}, ... as a replugged USB board gets
 * a new device name.
 */
public final class PtyLine implements LineOpener {
    private final Path link;
    private PtyPair current;

    public PtyLine(Path link) {
        this.link = link;
    }

    /** The host's device path for a generation. */
    public Path hostLink(int generation) {
        return generation == 0 ? link : link.resolveSibling(link.getFileName() + "." + generation);
    }

    @Override
    public SerialChannel open(int generation) throws IOException {
        current = PtyPair.open(hostLink(generation));
        try {
            return JSerialCommChannel.open(current.boardLink().toString());
        } catch (IOException e) {
            unplug();
            throw e;
        }
    }

    @Override
    public void unplug() {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
