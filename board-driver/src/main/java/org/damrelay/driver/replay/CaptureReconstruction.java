package org.damrelay.driver.replay;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.capture.CaptureFormatException;
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

    /**
     * Replays a capture file. A malformed line does not lose the game before it: everything up to
     * that line is replayed and the events delivered, then the {@link CaptureFormatException} naming
     * the line is thrown.
     */
    public static Reconstructor replay(Path capture, ReconstructConfig config, ArbiterListener listener) throws IOException {
        try {
            return replay(CaptureReader.read(capture), config, listener);
        } catch (CaptureFormatException bad) {
            List<String> lines = Files.readAllLines(capture, StandardCharsets.US_ASCII);
            String good = String.join("\n", lines.subList(0, Math.max(0, bad.lineNumber() - 1)));
            CaptureReader.Capture prefix;
            try {
                prefix = CaptureReader.read(new StringReader(good));
            } catch (CaptureFormatException none) {
                throw bad; // not even the header: nothing to replay
            }
            replay(prefix, config, listener);
            throw bad;
        }
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
