package org.damrelay.driver.station;

import java.io.IOException;
import java.util.Collection;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.damrelay.driver.reconstruct.Reconstructor;

/**
 * A line handler that also lets the line's reconstructions know that time passed, on the line's
 * own thread: a move committed by its settle window (no clock press) must not wait for the next
 * byte from the board, which may be minutes away.
 */
final class TickingHandler implements LineHandler {
    private final LineHandler delegate;
    private final Collection<Reconstructor> reconstructors;

    TickingHandler(LineHandler delegate, Collection<Reconstructor> reconstructors) {
        this.delegate = delegate;
        this.reconstructors = reconstructors;
    }

    @Override public void onConnected(long t, Sink out) throws IOException { delegate.onConnected(t, out); }
    @Override public void onBytes(long t, byte[] b, int off, int len) { delegate.onBytes(t, b, off, len); }
    @Override public void onSent(long t, byte[] bytes) { delegate.onSent(t, bytes); }
    @Override public long nextDeadline() { return delegate.nextDeadline(); }
    @Override public boolean linkLost(long t) { return delegate.linkLost(t); }
    @Override public void onDisconnected(long t) { delegate.onDisconnected(t); }

    @Override
    public void onTick(long t, Sink out) throws IOException {
        delegate.onTick(t, out);
        for (Reconstructor r : reconstructors) r.tick(t);
    }
}
