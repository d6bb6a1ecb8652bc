package org.damrelay.driver.dgt.transport;

import java.io.IOException;

/** Opens the line again on every (re)connect: a fixed device path, or a board found by its serial number. */
@FunctionalInterface
public interface Connector {
    SerialChannel connect() throws IOException;
}
