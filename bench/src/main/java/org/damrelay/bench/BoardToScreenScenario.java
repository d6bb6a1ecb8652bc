package org.damrelay.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.damrelay.app.demo.Demo;
import org.damrelay.app.demo.DemoGames;
import org.damrelay.bench.screen.ClockLag;
import org.damrelay.bench.screen.PlayedGame;
import org.damrelay.bench.screen.PlyMoments;
import org.damrelay.bench.screen.ScreenRecord;
import org.damrelay.bench.screen.Spectator;
import org.damrelay.bench.screen.Tally;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timing;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.emulator.speaker.PtyLine;

/**
 * What the people watching feel (issue 44): emulated boards on pseudo-terminals (socat) play
 * championship games in real time, at a real board's scan rate (200-250 ms) and with a clock whose
 * press readings arrive 0.1-1 s after the lever; the real driver in its own process reads them
 * and feeds the relay (its own process, core 0) over its socket; one spectator follows the round
 * on /ws. Per ply, from the clock press and from the last piece change (as the hand made them,
 * on the clock every process shares) to the moment the spectator's screen first shows the move,
 * quiet moves and captures apart; and what the spectator saw corrected after it was shown.
 */
final class BoardToScreenScenario implements Scenario {

    static final int BOARDS = 16, PLAY_SECONDS = 150, SEED = 4400;
    /** Think time: a championship's median is 12 s; 5 s keeps a run bounded and thinking above the settle windows. */
    static final double THINK_SECONDS = 5;
    /** The press readings' lag after the lever (ms). */
    static final ClockLag CLOCK_LAG = new ClockLag(100, 1000);
    /** The demo plays the first bundled games; these are taken from further on. */
    static final int FIRST_GAME = 48;
    /** After the players stop: how long the screen has to show their last plies, and then to correct any. */
    static final long DRAIN_SECONDS = 30, AFTER_SECONDS = 5;

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        // no spectator generators: one spectator, in this JVM, is the measure
        return new Rig.Setup(Knob.SCREEN_BOARDS.whole(BOARDS), 0, 1, 0, 500, 1, 0, relayJvm, workDir, false);
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        if (!Demo.socatAvailable()) {
            out.line("board-to-screen needs socat (apt-get install socat): the boards speak on pseudo-terminals");
            return;
        }
        int boards = rig.setup.games(), seconds = Knob.SCREEN_PLAY_SECONDS.whole(PLAY_SECONDS), seed = Knob.SCREEN_SEED.whole(SEED);
        double think = Knob.SCREEN_THINK_SECONDS.rate(THINK_SECONDS);
        Timing human = Timing.human();
        Timing timing = new Timing(human.scanMinMs(), human.scanMaxMs(), think * 1000, human.thinkMinMs(),
                Math.max(human.thinkMinMs(), 4 * think * 1000), human.liftToPutMinMs(), human.liftToPutMaxMs(),
                human.pressMinMs(), human.pressMaxMs());
        List<PdnGame> games = DemoGames.pick(null, FIRST_GAME + boards).subList(FIRST_GAME, FIRST_GAME + boards);
        List<PlayedGame> played = new ArrayList<>();
        Map<String, List<Move>> moves = new LinkedHashMap<>();
        for (int b = 1; b <= boards; b++) {
            EmulatorConfig config = EmulatorConfig.defaults().withSeed(seed + b).withTiming(timing);
            PlayedGame p = PlayedGame.play(games.get(b - 1), config, CLOCK_LAG);
            played.add(p);
            moves.put(Rig.gameId(b), p.game().plies());
        }
        out.line("board to screen: %d emulated boards on socat pseudo-terminals, corpus games %d-%d (%s), default noise,"
                        + " scan 200-250 ms, think median %.1f s (min 1.5 s, max %.0f s), press readings %.0f-%.0f ms after the lever;"
                        + " the driver and the relay in their own processes; %d s of play, seed %d",
                boards, FIRST_GAME + 1, FIRST_GAME + boards, DemoGames.describe(null), think, timing.thinkMaxMs() / 1000,
                CLOCK_LAG.minMs(), CLOCK_LAG.maxMs(), seconds, seed);

        Path work = rig.setup.workDir();
        ScreenRecord screen = new ScreenRecord(moves);
        List<LinePump> pumps = new ArrayList<>();
        List<BoardSpeaker> speakers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        List<PtyLine> lines = new ArrayList<>();
        ChildJvm driver = null;
        try (Spectator spectator = Spectator.watch(URI.create("ws://127.0.0.1:" + rig.port + "/ws"), Rig.EVENT, 1, screen)) {
            List<String> driverArgs = new ArrayList<>(List.of("--relay", "ws://127.0.0.1:" + rig.port + "/ingest",
                    "--token", Rig.TOKEN, "--event", Rig.EVENT, "--driver-id", Rig.DRIVER,
                    "--captures", work.resolve("driver-captures").toString(), "--outbox", work.resolve("driver-outbox").toString()));
            for (int b = 1; b <= boards; b++) {
                PtyLine line = new PtyLine(Files.createDirectories(work.resolve("tty")).resolve("board" + b));
                BoardSpeaker speaker = new BoardSpeaker(played.get(b - 1).timeline(), String.format("SCRN%06d", b), 1,
                        PieceCodes.standard(), NoiseProfile.defaults(), seed + b);
                LinePump pump = new LinePump(List.of(speaker), line, Pace.realTime(), TimeUnit.HOURS.toMillis(1), true);
                lines.add(line);
                speakers.add(speaker);
                pumps.add(pump);
                Thread t = new Thread(pump, "board-" + b);
                t.setDaemon(true);
                threads.add(t);
                t.start();
                driverArgs.addAll(List.of("--port", line.hostLink(0) + "=" + b));
            }
            for (PtyLine line : lines) awaitLink(line.hostLink(0));
            driver = new ChildJvm("driver", null, List.of(), DriverMain.class, driverArgs, work.resolve("driver.log"));
            long start = System.nanoTime();
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds)); // the boards play in real time: nothing to poll for
            if (!driver.alive()) throw new IOException("the driver ended early; see " + work.resolve("driver.log"));
            for (LinePump p : pumps) p.pausePlayers(List.of(0)).get(10, TimeUnit.SECONDS); // after the ply under way
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
            while (!pumps.stream().allMatch(LinePump::playersStanding) && System.nanoTime() < deadline) Thread.sleep(50);
            int[] counted = new int[boards];
            for (int b = 0; b < boards; b++) counted[b] = pumps.get(b).pliesPlayed(0);
            while (!allShown(screen, counted) && System.nanoTime() < deadline && spectator.problem() == null) Thread.sleep(50);
            Thread.sleep(TimeUnit.SECONDS.toMillis(AFTER_SECONDS)); // corrections of what was shown last
            double wall = (System.nanoTime() - start) / 1e9;
            for (LinePump p : pumps) p.stop();
            for (Thread t : threads) t.join(3000);
            report(out, work, played, speakers, pumps, screen, counted, wall, spectator.problem());
        } finally {
            if (driver != null) driver.close();
            pumps.forEach(LinePump::stop);
            lines.forEach(PtyLine::unplug);
        }
    }

    private static void awaitLink(Path link) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(link)) {
            if (System.nanoTime() > deadline) throw new IOException("socat made no pseudo-terminal " + link + " in 10 s");
            Thread.sleep(20);
        }
    }

    private static boolean allShown(ScreenRecord screen, int[] counted) {
        for (int b = 0; b < counted.length; b++) if (screen.rightPlies(Rig.gameId(b + 1)) < counted[b]) return false;
        return true;
    }

    private static void report(BenchReport out, Path work, List<PlayedGame> played, List<BoardSpeaker> speakers,
                               List<LinePump> pumps, ScreenRecord screen, int[] counted, double wall, String problem) throws IOException {
        // the driver's first commit after its start loads and compiles its paths (seconds, on a busy
        // machine); in a hall it has been running before the round: the first plies are shown apart
        Tally tally = new Tally(), first = new Tally();
        StringBuilder side = new StringBuilder("board,ply,move,capture,pressed,last_change_nanos,press_nanos,shown_nanos\n");
        for (int b = 0; b < counted.length; b++) {
            if (speakers.get(b).playStart().isEmpty()) continue; // the driver never read this board
            long origin = pumps.get(b).nanosAt(speakers.get(b).playStart().getAsLong());
            for (PlyMoments m : played.get(b).moments().subList(0, counted[b])) {
                long change = origin + Math.round(m.lastChangeMs() * 1e6);
                long press = m.pressed() ? origin + Math.round(m.pressMs() * 1e6) : 0;
                long shown = screen.firstShown(Rig.gameId(b + 1), m.ply());
                (m.ply() == 1 ? first : tally).add(m, change, press, shown);
                side.append(b + 1).append(',').append(m.ply()).append(',').append(m.move()).append(',').append(m.capture())
                        .append(',').append(m.pressed()).append(',').append(change).append(',').append(press).append(',')
                        .append(shown).append('\n');
            }
        }
        Files.writeString(work.resolve("moments.csv"), side);
        ScreenRecord.Counts c = screen.total();
        out.line("%,d plies played after each board's first (%,d captures) on %d boards in %.0f s; %,d not shown by the end; the spectator saw %,d moves shown,"
                        + " %,d of them not the move played, %,d taken back or replaced (%,d of them captures), %,d irregular moves%s",
                tally.plies(), tally.captures(), counted.length, wall, tally.missing() + first.missing(), c.shown(), c.wrongShown(), c.corrections(),
                c.correctionsOfCapture(), c.illegal(), problem == null ? "" : "; spectator: " + problem);
        int asPlayed = 0;
        for (int b = 0; b < counted.length; b++) if (screen.rightPlies(Rig.gameId(b + 1)) >= counted[b]) asPlayed++;
        out.line("the screen's record at the end holds the plies played, in order, on %d of %d boards", asPlayed, counted.length);
        out.line("corrections after a shown capture: %d per 1,000 captures (%d of %d captures shown)",
                tally.captures() == 0 ? 0 : Math.round(1000.0 * c.correctionsOfCapture() / tally.captures()),
                c.correctionsOfCapture(), c.capturesShown());
        out.line("moves shown before their clock press (counted 0 ms from it): %d", tally.shownBeforePress());
        out.line("left out of the table: each board's first ply, the driver's first commits since it started (JIT, class loading): %s",
                first.rows().stream().filter(r -> r.spread().n() > 0).map(r -> r.moves() + " from " + r.from() + " " + r.spread().cells())
                        .toList());
        out.line("");
        out.line("| moves | from | n | min ms | p50 ms | p90 ms | p99 ms | max ms |");
        out.line("|---|---|---|---|---|---|---|---|");
        for (Tally.Row r : tally.rows()) out.line("| %s | %s %s", r.moves(), r.from(), r.spread().cells());
        out.line("");
        out.line("per ply: moments.csv (the hand's last piece change and press, and the screen's first showing, System.nanoTime())");
    }
}
