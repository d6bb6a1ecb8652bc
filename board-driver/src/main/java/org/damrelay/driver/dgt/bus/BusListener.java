package org.damrelay.driver.dgt.bus;

/** Told when a board on the bus is found, stops answering, or comes back. */
@FunctionalInterface
public interface BusListener {
    BusListener NONE = (t, address, state) -> {};

    void onBoardState(long tMillis, int address, BoardState state);
}
