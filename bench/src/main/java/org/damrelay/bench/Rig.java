package org.damrelay.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.HdrHistogram.Histogram;
import org.damrelay.bench.baseline.BaselineMain;
import org.damrelay.bench.load.IngestLoad;
import org.damrelay.bench.load.Lines;
import org.damrelay.bench.load.SlowMoves;
import org.damrelay.draughts.rules.Move;
import org.damrelay.relay.cluster.LocalRedis;
import org.damrelay.relay.config.Tokens;

/**
 * What every scenario runs on: a relay JVM on core 0 with one event of {@code games} boards fed
 * by one driver, spectator-generator JVMs on core 1 (each under the per-process file limit, each
 * on its own 127.0.0.x source addresses), and the ingest load in this JVM.
 */
final class Rig implements AutoCloseable {

    /** The benchmark cluster's credential between origin and edges: new each run. */
    private static final String CLUSTER_TOKEN = java.util.UUID.randomUUID().toString();


    static final String EVENT = "bench", DRIVER = "load", TOKEN = "bench-driver-token";

    /**
     * @param perGame    spectators per game (each watches one game)
     * @param slowEvery  every slowEvery-th spectator can be stalled (0 = none)
     * @param syntheticIngest whether this JVM feeds legal moves itself ({@link #ingest}); false when a
     *                   real driver does
     * @param edges      0: one relay; more: that relay is an origin, with a local redis-server and this
     *                   many edge relays (each a JVM), and generator g's spectators go to edge g mod edges
     * @param warmUpBoards boards of the same round that no spectator watches, for {@link IngestLoad#warmUp}
     */
    record Setup(int games, int perGame, int generators, int slowEvery, int inFlight, int addressesPerGenerator,
                 int maxPlies, List<String> relayJvm, Path workDir, boolean syntheticIngest, int edges, int warmUpBoards) {
        Setup(int games, int perGame, int generators, int slowEvery, int inFlight, int addressesPerGenerator,
              int maxPlies, List<String> relayJvm, Path workDir, boolean syntheticIngest, int edges) {
            this(games, perGame, generators, slowEvery, inFlight, addressesPerGenerator, maxPlies, relayJvm, workDir, syntheticIngest, edges, 0);
        }

        Setup(int games, int perGame, int generators, int slowEvery, int inFlight, int addressesPerGenerator,
              int maxPlies, List<String> relayJvm, Path workDir, boolean syntheticIngest) {
            this(games, perGame, generators, slowEvery, inFlight, addressesPerGenerator, maxPlies, relayJvm, workDir, syntheticIngest, 0);
        }

        int spectators() { return games * perGame; }

        /** The same load on one relay, in its own directory. */
        Setup single(Path dir) {
            return new Setup(games, perGame, generators, slowEvery, inFlight, addressesPerGenerator, maxPlies, relayJvm, dir, syntheticIngest, 0, warmUpBoards);
        }

        Setup withWarmUpBoards(int boards) {
            return new Setup(games, perGame, generators, slowEvery, inFlight, addressesPerGenerator, maxPlies, relayJvm, workDir, syntheticIngest, edges, boards);
        }
    }

    /** Warm-up board w is board WARM_UP_BOARD_BASE + w of the round (and its source board): far above the watched ones. */
    static final int WARM_UP_BOARD_BASE = 1000;

    /** A (re)connection round over all generators. */
    record Round(int ok, int failed, double seconds, String firstError) {
        double perSecond() { return seconds <= 0 ? 0 : ok / seconds; }
    }

    /** Live updates over all generators since the last reset. */
    record Window(long updates, long closedAfterSubscribe, Histogram micros) {}

    /** What runs in the relay's place: the relay itself, or the bare Netty broadcaster it is measured against. */
    enum Server {
        RELAY("relay"), BASELINE("baseline");

        final String label;

        Server(String label) { this.label = label; }
    }

    final Setup setup;
    final Server server;
    final boolean pinned;
    /** The relay drivers feed: the only one, or the origin. */
    final ChildJvm relay;
    final LocalRedis redis;
    final List<ChildJvm> edges = new ArrayList<>();
    final List<Integer> edgePorts = new ArrayList<>();
    final List<ChildJvm> generators = new ArrayList<>();
    /** The synthetic move feed, or null when a real driver feeds the relay. */
    final IngestLoad ingest;
    final int port;
    final long relayRssIdleKb;

    /** @param pin whether to pin the relay to core 0 and the generators to core 1 */
    Rig(Setup setup, boolean pin) throws Exception {
        this(setup, pin, Server.RELAY);
    }

    /** @param server what the load is pointed at; the baseline takes the relay's core, JVM options and log */
    Rig(Setup setup, boolean pin, Server server) throws Exception {
        if (server == Server.BASELINE && setup.edges() > 0) throw new IllegalArgumentException("the baseline has no cluster");
        this.setup = setup;
        this.server = server;
        this.pinned = pin;
        Path data = Files.createDirectories(setup.workDir().resolve("data"));
        Path config = setup.workDir().resolve("relay.yaml");
        redis = setup.edges() > 0 ? LocalRedis.start(setup.workDir().resolve("redis")) : null;
        Files.writeString(config, config(setup, data)
                + (redis == null ? "" : "cluster: {role: origin, token: " + CLUSTER_TOKEN + ", redis: {uri: \"" + redis.uri() + "\"}}\n"));
        logOwnPauses(gcLog(BENCH_GC_LOG), PAUSE_TAGS);
        List<String> relayJvm = new ArrayList<>(setup.relayJvm());
        // pauses are the first suspect for latency outliers: keep the relay's GC log with the report
        relayJvm.add(gcLogFlag(SERVER_GC_LOG));
        relay = server == Server.RELAY
                ? new ChildJvm("relay", pin ? Pinning.RELAY_CORE : null, relayJvm, RelayMain.class, List.of(config.toString()),
                        setup.workDir().resolve("relay.log"))
                : new ChildJvm("baseline", pin ? Pinning.RELAY_CORE : null, relayJvm, BaselineMain.class, List.of("127.0.0.1"),
                        setup.workDir().resolve("relay.log"));
        try {
            port = Integer.parseInt(relay.answer().trim());
            for (int e = 0; e < setup.edges(); e++) {
                Path edgeConfig = setup.workDir().resolve("edge-" + e + ".yaml");
                Files.writeString(edgeConfig, config(setup, data) + "cluster: {role: edge, token: " + CLUSTER_TOKEN + ", origin: \"http://127.0.0.1:" + port
                        + "\", redis: {uri: \"" + redis.uri() + "\"}}\n");
                // not pinned: three relay JVMs on the relay's one core would measure that core, not the cluster
                ChildJvm edge = new ChildJvm("edge-" + e, null, setup.relayJvm(), RelayMain.class,
                        List.of(edgeConfig.toString()), setup.workDir().resolve("edge-" + e + ".log"));
                edges.add(edge);
                edgePorts.add(Integer.parseInt(edge.answer().trim()));
            }
            if (setup.syntheticIngest()) {
                Map<String, List<Move>> lines = new LinkedHashMap<>();
                for (int b = 1; b <= setup.games(); b++) lines.put(String.valueOf(b), Lines.longLine(b, setup.maxPlies(), 20));
                Map<String, List<Move>> warmUpLines = new LinkedHashMap<>();
                for (int w = 1; w <= setup.warmUpBoards(); w++) {
                    int b = WARM_UP_BOARD_BASE + w;
                    warmUpLines.put(String.valueOf(b), Lines.longLine(b, setup.maxPlies(), 20));
                }
                ingest = new IngestLoad("127.0.0.1", port, TOKEN, EVENT, DRIVER, lines, warmUpLines);
            } else {
                ingest = null;
            }
            relayRssIdleKb = relay.rssKb();
            int perGen = (setup.spectators() + setup.generators() - 1) / setup.generators();
            for (int g = 0, left = setup.spectators(); g < setup.generators() && left > 0; g++, left -= perGen) {
                int n = Math.min(perGen, left);
                // rotate the game list so generator g's spectator i watches game (offset + i) mod games
                List<String> games = new ArrayList<>();
                for (int i = 0; i < setup.games(); i++) games.add(gameId(1 + (g * perGen + i) % setup.games()));
                List<String> sources = new ArrayList<>();
                for (int a = 0; a < setup.addressesPerGenerator(); a++) {
                    sources.add("127.0.0." + (2 + g * setup.addressesPerGenerator() + a));
                }
                generators.add(new ChildJvm("generator-" + g, pin ? Pinning.LOAD_CORE : null,
                        // the load's own pauses delay its reading, and so every latency it records: logged beside the relay's
                        // the load's JIT at the JVM's own priority, as the relay's (deploy/relay-jvm.options says why)
                        List.of("-Xmx512m", "-XX:+UseSerialGC", "-Xss256k",
                                gcLogFlag("generator-" + g)), GeneratorMain.class,
                        List.of("127.0.0.1", String.valueOf(edgePorts.isEmpty() ? port : edgePorts.get(g % edgePorts.size())), String.valueOf(n), String.valueOf(setup.slowEvery()),
                                String.valueOf(setup.inFlight()), String.join(",", games), String.join(",", sources)),
                        setup.workDir().resolve("generator-" + g + ".log")));
            }
        } catch (Exception e) {
            close();
            throw e;
        }
    }

    static String gameId(int board) {
        return EVENT + "-r1-b" + board;
    }

    /**
     * Board b of round 1 fed by driver "load", board serial "b" (the watched boards 1..games, then
     * the warm-up boards); limits opened up for one host holding every client.
     */
    static String config(Setup setup, Path data) {
        StringBuilder b = new StringBuilder();
        b.append("listen: {host: 127.0.0.1, port: 0}\n");
        b.append("dataDir: ").append(data.toAbsolutePath()).append('\n');
        b.append("limits: {connectionsPerIp: 1000000, idleTimeoutSeconds: 300}\n");
        // the relay's default (the core apart) unless told (-Ddamrelay.bench.eventLoops=1: one loop that runs the core too)
        Integer loops = Knob.EVENT_LOOPS.wholeOrNull();
        if (loops != null) b.append("eventLoops: ").append(loops).append('\n');
        b.append("events:\n  - id: ").append(EVENT).append('\n');
        b.append("    driverTokens: [{name: load, sha256: ").append(Tokens.sha256Hex(TOKEN)).append("}]\n");
        b.append("    rounds: [{number: 1, delaySeconds: 0}]\n");
        b.append("    boards:\n");
        List<Integer> boards = new ArrayList<>();
        for (int i = 1; i <= setup.games(); i++) boards.add(i);
        for (int w = 1; w <= setup.warmUpBoards(); w++) boards.add(WARM_UP_BOARD_BASE + w);
        for (int i : boards) {
            b.append("      - {round: 1, board: ").append(i).append(", white: {name: W").append(i)
                    .append("}, black: {name: B").append(i).append("}, driver: ").append(DRIVER)
                    .append(", sourceBoard: \"").append(i).append("\"}\n");
        }
        return b.toString();
    }

    List<String> askAll(String command) throws IOException {
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (ChildJvm g : generators) {
            answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return g.ask(command);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }));
        }
        List<String> out = new ArrayList<>();
        for (CompletableFuture<String> a : answers) {
            try {
                out.add(a.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            } catch (ExecutionException e) {
                throw new IOException(e.getCause().getMessage(), e.getCause());
            }
        }
        return out;
    }

    /** (Re)connects every spectator. */
    Round connect(int timeoutSeconds) throws IOException {
        return round(askAll("connect " + timeoutSeconds));
    }

    /** Connects more spectators, until {@code fraction} of each generator's are connected. */
    Round grow(int timeoutSeconds, double fraction) throws IOException {
        return round(askAll("connect " + timeoutSeconds + " " + fraction));
    }

    private static Round round(List<String> answers) {
        int ok = 0, failed = 0;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        String firstError = null;
        for (String a : answers) {
            String[] p = a.split(" ");
            ok += Integer.parseInt(p[0]);
            failed += Integer.parseInt(p[1]);
            start = Math.min(start, Long.parseLong(p[2]));
            end = Math.max(end, Long.parseLong(p[3]));
            if (firstError == null && !p[4].equals("-")) firstError = p[4].replace('_', ' ');
        }
        return new Round(ok, failed, (end - start) / 1e9, firstError);
    }

    void reset() throws IOException { askAll("reset"); }

    /** A full collection in every load-side JVM (the generators and this one), before measured steps: see GeneratorMain's "gc". */
    void collectLoadSide() throws IOException {
        askAll("gc");
        System.gc();
    }

    /** CPU of the load side: this JVM (the ingest load) and the generators, all on the load core when pinned. */
    ProcessCpu loadCpu() {
        ProcessCpu sum = ProcessCpu.of(ProcessHandle.current().pid());
        for (ChildJvm g : generators) sum = sum.plus(ProcessCpu.of(g.pid()));
        return sum;
    }

    void stall() throws IOException { askAll("stall"); }

    /** Live updates over all generators since the last reset: cheap, for polling. */
    long updates() throws IOException {
        long n = 0;
        for (String a : askAll("count")) n += Long.parseLong(a.trim());
        return n;
    }

    /** The moves since the last reset that some spectator had later than the bound: the worst {@code n} of each generator, and how many in all. */
    SlowMoves slowMoves(int n) throws IOException {
        SlowMoves all = new SlowMoves();
        for (String a : askAll("slow " + n)) {
            String[] p = a.trim().split(" ");
            all.addEncoded(p[1]);
            all.atLeast(Integer.parseInt(p[0]));
        }
        return all;
    }

    /** Whether {@code pid} is one of the rig's processes: this JVM, the server, an edge or a generator (their children too). */
    boolean ours(long pid) {
        if (pid == ProcessHandle.current().pid()) return true;
        List<ChildJvm> all = new ArrayList<>(generators);
        all.addAll(edges);
        all.add(relay);
        for (ChildJvm c : all) if (c != null && c.pid() == pid) return true;
        // a redis-server, a jcmd: started by one of them or by this JVM
        return ProcessHandle.of(pid).flatMap(ProcessHandle::parent).map(p -> p.pid() != pid && ours(p.pid())).orElse(false);
    }

    /** The pause logs of the server, of the generators and of this JVM (which plays the ingest load), as they stand now. */
    List<GcPauses> gcPauses() {
        List<GcPauses> logs = new ArrayList<>();
        logs.add(GcPauses.read(server.label, gcLog(SERVER_GC_LOG)));
        logs.add(GcPauses.read("bench JVM", gcLog(BENCH_GC_LOG)));
        for (int g = 0; g < generators.size(); g++) logs.add(GcPauses.read("generator-" + g, gcLog("generator-" + g)));
        return logs;
    }

    /** The server's GC log is relay-gc.log whichever server runs (the reports and round docs name it so). */
    private static final String SERVER_GC_LOG = "relay", BENCH_GC_LOG = "bench";

    /**
     * This JVM's collections and safepoints into {@code file}, as the children's flag writes them:
     * it sends the ingest moves, so a pause of its own makes a run of moves late for everyone.
     * Turned on at run time (the VM.log diagnostic command), as its command line is the user's;
     * {@code what} "all=off" removes the output again when the rig closes (a JVM may run several rigs).
     */
    private static void logOwnPauses(Path file, String what) {
        try {
            java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "vmLog",
                    new Object[] {new String[] {"output=file=" + file.toAbsolutePath(), "what=" + what, "decorators=time,uptime"}},
                    new String[] {String[].class.getName()});
        } catch (Exception e) {
            // a diagnostic: without it the slow moves are set against the other logs only
        }
    }

    /** What each JVM's pause log holds: collections, and the other stops of every thread (GcPauses reads both). */
    private static final String PAUSE_TAGS = "gc,safepoint";

    /** Where the JVM called {@code who} writes its GC log: one name for the flag and for the reader. */
    private Path gcLog(String who) {
        return setup.workDir().resolve(who + "-gc.log");
    }

    /** The JVM option that makes {@code who} write it, wall clock first ({@link GcPauses} reads it so). */
    private String gcLogFlag(String who) {
        return "-Xlog:" + PAUSE_TAGS + ":file=" + gcLog(who).toAbsolutePath() + ":time,uptime";
    }

    Window window() throws IOException {
        long updates = 0, closed = 0;
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        for (String a : askAll("window")) {
            String[] p = a.split(" ");
            updates += Long.parseLong(p[0]);
            closed += Long.parseLong(p[1]);
            h.add(GeneratorMain.decode(p[2]));
        }
        return new Window(updates, closed, h);
    }

    @Override
    public void close() {
        logOwnPauses(gcLog(BENCH_GC_LOG), "all=off");
        for (ChildJvm g : generators) g.close();
        if (ingest != null) ingest.close();
        for (ChildJvm e : edges) e.close();
        if (relay != null) relay.close();
        if (redis != null) redis.close();
    }
}
