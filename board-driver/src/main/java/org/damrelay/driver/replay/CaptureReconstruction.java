package org.damrelay.driver.replay;

import java.io.IOException;
import java.nio.file.Path;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.capture.CaptureEntry;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureReplay;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;

/**
 * Replays a single-board capture through the very decoding and reconstruction that run live,
 * with the recorded times as the clock, as fast as the machine goes.
 */
public final class CaptureReconstruction {
    private CaptureReconstruction() {}

    public static Reconstructor replay(Path capture, ReconstructConfig config, ArbiterListener listener) throws IOException {
        return replay(CaptureReader.read(capture), config, listener);
    }

    public static Reconstructor replay(CaptureReader.Capture capture, ReconstructConfig config, ArbiterListener listener) {
        Reconstructor reconstructor = new Reconstructor(config, listener);
        SingleBoardSession session = new SingleBoardSession(reconstructor, SingleBoardSession.Config.defaults());
        CaptureReplay.play(capture.entries(), session);
        long end = capture.entries().isEmpty() ? 0 : capture.entries().get(capture.entries().size() - 1).tMillis();
        // Let every window run out, as if the board had stayed as it was at the end.
        reconstructor.tick(end + config.heldMs() + config.irregularMs());
        return reconstructor;
    }
}
