package org.damrelay.relay.notation;

import java.net.InetAddress;
import org.damrelay.proto.DeviceMessage;

/** One notation device's connection, as the notation logic sees it. */
interface DeviceSession {
    /** The game this device was admitted to, null before its hello was accepted. */
    String gameId();

    /** Admits the device to one game: every later request of it concerns that game only. */
    void admit(String eventId, String gameId);

    String eventId();

    /** Any thread. */
    void send(DeviceMessage message);

    /** Closes with a code and a reason the page shows. Any thread. */
    void close(int code, String reason);

    /** Its client's address (failed credentials are counted and slowed per address). */
    InetAddress address();

    /** A refused credential: nothing more is read, and the close comes after {@code delayMillis}. Any thread. */
    void refuseAfter(long delayMillis, int code, String reason);
}
