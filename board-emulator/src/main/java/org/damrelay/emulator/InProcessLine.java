package org.damrelay.emulator;

import java.io.IOException;
import org.damrelay.driver.dgt.transport.Connector;
import org.damrelay.driver.dgt.transport.MemoryChannel;
import org.damrelay.driver.dgt.transport.SerialChannel;
import org.damrelay.driver.station.BoardSource;
import org.damrelay.emulator.speaker.LineOpener;

/**
 * A cable inside the process: the emulator's line pump plugs its end in ({@link LineOpener}),
 * the driver connects to the other ({@link Connector}). Pulling the cable (the emulator's
 * unplug) makes the driver's end report a disconnect, as a USB board pulled out does.
 */
public final class InProcessLine implements LineOpener, Connector {
    private final String name;
    private volatile MemoryChannel hostEnd;

    public InProcessLine(String name) {
        this.name = name;
    }

    /** The driver's view of this line, feeding the relay as {@code boardId}. */
    public BoardSource source(String boardId) {
        return new BoardSource.InProcess(name, boardId, this);
    }

    /** The driver's view of this line as a bus: the board at address N feeds the relay as {@code prefix + N}. */
    public BoardSource busSource(String prefix) {
        return new BoardSource.InProcessBus(name, prefix, this);
    }

    @Override
    public SerialChannel open(int generation) {
        MemoryChannel[] ends = MemoryChannel.pair(name + "#" + generation);
        hostEnd = ends[0];
        return ends[1];
    }

    @Override
    public void unplug() {
        MemoryChannel h = hostEnd;
        hostEnd = null;
        if (h != null) h.disconnect();
    }

    @Override
    public SerialChannel connect() throws IOException {
        MemoryChannel h = hostEnd;
        if (h == null || h.isClosed()) throw new IOException(name + ": no board plugged in");
        return h;
    }
}
