package org.damrelay.driver.capture;

import java.io.IOException;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.damrelay.driver.dgt.transport.LinkSupervisor;

/**
 * Plays a capture through a line's handler (the same single-board session or bus poller that runs
 * live) with the recorded times as the clock: no sleeping, so a game replays in milliseconds.
 * Recorded host commands are reported as sent; whatever the handler would send now goes nowhere.
 */
public final class CaptureReplay {
    private static final LineHandler.Sink NOWHERE = (t, bytes) -> {};

    private CaptureReplay() {}

    public static void play(Iterable<CaptureEntry> entries, LineHandler handler) {
        boolean connected = false;
        long lastT = 0;
        try {
            for (CaptureEntry e : entries) {
                long t = e.tMillis();
                if (connected) {
                    // live, the line is ticked after every read, at least every READ_TIMEOUT_MILLIS; tick the
                    // silent stretches the same way so settle windows close at the same times as they did live
                    for (long tick = lastT + LinkSupervisor.READ_TIMEOUT_MILLIS; tick < t; tick += LinkSupervisor.READ_TIMEOUT_MILLIS) {
                        handler.onTick(tick, NOWHERE);
                    }
                }
                lastT = t;
                if (e instanceof CaptureEntry.Link link) {
                    if (link.up() && !connected) {
                        handler.onConnected(t, NOWHERE);
                        connected = true;
                    } else if (!link.up() && connected) {
                        handler.onTick(t, NOWHERE);
                        handler.onDisconnected(t);
                        connected = false;
                    }
                    continue;
                }
                CaptureEntry.Bytes b = (CaptureEntry.Bytes) e;
                if (!connected) {
                    // a capture without link comments starts connected
                    handler.onConnected(t, NOWHERE);
                    connected = true;
                }
                byte[] bytes = b.bytes();
                if (b.direction() == CaptureEntry.Direction.FROM_BOARD) {
                    if (handler.nextDeadline() < t) {
                        handler.onTick(t, NOWHERE);
                    }
                    handler.onBytes(t, bytes, 0, bytes.length);
                    handler.onTick(t, NOWHERE);
                } else {
                    handler.onTick(t, NOWHERE);
                    handler.onSent(t, bytes);
                }
            }
        } catch (IOException impossible) {
            throw new AssertionError("the replay sink does not fail", impossible);
        }
    }
}
