package org.damrelay.relay.engine;

/** The engine process failed (would not start, died, hung, or broke the protocol); the message says how, in words. */
public final class EngineFailure extends Exception {
    public EngineFailure(String message) {
        super(message);
    }
}
