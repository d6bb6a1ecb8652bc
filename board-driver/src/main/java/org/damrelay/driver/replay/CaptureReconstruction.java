package org.damrelay.driver.replay;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.damrelay.driver.arbiter.ArbiterListener;
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
