package org.damrelay.driver.arbiter;

/** Receives a board's events in order, on the thread that feeds the board's observations. */
@FunctionalInterface
public interface ArbiterListener {
    void onEvent(ArbiterEvent event);
}
