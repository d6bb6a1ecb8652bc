package org.damrelay.driver.reconstruct;

/**
 * The three windows that run out on the capture clock (settle, irregular, press grace), each the
 * moment it runs out or {@link #NEVER}. They only decide when the board is looked at again; the
 * reconstruction's state machine runs them out in order, the parts close the ones their outcome
 * makes moot.
 */
final class Windows {
    static final long NEVER = Long.MAX_VALUE;

    long settle = NEVER, irregular = NEVER, press = NEVER;

    long next() {
        return Math.min(press, Math.min(settle, irregular));
    }

    void clear() {
        settle = irregular = press = NEVER;
    }
}
