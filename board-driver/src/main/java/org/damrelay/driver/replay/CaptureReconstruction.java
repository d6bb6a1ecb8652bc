package org.damrelay.driver.replay;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.capture.CaptureFormatException;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureReplay;
import org.damrelay.driver.dgt.bus.BusListener;
import org.damrelay.driver.dgt.bus.BusPoller;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;

/**
 * Replays a capture through the very decoding and reconstruction that run live, with the
 * recorded times as the clock, as fast as the machine goes: a single board, or every board of a
 * bus line (one reconstruction per address).
 */
public final class CaptureReconstruction {
    private CaptureReconstruction() {}

    /** The boards of one replayed line, by bus address (0 for a single board). */
    public record Line(Map<Integer, Reconstructor> boards) {}

    /** A bus line's capture: the metadata the driver and {@code board --bus} write. */
    public static boolean isBus(CaptureReader.Capture capture) {
        return capture.metadata().getOrDefault("mode", List.of()).contains("bus");
    }

    /**
     * Reads a capture file. A malformed or truncated capture does not lose the game before the
     * damage: the capture up to the last good line is returned with the error, which the caller
     * reports after replaying what was read.
     */
    public static Read read(Path capture) throws IOException {
        try {
            return new Read(CaptureReader.read(capture), null);
        } catch (CaptureFormatException bad) {
            List<String> lines = Files.readAllLines(capture, StandardCharsets.ISO_8859_1);
            String good = String.join("\n", lines.subList(0, Math.max(0, Math.min(lines.size(), bad.lineNumber() - 1))));
            try {
                return new Read(CaptureReader.read(new StringReader(good)), bad);
            } catch (CaptureFormatException none) {
                throw bad; // not even the header: nothing to replay
            }
        }
    }

    /** What was read, and the damage that stopped reading (null when the whole capture was good). */
    public record Read(CaptureReader.Capture capture, CaptureFormatException damage) {}

    /**
     * Replays a single-board capture file. A malformed line does not lose the game before it:
     * everything up to that line is replayed and the events delivered, then the
     * {@link CaptureFormatException} naming the line is thrown.
     */
    public static Reconstructor replay(Path capture, ReconstructConfig config, ArbiterListener listener) throws IOException {
        Read read = read(capture);
        Reconstructor r = replay(read.capture(), config, listener);
        if (read.damage() != null) throw read.damage();
        return r;
    }

    public static Reconstructor replay(CaptureReader.Capture capture, ReconstructConfig config, ArbiterListener listener) {
        return replayLine(capture, false, config, address -> listener).boards().get(0);
    }

    /**
     * Replays a capture as a single board or as a bus line; every board reconstructs with the same
     * settings and tells its events to the listener made for its address.
     */
    public static Line replayLine(CaptureReader.Capture capture, boolean bus, ReconstructConfig config,
            IntFunction<ArbiterListener> listeners) {
        Map<Integer, Reconstructor> boards = new TreeMap<>();
        IntFunction<Reconstructor> board = a -> boards.computeIfAbsent(a, x -> new Reconstructor(config, listeners.apply(x)));
        if (bus) {
            CaptureReplay.play(capture.entries(), new BusPoller(board::apply, BusPoller.Config.defaults(), BusListener.NONE));
        } else {
            CaptureReplay.play(capture.entries(), new SingleBoardSession(board.apply(0), SingleBoardSession.Config.defaults()));
        }
        long end = capture.entries().isEmpty() ? 0 : capture.entries().get(capture.entries().size() - 1).tMillis();
        // Let every window run out, as if the boards had stayed as they were at the end.
        for (Reconstructor r : boards.values()) r.tick(end + config.heldMs() + config.irregularMs());
        return new Line(boards);
    }
}
