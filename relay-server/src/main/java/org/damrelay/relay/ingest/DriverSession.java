package org.damrelay.relay.ingest;

import org.damrelay.proto.RelayFrame;

/** One authenticated driver connection, as the ingest logic sees it. */
public interface DriverSession {
    String eventId();

    String driverId();

    /** Sends a frame to the driver; safe from any thread. */
    void send(RelayFrame frame);
}
