package org.damrelay.driver.dgt.transport;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.HostCommandDecoder;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.protocol.StartPositionCheck;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.testing.RecordingObserver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real pseudo-terminals from socat, opened with jSerialComm on both ends. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SocatLoopbackTest {
    private static final Path SOCAT = Path.of("/usr/bin/socat");

    @TempDir Path dir;
    private Process socat;
    private Path hostEnd, boardEnd;

    @BeforeEach
    void startSocat() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(SOCAT), "socat is not installed");
        hostEnd = dir.resolve("host");
        boardEnd = dir.resolve("board");
        socat = new ProcessBuilder(SOCAT.toString(), "pty,raw,echo=0,link=" + hostEnd, "pty,raw,echo=0,link=" + boardEnd)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(hostEnd) && Files.exists(boardEnd));
    }

    @AfterEach
    void stopSocat() throws InterruptedException {
        if (socat != null) {
            socat.destroy();
            if (!socat.waitFor(5, TimeUnit.SECONDS)) {
                socat.destroyForcibly();
            }
        }
    }

    private static byte[] readExactly(SerialChannel c, int n) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[512];
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (got.size() < n && System.nanoTime() < deadline) {
            int r = c.read(buf, 100);
            got.write(buf, 0, r);
        }
        return got.toByteArray();
    }

    @Test
    void everyByteValueArrivesIntactBothWays() throws IOException {
        byte[] all = new byte[256];
        for (int i = 0; i < 256; i++) {
            all[i] = (byte) i;
        }
        try (SerialChannel host = JSerialCommChannel.open(hostEnd.toString());
             SerialChannel board = JSerialCommChannel.open(boardEnd.toString())) {
            host.write(all);
            assertArrayEquals(all, readExactly(board, 256));
            byte[] dump = BoardMessage.BoardDump.of(StartPositionCheck.start(false), PieceCodes.standard()).encode();
            board.write(dump);
            board.write(new BoardMessage.FieldUpdate(61, 0).encode());
            byte[] got = readExactly(host, dump.length + 5);
            List<BoardMessage> messages = new ArrayList<>();
            new MessageDecoder(Framing.SINGLE_BOARD, (t, m) -> messages.add(m)).feed(0, got);
            assertEquals(List.of(BoardMessage.BoardDump.of(StartPositionCheck.start(false), PieceCodes.standard()),
                    new BoardMessage.FieldUpdate(61, 0)), messages);
        }
    }

    @Test
    void aReadTimesOutWithNothingWhenTheLineIsQuiet() throws IOException {
        try (SerialChannel host = JSerialCommChannel.open(hostEnd.toString())) {
            assertEquals(0, host.read(new byte[16], 50));
        }
    }

    @Test
    void theLineGoingAwayIsAnErrorNotSilence() throws Exception {
        try (SerialChannel host = JSerialCommChannel.open(hostEnd.toString())) {
            socat.destroy();
            socat.waitFor(5, TimeUnit.SECONDS);
            byte[] buf = new byte[16];
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                try {
                    host.read(buf, 50);
                    return false;
                } catch (IOException e) {
                    return true;
                }
            });
        }
    }

    @Test
    void aSupervisedSessionRunsOverARealPty() throws Exception {
        RecordingObserver observer = new RecordingObserver();
        SingleBoardSession session = new SingleBoardSession(observer, SingleBoardSession.Config.defaults());
        LinkSupervisor supervisor = new LinkSupervisor(() -> JSerialCommChannel.open(hostEnd.toString()), session,
                DriverClock.system(), Backoff.standard(), LineRecorder.NONE);
        try (SerialChannel board = JSerialCommChannel.open(boardEnd.toString())) {
            Thread boardThread = new Thread(() -> answer(board), "pty-board");
            boardThread.setDaemon(true);
            boardThread.start();
            Thread host = new Thread(supervisor, "pty-host");
            host.start();
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> observer.kinds().contains("board"));
                board.write(new BoardMessage.FieldUpdate(61, 0).encode());
                await().atMost(Duration.ofSeconds(30)).until(() -> observer.kinds().contains("field"));
                assertArrayEquals(StartPositionCheck.start(false), observer.boards.get(0));
                assertTrue(observer.snapshot().stream().anyMatch(c -> c.endsWith("field 61 EMPTY")));

                socat.destroy();
                await().atMost(Duration.ofSeconds(30)).until(() -> observer.snapshot().get(observer.snapshot().size() - 1).endsWith("link false"));
            } finally {
                supervisor.stop();
                host.join(5000);
                boardThread.interrupt();
            }
        }
    }

    private static void answer(SerialChannel board) {
        HostCommandDecoder decoder = new HostCommandDecoder(c -> {
            try {
                if (c.equals(new HostCommand.Single(Command.SEND_BRD))) {
                    board.write(BoardMessage.BoardDump.of(StartPositionCheck.start(false), PieceCodes.standard()).encode());
                } else if (c.equals(new HostCommand.Single(Command.SERIALNR))) {
                    board.write(new BoardMessage.SerialNumber("12345", false).encode());
                }
            } catch (IOException e) {
                Thread.currentThread().interrupt();
            }
        });
        byte[] buf = new byte[64];
        try {
            while (!Thread.currentThread().isInterrupted()) {
                decoder.feed(buf, 0, board.read(buf, 100));
            }
        } catch (IOException e) {
            // the pty went away: the board is gone
        }
    }

    @Test
    void aMissingDeviceIsAClearError() {
        IOException e = assertThrows(IOException.class, () -> JSerialCommChannel.open(dir.resolve("nothing").toString()));
        assertTrue(e.getMessage().contains("nothing"), e.getMessage());
    }
}
