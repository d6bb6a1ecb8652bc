package org.damrelay.relay.arbiter;

import org.damrelay.proto.ArbiterMessage;

/** An authenticated arbiter connection. */
public interface ArbiterSession {
    String eventId();

    String arbiter();

    /** Any thread. */
    void send(ArbiterMessage message);
}
