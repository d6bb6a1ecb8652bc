package org.damrelay.relay.ingest;

import org.damrelay.proto.RelayFrame;
import org.damrelay.relay.config.TokenStore;

/** One authenticated driver connection, as the ingest logic sees it. */
public interface DriverSession {
    String eventId();

    String driverId();

    /** The token it authenticated with: its name is {@link #driverId()}. */
    TokenStore.Identity identity();

    /** Closes the session with a WebSocket close code; safe from any thread. */
    void close(int code, String reason);

    /** Sends a frame to the driver; safe from any thread. */
    void send(RelayFrame frame);
}
