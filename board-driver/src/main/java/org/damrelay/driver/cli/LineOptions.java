package org.damrelay.driver.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.damrelay.driver.dgt.bus.BusPoller;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.LineHandler;
import picocli.CommandLine.Option;

/** What both the live and the replay command need to know about a line. */
final class LineOptions {
    @Option(names = "--bus", description = "The line is a bus of boards (default: one board in single-board mode).")
    boolean bus;

    @Option(names = "--piece-codes", defaultValue = "standard", paramLabel = "standard|swapped",
            description = "Piece-code table: standard, or swapped for the older firmware (black man 0x07, white king 0x04). Default: ${DEFAULT-VALUE}.")
    String pieceCodes;

    PieceCodes table() {
        return switch (pieceCodes.toLowerCase(Locale.ROOT)) {
            case "standard" -> PieceCodes.standard();
            case "swapped" -> PieceCodes.swapped();
            default -> throw new IllegalArgumentException("--piece-codes must be standard or swapped, not '" + pieceCodes + "'");
        };
    }

    LineHandler handler(PrintWriter out) {
        if (bus) {
            BusPoller.Config d = BusPoller.Config.defaults();
            return new BusPoller(address -> new PrintingObserver(out, "board " + address + ": "),
                    new BusPoller.Config(table(), d.answerTimeout(), d.discoveryWindow(), d.pollInterval(), d.missesBeforeNotResponding(),
                            d.maxRepeats(), d.rediscoveryInterval(), d.lineSilence()),
                    (t, address, state) -> {
                        out.println("board " + address + ": " + t + " state " + state);
                        out.flush();
                    });
        }
        return new SingleBoardSession(new PrintingObserver(out, ""), SingleBoardSession.Config.defaults().withPieceCodes(table()));
    }
}
