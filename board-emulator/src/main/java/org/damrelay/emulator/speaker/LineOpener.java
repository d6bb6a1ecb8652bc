package org.damrelay.emulator.speaker;

import java.io.IOException;
import org.damrelay.driver.dgt.transport.SerialChannel;

/** Opens the emulator's end of the line; generation counts replugs (0 first), so a replug can get a new name. */
@FunctionalInterface
public interface LineOpener {
    SerialChannel open(int generation) throws IOException;

    /** Closes whatever makes the line exist (a pty pair), after the channel itself is closed. */
    default void unplug() {}
}
