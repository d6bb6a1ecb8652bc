package org.damrelay.app.uplink;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.damrelay.driver.dgt.transport.Connector;
import org.damrelay.driver.dgt.transport.MemoryChannel;
import org.damrelay.driver.dgt.transport.SerialChannel;
import org.damrelay.driver.station.BoardSource;
import org.damrelay.emulator.speaker.LineOpener;

/**
 * An in-process cable whose host end a driver may close and a new driver open again while the
 * boards play on, as a restarted driver opens the same serial port: each connect is a fresh pipe,
 * and the boards' end always writes into the newest one.
 */
final class ReplugLine implements LineOpener, Connector {
    private final String name;
    private volatile MemoryChannel boardEnd;
    private int connections;
    private final AtomicLong toDriver = new AtomicLong();

    ReplugLine(String name) {
        this.name = name;
        this.boardEnd = MemoryChannel.pair(name + "#unplugged")[1];
    }

    BoardSource busSource(String prefix) {
        return new BoardSource.InProcessBus(name, prefix, this);
    }

    /** Bytes the boards have written towards the driver so far, over every connection. */
    long bytesToDriver() {
        return toDriver.get();
    }

    @Override
    public synchronized SerialChannel connect() {
        MemoryChannel[] ends = MemoryChannel.pair(name + "#" + ++connections);
        boardEnd = ends[1];
        return ends[0];
    }

    @Override
    public SerialChannel open(int generation) {
        return new SerialChannel() {
            @Override public int read(byte[] buffer, int timeoutMillis) throws IOException {
                return boardEnd.read(buffer, timeoutMillis);
            }

            @Override public void write(byte[] bytes) throws IOException {
                boardEnd.write(bytes);
                toDriver.addAndGet(bytes.length);
            }

            @Override public String name() {
                return name + "/boards";
            }

            @Override public void onDisconnect(Runnable listener) { }

            @Override public void close() { }
        };
    }
}
