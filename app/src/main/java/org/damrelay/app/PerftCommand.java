package org.damrelay.app;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Perft;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Counts the leaf nodes of the legal-move tree: the standard check of the move generator. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = {"Counts the leaf nodes of the legal-move tree to DEPTH, printing each depth.",
                "The last line is the leaf count of DEPTH alone."})
public final class PerftCommand implements Callable<Integer> {
    static final int MAX_DEPTH = 15;

    @Spec
    CommandSpec spec;

    @Option(names = "--variant", defaultValue = "international", converter = VariantConverter.class,
            description = "international (default) or frisian")
    Variant variant;

    @Option(names = "--fen", description = "start position (default: the initial position)")
    String fen;

    @Option(names = "--divide", description = "also print the leaf count below each legal move at DEPTH")
    boolean divide;

    @Parameters(paramLabel = "DEPTH", description = "0-" + MAX_DEPTH)
    int depth;

    @Override
    public Integer call() {
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new CommandLine.ParameterException(spec.commandLine(), "DEPTH " + depth + " is outside 0-" + MAX_DEPTH);
        }
        Position start;
        try {
            start = fen == null ? Position.start() : Fen.parse(fen);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--fen: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(variant.name().toLowerCase() + " " + Fen.write(start));
        long leaves = 1;
        for (int d = 1; d <= depth; d++) {
            long t0 = System.nanoTime();
            leaves = Perft.count(variant.generator(), start, d);
            long ms = Math.max(1, (System.nanoTime() - t0) / 1_000_000);
            out.printf("depth %d: %d (%d ms)%n", d, leaves, ms);
        }
        if (divide && depth > 0) {
            for (Move m : variant.legalMoves(start)) {
                out.printf("%s %d%n", Notation.of(start, m, variant), Perft.count(variant.generator(), start.apply(m), depth - 1));
            }
        }
        out.println(leaves);
        out.flush();
        return 0;
    }
}
