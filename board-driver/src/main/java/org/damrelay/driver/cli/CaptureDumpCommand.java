package org.damrelay.driver.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.damrelay.driver.capture.CaptureFile;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureReplay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Replays a capture through the live decoding path and prints what the board(s) reported. */
@Command(name = "capture-dump", mixinStandardHelpOptions = true,
        description = "Replay a serial capture (dgt-capture v1) through the board driver and print every board report with its capture time.")
public final class CaptureDumpCommand implements Callable<Integer> {
    @Parameters(paramLabel = "CAPTURE", description = "The capture file.")
    Path file;

    @Mixin
    LineOptions line;

    @Spec
    CommandSpec spec;

    @Override public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaptureFile.Read read;
        try {
            read = CaptureFile.read(file);
        } catch (CaptureFile.Fault f) {
            err.println("capture-dump: " + f.getMessage());
            return f.exitCode();
        }
        CaptureReader.Capture capture = read.capture();
        capture.metadata().forEach((k, v) -> v.forEach(value -> out.println("# " + k + ": " + value)));
        if (capture.bus()) line.bus = true; // the live command records the line's mode
        try {
            CaptureReplay.play(capture.entries(), line.handler(out));
        } catch (IllegalArgumentException e) {
            err.println("capture-dump: " + e.getMessage());
            return CaptureFile.EXIT_BAD_CAPTURE;
        } finally {
            out.flush();
        }
        if (read.damage() != null) {
            err.println("capture-dump: " + CaptureFile.damaged(file, read.damage(), "printed what came before it"));
            return CaptureFile.EXIT_BAD_CAPTURE;
        }
        return 0;
    }
}
