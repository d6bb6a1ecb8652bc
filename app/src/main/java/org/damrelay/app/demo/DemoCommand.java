package org.damrelay.app.demo;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.damrelay.relay.cluster.LocalRedis;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code damrelay demo}: the whole system on one machine, ten emulated boards of a team match. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Starts a relay, ten emulated boards replaying the bundled championship games through the serial "
                + "path (socat pseudo-terminals when socat is installed) and the driver, at an accelerated pace; "
                + "prints the viewer's addresses and a live status of the boards, and enters each game's result "
                + "when its board has played it. The full log goes to demo.log in the demo's folder. Ctrl-C stops everything."})
public final class DemoCommand implements Callable<Integer> {

    enum Serial { auto, pty, memory }

    @Option(names = "--speed", defaultValue = "10", description = "the boards play X times faster than life, up to 100 (default ${DEFAULT-VALUE})")
    double speed;

    @Option(names = "--host", defaultValue = Demo.Settings.LOOPBACK,
            description = "the address to listen on (default ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface)")
    String host;

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

    @Option(names = "--keep", description = "keep the demo's working folder (log, journal, captures) after it stops; "
            + "without it the folder is removed on exit")
    boolean keep;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!(speed > 0) || speed > 100) throw new CommandLine.ParameterException(spec.commandLine(), "--speed must be in (0, 100]");
        if (boards < 1 || boards > 20) throw new CommandLine.ParameterException(spec.commandLine(), "--boards must be 1-20");
        if (edges < 0 || edges > 8) throw new CommandLine.ParameterException(spec.commandLine(), "--edges must be 0-8");
        if (edges > 0 && LocalRedis.binary() == null) {
            err.println("damrelay demo: --edges needs " + LocalRedis.PACKAGE_HINT);
            return 2;
        }
        if (port < 0 || port > 65535) throw new CommandLine.ParameterException(spec.commandLine(), "--port must be 0-65535");
        if (corpus != null && !Files.isDirectory(corpus)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--corpus: not a directory: " + corpus);
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
        Path logFile = work.resolve("demo.log");
        logTo(logFile);
        // whatever a thread throws belongs in the log, not across the status on the terminal
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> LoggerFactory.getLogger(DemoCommand.class).error("thread {} failed", t.getName(), e));

        Demo demo;
        try {
            demo = Demo.start(new Demo.Settings(host, port, boards, speed, ptys, corpus, work, seed, edges));
        } catch (Exception e) {
            LoggerFactory.getLogger(DemoCommand.class).error("demo did not start", e);
            // a failed start keeps its folder whatever --keep says: the log is the only account of why
            err.println("damrelay demo: " + startFault(e) + " (details in " + logFile + ")");
            err.flush();
            return 1;
        }
        String base = demo.baseUrl();
        String overview = base + "/?event=" + Demo.EVENT + "&round=1";
        String arbiter = base + "/arbiter.html?event=" + Demo.EVENT + "&round=1";
        // the stop path is in place before the addresses are shown: a Ctrl-C right after them stops cleanly too
        List<String> footer = new ArrayList<>(List.of("overview: " + overview, "arbiter:  " + arbiter + "   token: " + demo.arbiterToken(),
                seconds > 0 ? "stops by itself after " + seconds + " s" : "Ctrl-C stops everything."));
        DemoMonitor monitor = new DemoMonitor(demo, out, System.console() != null, footer);
        CountDownLatch stopped = new CountDownLatch(1);
        Path removeOnStop = keep ? null : work;
        Thread hook = new Thread(() -> stop(demo, monitor, out, overview, removeOnStop, stopped), "demo-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        out.printf("damrelay demo: %d boards (%s), %sx speed, games from %s%n", boards,
                ptys ? "socat pseudo-terminals" : "in-process serial lines", speed, DemoGames.describe(corpus));
        out.printf("  overview:  %s%n", overview);
        out.printf("  a game:    %s/game.html?game=%s%n", base, demo.gameIds().get(0));
        out.printf("  arbiter:   %s   token: %s%n", arbiter, demo.arbiterToken());
        out.printf("  (a move is taken back on board %s: the arbiter console shows it)%n",
                demo.irregularGameId().substring(demo.irregularGameId().lastIndexOf('b') + 1));
        out.printf("  notated:   %s/game.html?game=%s   (a board without sensors, entered on a phone: docs/notation.md)%n",
                base, demo.notatedGameId());
        List<String> edgeUrls = demo.edgeUrls();
        for (int i = 0; i < edgeUrls.size(); i++) {
            out.printf("  edge %d:    %s/?event=%s&round=1   (spectators only, fed through Redis)%n", i + 1, edgeUrls.get(i), Demo.EVENT);
        }
        out.printf("  log:       %s%s%n", logFile, keep ? "" : "   (removed on exit; --keep keeps the folder)");
        out.println(seconds > 0 ? "stops by itself after " + seconds + " s" : "Ctrl-C stops everything.");
        out.flush();

        monitor.start();
        if (seconds > 0 && !stopped.await(seconds, TimeUnit.SECONDS)) {
            Runtime.getRuntime().removeShutdownHook(hook);
            hook.run();
        } else {
            stopped.await();
        }
        return 0;
    }

    /**
     * Stops the status, then the boards, the driver and the relay, then removes the working folder
     * (null: kept); says so in one line, never with a stack trace.
     */
    private static void stop(Demo demo, DemoMonitor monitor, PrintWriter out, String overview, Path removeOnStop, CountDownLatch stopped) {
        try {
            monitor.close();
            out.println();
            out.println("damrelay demo: stopping …");
            out.flush();
            demo.close();
            if (removeOnStop != null) {
                // the log file is closed first: Windows refuses to delete an open file
                if (LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx) ctx.stop();
                WorkFolder.delete(removeOnStop);
            }
            out.println("damrelay demo: stopped (it was at " + overview + ")");
        } catch (Exception | Error e) {
            LoggerFactory.getLogger(DemoCommand.class).warn("while stopping", e);
            out.println("damrelay demo: stopped, with an error while stopping: " + e.getMessage());
        } finally {
            out.flush();
            stopped.countDown();
        }
    }

    /** One line for what kept the demo from starting. */
    private String startFault(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            if (c instanceof BindException || m.contains("Address already in use")) {
                return "port " + port + " on " + host + " is in use (another demo or relay?); choose another with --port, or --port 0 for any free one";
            }
            if (m.contains("Cannot assign requested address") || c instanceof UnknownHostException) {
                return "cannot listen on " + host + ": not an address of this machine";
            }
            if (m.contains("Permission denied")) return "no permission to listen on port " + port + " (ports below 1024 need root)";
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** Every log line into the demo's folder, so the terminal keeps the status and the addresses. */
    private static void logTo(Path file) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx)) return;
        ctx.reset();
        ctx.putProperty("demoLog", file.toString());
        JoranConfigurator c = new JoranConfigurator();
        c.setContext(ctx);
        try {
            c.doConfigure(DemoCommand.class.getResource("logback-demo.xml"));
        } catch (JoranException e) {
            System.err.println("damrelay demo: logging not set up: " + e.getMessage());
        }
    }
}
