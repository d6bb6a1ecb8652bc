package org.damrelay.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.Connector;
import org.damrelay.driver.dgt.transport.Connectors;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Reads a live board (or bus) and prints what it reports, recording every byte; for setting up
 * boards in the hall and checking them before the round. Runs until interrupted.
 */
@Command(name = "board", mixinStandardHelpOptions = true,
        description = "Read a live board or bus over serial, print every report, and record the line to a capture file.")
public final class BoardCommand implements Callable<Integer> {
    static final class Target {
        @Option(names = "--port", paramLabel = "DEVICE", description = "Serial device, e.g. /dev/ttyACM0.")
        String port;

        @Option(names = "--serial", paramLabel = "NUMBER", description = "Find the board by its serial number among the serial ports (single-board mode).")
        String serial;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Mixin
    LineOptions line;

    @Option(names = "--capture-dir", defaultValue = "captures", description = "Where capture files go, one per session. Default: ${DEFAULT-VALUE}.")
    Path captureDir;

    @Option(names = "--no-capture", description = "Do not record the line (not for tournament use).")
    boolean noCapture;

    @Spec
    CommandSpec spec;

    @Override public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (target.serial != null && line.bus) {
            spec.commandLine().getErr().println("--serial names one board; a bus is named by its --port");
            return 2;
        }
        DriverClock clock = DriverClock.system();
        String name = target.port != null ? target.port : "serial-" + target.serial;
        Connector connector = target.port != null ? Connectors.byPath(target.port) : Connectors.bySerialNumber(target.serial, clock);
        LineHandler handler = line.handler(out);
        CaptureWriter capture = noCapture ? null : CaptureWriter.newSession(captureDir, name, ZonedDateTime.now());
        if (capture != null) {
            capture.mode(line.bus);
            capture.metadata("piece-codes", line.pieceCodes);
            out.println("# recording to " + capture.path());
            if (handler instanceof SingleBoardSession s) {
                s.onSerialNumber(serial -> capture.metadata("board", "serial " + serial));
            }
        }
        LinkSupervisor supervisor = new LinkSupervisor(connector, handler, clock, Backoff.standard(),
                capture == null ? LineRecorder.NONE : capture);
        // on Ctrl-C: stop reading, and let the capture be closed before the JVM goes
        CountDownLatch closed = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            supervisor.stop();
            try {
                closed.await(3, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "board-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            supervisor.run();
        } finally {
            if (capture != null) {
                capture.close();
            }
            closed.countDown();
        }
        return 0;
    }
}
