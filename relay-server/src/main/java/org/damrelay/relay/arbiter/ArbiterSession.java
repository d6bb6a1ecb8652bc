package org.damrelay.relay.arbiter;

import org.damrelay.proto.ArbiterMessage;
import org.damrelay.relay.config.TokenStore;

/** An authenticated arbiter connection. */
public interface ArbiterSession {
    String eventId();

    /** The arbiter's name: its token's name in the config, never what the client claims (the audit log's "by"). */
    String arbiter();

    /** The token it authenticated with. */
    TokenStore.Identity identity();

    /** Closes the connection with a close code (a no-op for a one-request HTTP session). */
    default void close(int code, String reason) { }

    /** Any thread. */
    void send(ArbiterMessage message);
}
