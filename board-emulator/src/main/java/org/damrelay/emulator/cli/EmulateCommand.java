package org.damrelay.emulator.cli;

import java.io.BufferedReader;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.dgt.protocol.HostCommandDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.JSerialCommChannel;
import org.damrelay.driver.dgt.transport.LineHandler;
import org.damrelay.emulator.ClockSetting;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.ScenarioException;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LineOpener;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.emulator.speaker.PtyLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code damrelay emulate}: a simulated board (or a bus of them) playing a PDN game or a scenario. */
@Command(name = "emulate", mixinStandardHelpOptions = true,
        description = {"Emulates a DGT-style draughts board: a human hand plays a PDN game or a scripted scenario, "
                + "the sensor scans field by field, and the board speaks the protocol on a pseudo-terminal (--pty), "
                + "a device (--device), or, with neither, writes what it would send as a dgt-capture v1 to stdout "
                + "(or --capture FILE), as if the host had asked for updates, the board and the clock.",
                "Noise is seeded: the same --seed gives the same board behaviour byte for byte.",
                "On a line, stdin takes 'pause K [K...]': the players of each board (K per board, in address order; the last K "
                        + "for the rest) make at most K more plies, then stand still, clock included, until the host reads the whole board again; "
                        + "'pause-at N [N...]': they stop once the game has N plies."},
        footer = {"", ScenarioParser.FORMAT})
public final class EmulateCommand implements Callable<Integer> {

    static final class Source {
        @ArgGroup(exclusive = false)
        PdnSource pdn;
        @Option(names = "--scenario", paramLabel = "FILE", required = true, description = "play a scenario file (format below)")
        Path scenario;
    }

    static final class PdnSource {
        @Option(names = "--pdn", paramLabel = "FILE", required = true, description = "play a game from a PDN file")
        Path file;
        @Option(names = "--game", paramLabel = "N", defaultValue = "1", description = "which game of the file, from 1 (default 1)")
        int game;
    }

    static final class Line {
        @Option(names = "--pty", paramLabel = "LINK", description = "make a socat pseudo-terminal pair; the host opens LINK (LINK.1, LINK.2... after a replug)")
        Path pty;
        @Option(names = "--device", paramLabel = "PATH", description = "speak on this serial device")
        Path device;
        @Option(names = "--capture", paramLabel = "FILE", description = "no line: write the capture here ('-' for stdout, the default)")
        String capture;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    @ArgGroup(exclusive = true)
    Line line;

    @Mixin
    NoiseOptions noise;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1", description = "emulated time runs X times real time (default 1)")
    double speed;

    @Option(names = "--fast", description = "as fast as possible (the next event is due at once)")
    boolean fast;

    @Option(names = "--bus", paramLabel = "N", defaultValue = "0",
            description = "N boards on one line in bus mode (addresses 101.., games N, N+1, ... of the PDN; 0: one board, single mode)")
    int bus;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "seed for every random choice (default 1)")
    long seed;

    @Option(names = "--clock", paramLabel = "BASE+INC", defaultValue = "1:20:00+60",
            description = "the clock's setting: BASE as h:mm:ss, m:ss or seconds, INC in seconds (default ${DEFAULT-VALUE}, Fischer)")
    String clock;

    @Option(names = "--bronstein", description = "the clock is (wrongly) set to Bronstein: only the time used comes back")
    boolean bronstein;

    @Option(names = "--turned", description = "the board lies turned round (reports field 99-f)")
    boolean turned;

    @Option(names = "--serial", paramLabel = "SERIAL", description = "the board's 10-character serial number (default EMU + seed)")
    String serial;

    @Option(names = "--log", paramLabel = "FILE",
            description = "on a line: log it as a dgt-capture v1 on the emulated clock (what the board sent '<', what the host sent '>')")
    Path logFile;

    @Option(names = "--linger", paramLabel = "SECONDS", defaultValue = "10", description = "keep answering the host this long after the game (default 10)")
    long lingerSeconds;

    @Option(names = "--no-wait", description = "start playing at once instead of when the host has read each board")
    boolean noWait;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (speed <= 0) throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--speed must be positive");
        if (bus < 0 || bus > 100) throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--bus must be 0-100");
        boolean onALine = line != null && (line.pty != null || line.device != null);
        if (bus > 0 && !onALine) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--bus needs a line (--pty or --device): a capture is written as one board in single mode");
        }
        NoiseProfile profile;
        try {
            profile = noise.profile();
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        List<Timeline> timelines;
        try {
            timelines = timelines(profile);
        } catch (ScenarioException | IllegalArgumentException e) {
            err.println("emulate: " + e.getMessage());
            return 2;
        }
        List<BoardSpeaker> boards = new ArrayList<>();
        for (int i = 0; i < timelines.size(); i++) {
            String s = serial != null && i == 0 ? serial : String.format("EMU%07d", Math.floorMod(seed + i, 10_000_000L));
            boards.add(new BoardSpeaker(timelines.get(i), s, 101 + i, PieceCodes.standard(), profile, seed + i));
        }
        if (!onALine) return writeCapture(boards, err);
        LineOpener opener = line.pty != null ? new PtyLine(line.pty.toAbsolutePath()) : generation -> JSerialCommChannel.open(line.device.toString());
        LinePump pump = new LinePump(boards, opener, fast ? Pace.fast() : new Pace(speed), lingerSeconds * 1000, !noWait);
        CaptureWriter lineLog = null;
        if (logFile != null) {
            lineLog = new CaptureWriter(Files.newBufferedWriter(logFile, StandardCharsets.UTF_8));
            lineLog.metadata("source", "damrelay emulate, seed " + seed + ", noise " + noise.preset + ", emulated clock");
            lineLog.mode(bus > 0); // without it a bus log replays as one board, and shows nothing
            pump.logTo(lineLog);
        }
        // On SIGTERM the pump must let go of its line before the JVM ends, or the pty's socat outlives
        // us; the log is closed so that it ends with what was said.
        CaptureWriter logged = lineLog;
        Thread hook = new Thread(() -> {
            pump.stopAndWait(3000);
            closeQuietly(logged);
        });
        Runtime.getRuntime().addShutdownHook(hook);
        controlFromStdin(pump, err);
        err.println("emulate: " + boards.size() + " board(s), serial " + boards.get(0).serial()
                + (line.pty != null ? ", host side " + line.pty : ", device " + line.device)
                + (noWait ? "" : "; each game starts when the host has read its board"));
        err.flush();
        try {
            pump.run();
        } finally {
            closeQuietly(lineLog);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // already exiting
        }
        return 0;
    }

    /**
     * Control lines on stdin, for a hall test that restarts the driver: {@code pause K [K...]} —
     * the players of board i make at most K more plies (the last K for the rest), then stand still
     * until the host reads that board again; {@code pause-at N [N...]} — they stop once the game has
     * N plies (at once, or after the ply under way, when it has them already); "players stand still"
     * is printed once they all do.
     */
    private static void controlFromStdin(LinePump pump, PrintWriter err) {
        Thread control = new Thread(() -> {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            try {
                for (String l = in.readLine(); l != null; l = in.readLine()) {
                    String[] w = l.trim().split("\\s+");
                    if (w[0].isEmpty()) continue;
                    List<Integer> plies = new ArrayList<>();
                    try {
                        if (!(w[0].equals("pause") || w[0].equals("pause-at")) || w.length < 2) throw new NumberFormatException();
                        for (int i = 1; i < w.length; i++) plies.add(Integer.parseUnsignedInt(w[i]));
                    } catch (NumberFormatException e) {
                        err.println("emulate: unknown control \"" + l.trim() + "\" (pause K [K...]: the players make at most K more plies,"
                                + " then wait for the host; pause-at N [N...]: they stop once the game has N plies)");
                        err.flush();
                        continue;
                    }
                    List<Integer> made = (w[0].equals("pause") ? pump.pausePlayers(plies) : pump.pausePlayersAtPly(plies)).join();
                    err.println("emulate: players pause after " + made + " plies, until the host reads their board");
                    err.flush();
                    while (!pump.playersStanding() && !pump.done()) Thread.sleep(20);
                    err.println("emulate: players stand still");
                    err.flush();
                }
            } catch (IOException | CompletionException e) {
                // stdin closed or the line gone: no more control
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "emulate-control");
        control.setDaemon(true);
        control.start();
    }

    private static void closeQuietly(CaptureWriter w) {
        if (w == null) return;
        try {
            w.close();
        } catch (IOException e) {
            // the writer logged its first failure already
        }
    }

    private List<Timeline> timelines(NoiseProfile profile) throws IOException {
        int count = Math.max(1, bus);
        List<Timeline> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            EmulatorConfig config = EmulatorConfig.defaults().withNoise(profile).withSeed(seed + i).withTurned(turned)
                    .withClock(ClockSetting.parse(clock, bronstein));
            if (source.scenario != null) {
                String text = Files.readString(source.scenario, StandardCharsets.UTF_8);
                out.add(new ScenarioRunner(Variant.INTERNATIONAL).run(ScenarioParser.parse(text), config));
            } else {
                List<PdnGame> games = PdnReader.read(source.pdn.file);
                int index = source.pdn.game - 1 + i;
                if (source.pdn.game < 1 || index >= games.size()) {
                    throw new IllegalArgumentException(source.pdn.file + " has " + games.size() + " games, no game " + (index + 1));
                }
                PdnGame g = games.get(index);
                out.add(new Emulator(config).play(g.start(), g.plies()));
            }
        }
        return out;
    }

    /**
     * No line: the capture a driver would record of this board. The host is the driver's own
     * single-board session, so the capture holds its requests too (set-up, pings, the board asked
     * for again after lost bytes) and replays exactly as a live line would.
     */
    private int writeCapture(List<BoardSpeaker> boards, PrintWriter err) throws IOException {
        BoardSpeaker board = boards.get(0);
        boolean toStdout = line == null || line.capture == null || line.capture.equals("-");
        Writer w = toStdout ? new FilterWriter(spec.commandLine().getOut()) {
            @Override public void close() throws IOException {
                flush(); // stdout stays open for whoever prints after us
            }
        } : Files.newBufferedWriter(Path.of(line.capture), StandardCharsets.UTF_8);
        CaptureWriter capture = new CaptureWriter(w);
        capture.metadata("source", "damrelay emulate, seed " + seed + ", noise " + noise.preset);
        long[] now = {0};
        HostCommandDecoder commands = new HostCommandDecoder(c -> board.onCommand(now[0], c));
        LineHandler.Sink toBoard = (t, bytes) -> {
            capture.sent(t, bytes);
            now[0] = t;
            commands.feed(bytes);
        };
        SingleBoardSession host = new SingleBoardSession(new NoObserver(), SingleBoardSession.Config.defaults());
        // the pieces are set up at t=0: the board must stand before the host asks for it
        board.advanceTo(0);
        capture.linkUp(0, "emulator");
        host.onConnected(0, toBoard);
        board.startPlay(0); // the session reads the board at once; this only makes sure the game cannot wait forever
        boolean up = true;
        while (!board.finished()) {
            long t = board.nextTime();
            board.advanceTo(t);
            if (up != board.powered()) {
                up = board.powered();
                if (up) {
                    capture.linkUp(t, "emulator (replugged)");
                    host.onConnected(t, toBoard);
                } else {
                    capture.linkDown(t, "cable pulled");
                    host.onDisconnected(t);
                }
            }
            for (BoardSpeaker.Outgoing o : board.takeDue(t)) {
                capture.received(o.at(), o.bytes(), 0, o.bytes().length);
                host.onBytes(o.at(), o.bytes(), 0, o.bytes().length);
                host.onTick(o.at(), toBoard);
            }
            capture.tick(t);
        }
        capture.close();
        if (!toStdout) err.println("emulate: capture written to " + line.capture);
        return 0;
    }

    /** The capture needs the host's requests, not its understanding of the board. */
    private static final class NoObserver implements BoardObserver {
        @Override public void onBoard(long t, Sensed[] fields) {}
        @Override public void onFieldChange(long t, int field, Sensed now) {}
        @Override public void onClock(long t, ClockReading clock) {}
        @Override public void onLink(long t, boolean connected) {}
    }
}
