package org.damrelay.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.damrelay.driver.arbiter.EventJson;
import org.damrelay.driver.capture.CaptureFile;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.replay.CaptureReconstruction;
import org.damrelay.driver.replay.ReconstructedPdn;
import org.damrelay.driver.uplink.WirePlies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code damrelay replay CAPTURE}: the events of a recorded line, one JSON object per line. Bad
 * input is one line on stderr and exit 2 ({@link CaptureFile} says what is wrong with a capture, as
 * for {@code capture-dump}); what was read before the damage is still replayed and its PDN written.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replays a serial capture through decoding and move reconstruction, using the recorded times as the clock.",
                "Prints every event (moves and arbiter alerts) as one JSON object per line on stdout;",
                "a bus capture replays every board (each line has its \"board\" address), or only --board N."})
public final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "the capture file (dgt-capture v1)")
    Path capture;

    @Mixin
    SettingsOptions settings;

    @Option(names = "--board", paramLabel = "N", description = "of a bus capture, replay only the board at this address")
    Integer board;

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
        PrintWriter out = spec.commandLine().getOut();
        ReconstructConfig config;
        try {
            config = settings.reconstructConfig().withSettleMs(settleMs);
            if (orientation != null) config = config.withOrientation(Orientation.parse(orientation));
            if (whiteClock != null) config = config.withWhiteOnRight(side(whiteClock));
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        CaptureFile.Read read;
        try {
            read = CaptureFile.read(capture);
        } catch (CaptureFile.Fault f) {
            return fail(f);
        }

        boolean bus = read.capture().bus();
        if (board != null && !bus) return fail("--board is for bus captures; " + capture + " is a single-board capture");
        EventJson json = new EventJson(config.variant());
        ReconstructConfig replayed = config;
        CaptureReconstruction.Line line;
        try {
            line = CaptureReconstruction.replayLine(read.capture(), bus, config, address -> {
                // plies numbered as in the PDN (and on the wire): from the start position, or a joined game's first move
                WirePlies plies = new WirePlies(replayed.start());
                return e -> {
                    int ply = plies.number(e);
                    if (board != null && board != address) return;
                    var node = json.toNode(e, ply);
                    if (bus) node.put("board", address);
                    out.println(node);
                };
            });
        } catch (RuntimeException e) {
            // a decoder fault on hostile bytes must not end in a stack trace; what was printed stays
            out.flush();
            return fail(capture + ": replay stopped: " + e);
        } finally {
            out.flush();
        }
        if (pdn != null) {
            StringBuilder text = new StringBuilder();
            line.boards().forEach((address, r) -> {
                if (board != null && board != address) return;
                Map<String, String> tags = new LinkedHashMap<>();
                tags.put("Event", "replay of " + capture.getFileName());
                if (bus) tags.put("Board", String.valueOf(address));
                if (replayed.timeControl() != null) tags.put("TimeControl", replayed.timeControl().tag());
                for (var g : r.finishedGames()) text.append(ReconstructedPdn.write(g, tags));
                text.append(ReconstructedPdn.write(r.game(), tags));
            });
            try {
                Files.writeString(pdn, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return fail("cannot write " + pdn + ": " + e.getMessage());
            }
        }
        if (read.damage() != null) {
            return fail(CaptureFile.damaged(capture, read.damage(), "replayed what came before it" + (pdn != null ? ", and wrote its PDN" : "")));
        }
        if (board != null && !line.boards().containsKey(board)) return fail("no board at address " + board + " in " + capture);
        return 0;
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("replay: " + message);
        return CaptureFile.EXIT_BAD_CAPTURE;
    }

    private int fail(CaptureFile.Fault f) {
        fail(f.getMessage());
        return f.exitCode();
    }

    private static boolean side(String s) {
        return switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "right" -> true;
            case "left" -> false;
            default -> throw new IllegalArgumentException("--white-clock is left or right, not \"" + s + "\"");
        };
    }
}
