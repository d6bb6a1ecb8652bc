package org.damrelay.relay.arbiter;

import org.damrelay.proto.NotationRequest;

/** Answers the arbiter's requests to issue or revoke a game's notation credential. Core thread. */
@FunctionalInterface
public interface NotationRequests {
    void handle(ArbiterSession session, String requestId, NotationRequest request);
}
