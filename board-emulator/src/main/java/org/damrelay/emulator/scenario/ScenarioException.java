package org.damrelay.emulator.scenario;

/** A scenario line that cannot be read or played; the message names the line. */
public final class ScenarioException extends RuntimeException {
    private final int line;

    public ScenarioException(int line, String message) {
        super("scenario line " + line + ": " + message);
        this.line = line;
    }

    public int line() {
        return line;
    }
}
