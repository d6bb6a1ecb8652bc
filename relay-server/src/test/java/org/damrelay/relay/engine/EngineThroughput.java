package org.damrelay.relay.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.relay.config.EngineConfig;
import org.damrelay.relay.it.Plays;

/**
 * What one engine costs (docs/engine.md): positions per second at a budget, through the relay's own
 * Hub client, over the positions of a few deterministic games. Not a test: run it by hand.
 * <pre>
 * java -cp ... org.damrelay.relay.engine.EngineThroughput &lt;seconds per position&gt; &lt;positions&gt; stand-in|&lt;engine&gt; [args...]
 * </pre>
 */
public final class EngineThroughput {

    public static void main(String[] a) throws Exception {
        if (a.length < 3) {
            System.err.println("usage: EngineThroughput <seconds per position> <positions> stand-in|<engine executable> [engine args...]");
            System.exit(2);
        }
        double budget = Double.parseDouble(a[0]);
        int count = Integer.parseInt(a[1]);
        EngineConfig config = a[2].equals("stand-in") ? StandInEngine.config(budget, 30)
                : new EngineConfig(a[2], Arrays.asList(a).subList(3, a.length), budget, 0, 30, 60, Map.of());
        List<String> positions = new ArrayList<>();
        for (int salt = 0; positions.size() < count; salt++) {
            Position p = Position.start();
            for (Move m : Plays.line(60, salt)) {
                p = p.apply(m);
                if (!org.damrelay.draughts.rules.Variant.INTERNATIONAL.legalMoves(p).isEmpty()) positions.add(HubBoard.position(p));
                if (positions.size() == count) break;
            }
        }
        long t0 = System.nanoTime();
        try (EngineProcess e = EngineProcess.start(config, Path.of(config.path()), "normal")) {
            long started = System.nanoTime();
            int scored = 0;
            for (String pos : positions) if (e.analyse(pos) != null) scored++;
            double s = (System.nanoTime() - started) / 1e9;
            System.out.printf("%s, budget %s: start %.2f s; %d positions (%d with a score) in %.2f s = %.2f positions/s, %.0f ms over the budget per position%n",
                    e.identity().name(), config.budget(), (started - t0) / 1e9, positions.size(), scored, s, positions.size() / s,
                    (s / positions.size() - budget) * 1000);
        }
    }
}
