package org.damrelay.driver.dgt.transport;

import java.io.IOException;

/** A byte line to a board (or a bus of boards): a serial port, or an in-memory pipe in tests. */
public interface SerialChannel extends AutoCloseable {
    /**
     * Reads what has arrived, waiting at most the timeout for the first byte.
     *
     * @return the number of bytes read, 0 when the timeout passed without any
     * @throws IOException when the link is dead (unplugged, closed, I/O error)
     */
    int read(byte[] buffer, int timeoutMillis) throws IOException;

    void write(byte[] bytes) throws IOException;

    /** The device path or another name a person can recognise. */
    String name();

    /** Called (on any thread) when the line reports it is gone, e.g. the USB device was unplugged. */
    void onDisconnect(Runnable listener);

    @Override void close();
}
