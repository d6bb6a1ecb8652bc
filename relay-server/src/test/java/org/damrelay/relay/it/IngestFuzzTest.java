package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded fuzz of the ingest decoder: an authenticated driver sends frames made from valid ones
 * by flipping, cutting, repeating and replacing bytes. Whatever arrives, the relay answers with a
 * close code or an error frame, never fails unexpectedly, keeps nothing but legal moves, and still
 * takes the next valid event.
 */
@Timeout(60)
class IngestFuzzTest {

    private static final long SEED = 20261124L;
    private static final int FRAMES = 400;

    @TempDir Path dir;

    private static byte[] mutate(byte[] valid, Random rnd) {
        byte[] b = valid.clone();
        switch (rnd.nextInt(5)) {
            case 0 -> b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
            case 1 -> b = Arrays.copyOf(b, rnd.nextInt(b.length));
            case 2 -> { for (int i = 0; i < 1 + rnd.nextInt(4); i++) b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256); }
            case 3 -> {
                byte[] twice = Arrays.copyOf(b, b.length * 2);
                System.arraycopy(b, 0, twice, b.length, b.length);
                b = twice;
            }
            default -> { b = new byte[1 + rnd.nextInt(64)]; rnd.nextBytes(b); }
        }
        return b;
    }

    @Test
    void mutatedDriverFramesAreRefusedCleanlyAndNothingIllegalIsKept() throws Exception {
        Random rnd = new Random(SEED);
        List<Move> opening = List.of(Move.quiet(32, 28), Move.quiet(19, 23), Move.quiet(28, 19));
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0))) {
            List<TestDriver> sessions = new ArrayList<>();
            TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            for (int i = 0; i < FRAMES; i++) {
                if (!d.ws.open()) {
                    d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
                    sessions.add(d);
                }
                Move m = opening.get(rnd.nextInt(opening.size()));
                byte[] valid = DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard(rnd.nextBoolean() ? "101" : "102")
                        .setSeq(1 + rnd.nextInt(3)).setEvent(Plays.event(m))).build().toByteArray();
                d.ws.sendBinary(mutate(valid, rnd));
            }
            TestDriver last = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            await().atMost(Duration.ofSeconds(30)).until(() -> last.ws.received.size() > 0); // welcomed
            String metrics = relay.core().metrics().scrape();
            // the counters are registered up front (at 0): what matters is that none counted
            assertFalse(Pattern.compile("reason=\"unexpected\"} (?!0\\.0$)", Pattern.MULTILINE)
                    .matcher(metrics).find(), "no connection failed unexpectedly:\n" + metrics);
            for (String game : List.of("nk-r1-b1", "nk-r1-b2")) {
                var s = TestRelay.snapshot(relay, game);
                // every kept ply is a legal move of the stored game (the rules core checked it), at most the opening
                assertTrue(s.getPliesCount() <= opening.size(), game + ": " + s.getPliesCount());
            }
            sessions.forEach(TestDriver::close);
            last.close();
        }
    }
}
