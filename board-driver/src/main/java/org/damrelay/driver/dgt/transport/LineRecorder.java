package org.damrelay.driver.dgt.transport;

/** Hears every byte a line carries, both ways, and the link going up and down (a capture writer). */
public interface LineRecorder {
    LineRecorder NONE = new LineRecorder() {};

    default void received(long tMillis, byte[] bytes, int offset, int length) {}

    default void sent(long tMillis, byte[] bytes) {}

    default void linkUp(long tMillis, String lineName) {}

    default void linkDown(long tMillis, String reason) {}

    /** Called regularly; a writer flushes here if its last flush is old enough. */
    default void tick(long tMillis) {}
}
