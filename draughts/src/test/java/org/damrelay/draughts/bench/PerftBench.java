package org.damrelay.draughts.bench;

import java.util.concurrent.TimeUnit;
import org.damrelay.draughts.rules.MoveGenerator;
import org.damrelay.draughts.rules.Perft;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Move generation speed: perft from the start position, every legal move generated and played
 * to the given depth. Not a unit test (the name keeps surefire away); run it as documented in
 * docs/benchmarks.md. Prints the leaf count so a fast but wrong generator cannot pass unnoticed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(1)
public class PerftBench {

    @Param({"INTERNATIONAL"})
    public Variant variant;

    @Param({"7"})
    public int depth;

    private MoveGenerator generator;
    private long nodes;

    @Setup(Level.Trial)
    public void setUp() {
        generator = variant.generator();
    }

    @Benchmark
    public long perftFromStart() {
        nodes = Perft.count(generator, Position.start(), depth);
        return nodes;
    }

    @TearDown(Level.Trial)
    public void printNodes() {
        System.out.printf("%n%s perft %d from the start: %d leaf nodes%n", variant, depth, nodes);
    }
}
