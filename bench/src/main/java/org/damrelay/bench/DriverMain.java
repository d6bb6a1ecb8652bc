package org.damrelay.bench;

import java.io.IOException;
import org.damrelay.driver.cli.DriverCommand;
import picocli.CommandLine;

/**
 * The real driver in its own process, as {@code damrelay driver ARGS} runs it, until stdin closes
 * (the orchestrator ending, even abnormally, stops it too); the exit runs the command's own
 * shutdown, which closes the station.
 */
public final class DriverMain {

    public static void main(String[] args) {
        Thread eof = new Thread(() -> {
            try {
                while (System.in.read() >= 0) { /* wait for EOF */ }
            } catch (IOException e) {
                // orchestrator gone: stop
            }
            System.exit(0);
        }, "driver-stdin");
        eof.setDaemon(true);
        eof.start();
        System.exit(new CommandLine(new DriverCommand()).execute(args));
    }
}
