package org.damrelay.driver.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.EventJson;
import org.damrelay.driver.capture.CaptureFormatException;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.driver.replay.CaptureReconstruction;
import org.damrelay.driver.replay.ReconstructedPdn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code damrelay replay CAPTURE}: the events of a recorded board, one JSON object per line. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replays a serial capture through decoding and move reconstruction, using the recorded times as the clock.",
                "Prints every event (moves and arbiter alerts) as one JSON object per line on stdout."})
public final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "the capture file (dgt-capture v1)")
    Path capture;

    @Option(names = "--variant", defaultValue = "international", description = "international or frisian (or GameType 20, 40); default ${DEFAULT-VALUE}")
    String variant;

    @Option(names = "--start-fen", paramLabel = "FEN", description = "the position the game starts from (adjourned game, problem)")
    String startFen;

    @Option(names = "--pdn", paramLabel = "OUT.pdn", description = "also write the reconstructed game as PDN")
    Path pdn;

    @Option(names = "--orientation", description = "normal, turned, mirrored or mirrored_turned; default: detected from the starting position")
    String orientation;

    @Option(names = "--white-clock", description = "left or right: the clock side of white; default: learned from the first press")
    String whiteClock;

    @Option(names = "--settle-ms", defaultValue = "450", description = "ms the board must be still before a move is committed without a press; default ${DEFAULT-VALUE}")
    long settleMs;

    @Override
    public Integer call() throws Exception {
        Variant v;
        ReconstructConfig config;
        try {
            v = Variant.parse(variant);
            Position start = startFen == null ? Position.start() : Fen.parse(startFen);
            config = ReconstructConfig.defaults(v).withStart(start).withSettleMs(settleMs);
            if (orientation != null) config = config.withOrientation(Orientation.parse(orientation));
            if (whiteClock != null) config = config.withWhiteOnRight(side(whiteClock));
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("replay: " + e.getMessage());
            return 2;
        }

        EventJson json = new EventJson(v);
        PrintWriter out = spec.commandLine().getOut();
        Reconstructor r;
        try {
            r = CaptureReconstruction.replay(capture, config, e -> out.println(json.toLine(e)));
        } catch (CaptureFormatException e) {
            out.flush();
            spec.commandLine().getErr().println("replay: " + capture + ": " + e.getMessage());
            return 2;
        } catch (java.nio.file.NoSuchFileException e) {
            spec.commandLine().getErr().println("replay: no such capture file: " + capture);
            return 2;
        } finally {
            out.flush();
        }
        if (pdn != null) {
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("Event", "replay of " + capture.getFileName());
            try {
                StringBuilder text = new StringBuilder();
                for (var g : r.finishedGames()) text.append(ReconstructedPdn.write(g, tags));
                text.append(ReconstructedPdn.write(r.game(), tags));
                Files.writeString(pdn, text, StandardCharsets.UTF_8);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return 0;
    }

    private static boolean side(String s) {
        return switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "right" -> true;
            case "left" -> false;
            default -> throw new IllegalArgumentException("--white-clock is left or right, not \"" + s + "\"");
        };
    }
}
