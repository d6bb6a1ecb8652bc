package org.damrelay.app.uplink;

import java.io.IOException;
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

    ReplugLine(String name) {
        this.name = name;
        this.boardEnd = MemoryChannel.pair(name + "#unplugged")[1];
    }

    BoardSource busSource(String prefix) {
        return new BoardSource.InProcessBus(name, prefix, this);
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
            }

            @Override public String name() {
                return name + "/boards";
            }

            @Override public void onDisconnect(Runnable listener) { }

            @Override public void close() { }
        };
    }
}
