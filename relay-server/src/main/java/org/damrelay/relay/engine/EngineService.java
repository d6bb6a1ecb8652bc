package org.damrelay.relay.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.EngineOff;
import org.damrelay.proto.Evaluation;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.RelayAlert;
import org.damrelay.proto.RelayAlertType;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.config.EngineConfig;
import org.damrelay.relay.fanout.SpectatorFanout;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.GameRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates what spectators see: every position released to them (after the round's broadcast
 * delay: it follows the update bus, which carries only released updates) goes to one external
 * engine, newest game first ({@link AnalysisQueue}), and its evaluation goes out on the spectator
 * stream. The engine runs on a worker thread of its own, never on the core or an event loop: a
 * slow, hung or dead engine costs evaluations, never the broadcast. A failing engine is restarted
 * with a growing wait and told to the arbiters as a relay alert, cleared once it answers again.
 * A Frisian game is evaluated only by an engine that offers the variant "frisian".
 */
public final class EngineService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EngineService.class);
    /** Evaluations kept per game for spectators who come later (one per ply; a game has a few hundred at most). */
    private static final int KEPT_PER_GAME = 600;

    /** One position to analyse. {@code attempts}: how often the engine failed on it already. */
    record Job(String gameId, int ply, String fen, String hub, Variant variant, Color toMove, int attempts) {
        Job again() {
            return new Job(gameId, ply, fen, hub, variant, toMove, attempts + 1);
        }
    }

    private final RelayCore core;
    private final SpectatorFanout fanout;
    private final Consumer<RelayAlert> alerts;
    private final AnalysisQueue<Job> queue = new AnalysisQueue<>();

    // core thread only
    /** Each game as released to spectators, folded as its updates are released. */
    private final Map<String, GameFold> released = new HashMap<>();
    /** The position last queued per game: a clock reading or an alert does not evaluate it again. */
    private final Map<String, String> lastQueued = new HashMap<>();
    private final Map<String, TreeMap<Integer, Evaluation>> kept = new HashMap<>();
    private EngineConfig config = EngineConfig.OFF;
    private Worker worker;

    public EngineService(RelayCore core, SpectatorFanout fanout, Consumer<RelayAlert> alerts) {
        this.core = core;
        this.fanout = fanout;
        this.alerts = alerts;
        core.execute(() -> {
            core.bus().subscribe(this::onReleased);
            fanout.alsoOnSubscribe(this::keptFor);
        });
    }

    /** Takes the engine section of a (re-read) config: started, restarted with the new settings, or switched off. Any thread. */
    public void configure(EngineConfig next) {
        core.execute(() -> {
            if (next.equals(config)) return;
            boolean wasOn = config.enabled();
            stopWorker();
            config = next;
            kept.clear();
            lastQueued.clear();
            if (wasOn) {
                // what spectators see of the old engine goes; the arbiters' alert about it is over
                fanout.sendToAll(SpectatorMessage.newBuilder().setEngineOff(EngineOff.getDefaultInstance()).build());
                alerts.accept(RelayAlert.newBuilder().setType(RelayAlertType.ENGINE_FAILED).setCleared(true)
                        .setRelayTimeMs(System.currentTimeMillis()).build());
            }
            if (!next.enabled()) {
                if (wasOn) log.info("engine switched off");
                return;
            }
            worker = new Worker(next, core.config().resolve(next.path()));
            worker.start();
            log.info("engine {} ({} arguments) evaluates released positions, {} per position", next.path(), next.args().size(), next.budget());
            // every game's position as released now
            for (GameRecord g : core.book().games()) {
                GameFold f = foldOf(g, g.released());
                if (f != null) offer(g, f);
            }
        });
    }

    /** Core thread: the bus carries each update as it is released to spectators. */
    private void onReleased(GameUpdate u) {
        if (!config.enabled()) return;
        GameRecord g = core.book().game(u.getGameId());
        if (g == null) return;
        GameFold f = foldOf(g, u.getVersion());
        if (f != null) offer(g, f);
    }

    /** The game as released up to {@code version}, folded on from what was folded before when it follows on. */
    private GameFold foldOf(GameRecord g, int version) {
        GameFold f = released.get(g.id());
        if (f == null || f.version() > version) {
            f = new GameFold(g.initialInfo());
            released.put(g.id(), f);
        }
        for (int v = f.version() + 1; v <= version; v++) f.apply(g.update(v));
        return f;
    }

    private void offer(GameRecord g, GameFold f) {
        if (f.finished() || f.game().legalMoves().isEmpty()) return; // Hub: never a terminal position
        String hub = HubBoard.position(f.position());
        if (hub.equals(lastQueued.put(g.id(), hub))) return;
        int ply = f.plyCount() == 0 ? 0 : f.plyNumber(f.plyCount());
        queue.offer(g.id(), new Job(g.id(), ply, Fen.write(f.position()), hub, f.variant(), f.position().sideToMove(), 0));
    }

    /** Core thread: what a spectator subscribing to the game gets after its snapshot. */
    private List<SpectatorMessage> keptFor(String gameId) {
        TreeMap<Integer, Evaluation> k = kept.get(gameId);
        if (k == null || !config.enabled()) return List.of();
        List<SpectatorMessage> out = new ArrayList<>(k.size());
        for (Evaluation e : k.values()) out.add(SpectatorMessage.newBuilder().setEvaluation(e).build());
        return out;
    }

    /** Core thread: an evaluation of {@code w}'s engine, unless that engine was replaced meanwhile. */
    private void publish(Worker w, Evaluation e) {
        if (w != worker) return;
        TreeMap<Integer, Evaluation> k = kept.computeIfAbsent(e.getGameId(), id -> new TreeMap<>());
        k.put(e.getPly(), e);
        while (k.size() > KEPT_PER_GAME) k.pollFirstEntry();
        fanout.sendToGame(e.getGameId(), SpectatorMessage.newBuilder().setEvaluation(e).build());
    }

    private void alert(Worker w, RelayAlert a) {
        core.execute(() -> {
            if (w == worker) alerts.accept(a);
        });
    }

    private void stopWorker() {
        if (worker != null) worker.stop();
        worker = null;
        queue.clear();
    }

    /** Positions waiting for the engine now. */
    public int waiting() {
        return queue.size();
    }

    @Override
    public void close() {
        Worker w = worker;
        if (w != null) w.stop();
        queue.clear();
    }

    /** The engine's own thread: takes positions, keeps one engine process per variant, restarts it when it fails. */
    private final class Worker implements Runnable {
        private final EngineConfig config;
        private final Path executable;
        private final Thread thread;
        private final Map<Variant, EngineProcess> processes = new EnumMap<>(Variant.class);
        /** Variants the engine said it does not play: their games get no evaluation. */
        private final Set<Variant> notOffered = new HashSet<>();
        private volatile boolean running = true;
        private int failures;

        Worker(EngineConfig config, Path executable) {
            this.config = config;
            this.executable = executable;
            this.thread = new Thread(this, "engine-worker");
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        void stop() {
            running = false;
            thread.interrupt();
        }

        @Override
        public void run() {
            try {
                while (running) {
                    Job job = queue.take().getValue();
                    if (notOffered.contains(job.variant())) continue;
                    analyse(job);
                }
            } catch (InterruptedException e) {
                // stopped
            } finally {
                processes.values().forEach(EngineProcess::close);
                processes.clear();
            }
        }

        private void analyse(Job job) throws InterruptedException {
            EngineProcess p = processes.get(job.variant());
            try {
                if (p == null) {
                    p = EngineProcess.start(config, executable, HubBoard.variant(job.variant()));
                    processes.put(job.variant(), p);
                    log.info("engine {} started for {}", p.identity().name(), HubBoard.variant(job.variant()));
                }
                EngineProcess.Analysis a = p.analyse(job.hub());
                if (failures > 0) {
                    failures = 0;
                    log.info("engine {} answers again", p.identity().name());
                    alert(this, RelayAlert.newBuilder().setType(RelayAlertType.ENGINE_FAILED).setCleared(true)
                            .setText("the engine answers again").setRelayTimeMs(System.currentTimeMillis()).build());
                }
                if (a == null) return; // it moved without a score: nothing to show
                // Hub scores are the side to move's; spectators read White's
                int white = job.toMove() == Color.WHITE ? a.score() : -a.score();
                Evaluation e = Evaluation.newBuilder().setGameId(job.gameId()).setPly(job.ply()).setFen(job.fen())
                        .setScore(white).addAllPv(a.pv()).setDepth(a.depth()).setEngine(p.identity().name()).build();
                core.execute(() -> publish(this, e));
            } catch (EngineProcess.VariantNotOffered n) {
                notOffered.add(job.variant());
                queue.removeIf(j -> j.variant() == job.variant());
                log.warn("engine: {}; {} games get no evaluation", n.getMessage(), HubBoard.variant(job.variant()));
            } catch (EngineFailure f) {
                if (!running) return;
                EngineProcess dead = processes.remove(job.variant());
                if (dead != null) dead.close();
                String said = dead == null ? "" : dead.lastWords();
                failures++;
                long backoffMs = (long) Math.min(config.maxBackoffSeconds() * 1000, 1000L << Math.min(20, failures - 1));
                // a position the engine failed on twice is left: it must not stop every other game's evaluation
                if (job.attempts() < 1) queue.retry(job.gameId(), job.again());
                String text = "engine " + executable.getFileName() + ": " + f.getMessage() + said + " (analysing " + job.gameId()
                        + " after ply " + job.ply() + "); restart " + failures + " in " + (backoffMs / 1000.0) + " s";
                log.warn(text);
                alert(this, RelayAlert.newBuilder().setType(RelayAlertType.ENGINE_FAILED).setText(text)
                        .setRelayTimeMs(System.currentTimeMillis()).build());
                Thread.sleep(backoffMs); // this thread's own wait: nothing else runs here
            }
        }
    }
}
