package org.damrelay.emulator.speaker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureEntry;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.Connector;
import org.damrelay.driver.dgt.transport.Connectors;
import org.damrelay.driver.dgt.transport.JSerialCommChannel;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.driver.dgt.transport.SerialChannel;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.PlyPlan;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emulator on one end of a real socat pseudo-terminal pair, driver-io's transport and session
 * on the other: the driver gets exactly the bytes the emulator logged, and when the cable is
 * pulled mid-game it finds the board again by serial number under its new name and resyncs.
 */
class PtyEndToEndTest {
    private static final String SERIAL = "EMU0000042";

    @TempDir Path dir;

    /** What the driver side saw. */
    static final class Seen implements BoardObserver {
        final Sensed[] board = new Sensed[100];
        volatile int boards, links;
        volatile boolean down;

        @Override public synchronized void onBoard(long t, Sensed[] fields) { System.arraycopy(fields, 0, board, 0, 100); boards++; }
        @Override public synchronized void onFieldChange(long t, int field, Sensed now) { board[field] = now; }
        @Override public void onClock(long t, ClockReading clock) {}
        @Override public void onLink(long t, boolean connected) { links++; down = !connected; }
        synchronized Sensed[] board() { return board.clone(); }
    }

    static final class Bytes implements LineRecorder {
        final ByteArrayOutputStream in = new ByteArrayOutputStream();
        @Override public synchronized void received(long t, byte[] b, int off, int len) { in.write(b, off, len); }
        synchronized byte[] all() { return in.toByteArray(); }
    }

    /** The emulator's device names now (the host's ends of the pty pairs), as a port list. */
    private List<String> ports() {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("dgt") && !p.toString().endsWith(".board"))
                    .map(Path::toString).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A host-side port that keeps every byte read from it, whoever reads (the serial-number search or the session). */
    private SerialChannel recorded(String path, Bytes bytes) throws IOException {
        SerialChannel c = JSerialCommChannel.open(path);
        return new SerialChannel() {
            @Override public int read(byte[] buffer, int timeoutMillis) throws IOException {
                int n = c.read(buffer, timeoutMillis);
                if (n > 0) bytes.received(0, buffer, 0, n);
                return n;
            }
            @Override public void write(byte[] b) throws IOException { c.write(b); }
            @Override public String name() { return c.name(); }
            @Override public void onDisconnect(Runnable listener) { c.onDisconnect(listener); }
            @Override public void close() { c.close(); }
        };
    }

    private static PdnGame firstCorpusGame() throws IOException {
        return SharedTree.corpusFile("nk2003-amsterdam.pdn").stream().filter(g -> !g.plies().isEmpty()).findFirst().orElseThrow();
    }

    @Test
    void theDriverGetsEveryByteAndFindsTheBoardAgainAfterTheCableIsPulled() throws Exception {
        PdnGame game = firstCorpusGame();
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withTiming(quick).withClockTickMs(0).withSeed(3);
        Emulator.Session session = new Emulator(config).session(game.start());
        Position pos = game.start();
        List<Move> plies = game.plies().subList(0, 24);
        for (int i = 0; i < plies.size(); i++) {
            if (i == 12) {
                session.board().advance(1500);
                session.board().unplug(3000);
                session.board().advance(1500);
            }
            session.ply(pos.sideToMove(), plies.get(i), PlyPlan.clean());
            pos = pos.apply(plies.get(i));
        }
        Timeline timeline = session.finish();
        BoardSpeaker board = new BoardSpeaker(timeline, SERIAL, 1, PieceCodes.standard(), NoiseProfile.none(), 1);
        PtyLine pty = new PtyLine(dir.resolve("dgt"));
        LinePump pump = new LinePump(List.of(board), pty, new Pace(20), 1500, true);
        Path logFile = dir.resolve("emulator.capture");
        CaptureWriter lineLog = new CaptureWriter(Files.newBufferedWriter(logFile));
        pump.logTo(lineLog);
        Thread emulator = new Thread(pump, "emulator");
        emulator.start();

        Seen seen = new Seen();
        Bytes bytes = new Bytes();
        SingleBoardSession.Config cfg = new SingleBoardSession.Config(PieceCodes.standard(), Command.SEND_UPDATE_NICE,
                Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofMillis(1000)); // no pings in the way: a pulled pty fails the read
        Connector bySerial = Connectors.bySerialNumber(SERIAL, this::ports, path -> recorded(path, bytes), DriverClock.system(),
                Duration.ofMillis(1000));
        LinkSupervisor driver = new LinkSupervisor(bySerial, new SingleBoardSession(seen, cfg), DriverClock.system(),
                new Backoff(Duration.ofMillis(100), Duration.ofMillis(400), 2), LineRecorder.NONE);
        Thread host = new Thread(driver, "driver");
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(dir.resolve("dgt")));
            host.start();
            await().atMost(Duration.ofSeconds(30)).until(pump::done);
            await().atMost(Duration.ofSeconds(30)).until(() -> driver.connects() == 2);

            assertEquals(2, driver.connects(), "connected, cable pulled, found again under the new name");
            assertTrue(Files.notExists(dir.resolve("dgt")), "the first device name went away with the cable");
            // Byte for byte what the emulator logged, through both connections.
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            for (BoardSpeaker.Outgoing o : board.sent()) expected.write(o.bytes());
            assertArrayEquals(expected.toByteArray(), bytes.all());
            assertTrue(board.sent().stream().anyMatch(o -> (o.bytes()[0] & 0xff) == BoardMessage.ID_LONG_SERIALNR), "found by serial number");
            // The emulator's own capture of the line says the same, and shows the cable pull.
            lineLog.close();
            ByteArrayOutputStream logged = new ByteArrayOutputStream();
            CaptureReader.Capture capture = CaptureReader.read(logFile);
            for (CaptureEntry e : capture.entries()) {
                if (e instanceof CaptureEntry.Bytes b && b.direction() == CaptureEntry.Direction.FROM_BOARD) logged.write(b.bytes());
            }
            assertArrayEquals(bytes.all(), logged.toByteArray());
            assertEquals(3, capture.entries().stream().filter(CaptureEntry.Link.class::isInstance).count(), "up, pulled, up again");
            long fieldUpdates = board.sent().stream().filter(o -> (o.bytes()[0] & 0xff) == BoardMessage.ID_FIELD_UPDATE).count();
            assertTrue(fieldUpdates >= 2 * plies.size(), "every ply came as field updates: " + fieldUpdates);
            assertTrue(seen.boards >= 2, "a board dump on each connect");
            assertArrayEquals(board.board(), seen.board(), "resynced: the driver's board is the emulator's");
        } finally {
            pump.stop();
            driver.stop();
            host.join(5000);
            emulator.join(5000);
        }
    }
}
