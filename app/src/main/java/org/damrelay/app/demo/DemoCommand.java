package org.damrelay.app.demo;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.damrelay.relay.cluster.LocalRedis;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code damrelay demo}: the whole system on one machine, ten emulated boards of a team match. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Starts a relay, ten emulated boards replaying corpus games through the serial path "
                + "(socat pseudo-terminals when socat is installed) and the driver, at an accelerated pace; "
                + "prints the viewer's addresses. Ctrl-C stops everything."})
public final class DemoCommand implements Callable<Integer> {

    enum Serial { auto, pty, memory }

    @Option(names = "--speed", defaultValue = "10", description = "the boards play X times faster than life (default ${DEFAULT-VALUE})")
    double speed;

    @Option(names = "--port", defaultValue = "8080", description = "the relay's port, 0 for any free one (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--boards", defaultValue = "10", description = "how many boards, 1-20 (default ${DEFAULT-VALUE})")
    int boards;

    @Option(names = "--serial", defaultValue = "auto",
            description = "pty (socat pseudo-terminals), memory (in-process lines) or auto: pty when socat exists (default)")
    Serial serial;

    @Option(names = "--corpus", description = "directory of PDN games to play instead of the bundled championship games")
    Path corpus;

    @Option(names = "--seed", defaultValue = "1", description = "noise seed (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--edges", defaultValue = "0",
            description = "0: one relay; 1-8: the relay becomes an origin, with redis-server (Debian's package) and this many edge relays on free ports for the spectators")
    int edges;

    @Option(names = "--seconds", defaultValue = "0", description = "stop by itself after this long (0: run until Ctrl-C)")
    long seconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (speed <= 0 || speed > 100) throw new CommandLine.ParameterException(spec.commandLine(), "--speed must be in (0, 100]");
        if (boards < 1 || boards > 20) throw new CommandLine.ParameterException(spec.commandLine(), "--boards must be 1-20");
        if (edges < 0 || edges > 8) throw new CommandLine.ParameterException(spec.commandLine(), "--edges must be 0-8");
        if (edges > 0 && LocalRedis.binary() == null) {
            spec.commandLine().getErr().println("damrelay demo: --edges needs " + LocalRedis.PACKAGE_HINT);
            return 2;
        }
        boolean ptys = switch (serial) {
            case pty -> {
                if (!Demo.socatAvailable()) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--serial pty needs socat (/usr/bin/socat)");
                }
                yield true;
            }
            case memory -> false;
            case auto -> Demo.socatAvailable();
        };
        Path work = Files.createTempDirectory("damrelay-demo");
        if (corpus != null && !Files.isDirectory(corpus)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--corpus: not a directory: " + corpus);
        }
        Demo demo = Demo.start(new Demo.Settings(port, boards, speed, ptys, corpus, work, seed, edges));
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            try {
                demo.close();
            } catch (Exception e) {
                System.err.println("demo: while stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }, "demo-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        String base = "http://localhost:" + demo.port();
        out.printf("damrelay demo: %d boards (%s), %sx speed, games from %s, files in %s%n", boards,
                ptys ? "socat pseudo-terminals" : "in-process serial lines", speed, DemoGames.describe(corpus), work);
        out.printf("  overview:  %s/?event=%s%n", base, Demo.EVENT);
        out.printf("  a game:    %s/game.html?game=%s%n", base, demo.gameIds().get(0));
        out.printf("  arbiter:   %s/arbiter.html?event=%s   token: %s%n", base, Demo.EVENT, demo.arbiterToken());
        out.printf("  (a move is taken back on %s: the arbiter console shows it)%n", demo.irregularGameId());
        List<Integer> edgePorts = demo.edgePorts();
        for (int i = 0; i < edgePorts.size(); i++) {
            out.printf("  edge %d:    http://localhost:%d/?event=%s   (spectators only, fed through Redis)%n", i + 1, edgePorts.get(i), Demo.EVENT);
        }
        out.println(seconds > 0 ? "stops by itself after " + seconds + " s" : "Ctrl-C stops everything.");
        out.flush();
        if (seconds > 0) {
            stopped.await(seconds, java.util.concurrent.TimeUnit.SECONDS);
            Runtime.getRuntime().removeShutdownHook(hook);
            hook.run();
        } else {
            stopped.await();
        }
        return 0;
    }
}
