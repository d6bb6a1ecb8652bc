package org.damrelay.app.uplink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.uplink.BoardFeed;
import org.damrelay.driver.uplink.Outbox;
import org.damrelay.driver.uplink.RelayUplink;
import org.damrelay.driver.uplink.UplinkConfig;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.GameSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver against the real relay: the relay goes away for a long stretch of the game (the
 * "hour" is compressed: the moves are played into the outbox as fast as they come), comes back
 * from its journal, and every move arrives exactly once, in order. Then the driver itself
 * restarts with unacked events and the same outbox directory.
 */
@Timeout(90)
class DriverOutageTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String GAME = "nk-r1-b1";

    @TempDir Path dir;

    private static UplinkConfig uplinkConfig(HallRelay relay) {
        return UplinkConfig.of(relay.ingest(), HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                .withBackoff(Duration.ofMillis(50), Duration.ofMillis(400));
    }

    /** Plays plies [from, to) of the game as the reconstruction would report them. */
    private static void play(BoardFeed feed, PdnGame game, int from, int to) {
        Position p = game.positionAfter(from);
        for (int i = from; i < to; i++) {
            Move m = game.plies().get(i);
            Position after = p.apply(m);
            feed.onEvent(new ArbiterEvent(EventType.MOVE, null, i + 1, p.sideToMove(), 1000L * i,
                    List.of(m.from(), m.to()), "", m, p, after, null));
            p = after;
        }
    }

    private static void assertGameIs(GameSnapshot s, PdnGame game, int plies) {
        assertEquals(plies, s.getPliesCount(), "every ply exactly once");
        for (int i = 0; i < plies; i++) {
            Move m = game.plies().get(i);
            assertEquals(m.from(), s.getPlies(i).getMove().getFrom(), "ply " + (i + 1));
            assertEquals(m.to(), s.getPlies(i).getMove().getTo(), "ply " + (i + 1));
            assertEquals(m.capturedSquares(), s.getPlies(i).getMove().getCapturedList(), "ply " + (i + 1));
        }
        assertEquals(plies, s.getVersion(), "no duplicate or stray update");
    }

    @Test
    void aDriverCutOffFromTheRelayCatchesUpWithoutLossOrDuplication() throws Exception {
        PdnGame game = HallRelay.corpusGame(70);
        Path outboxDir = dir.resolve("outbox");
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start()) {
            Outbox outbox = Outbox.open(outboxDir);
            RelayUplink uplink = new RelayUplink(uplinkConfig(relay), outbox).start();
            BoardFeed feed = new BoardFeed("5521", game.variant(), outbox);

            play(feed, game, 0, 20);
            await().atMost(WAIT).until(() -> relay.snapshot(GAME).getPliesCount() == 20 && outbox.unacked().isEmpty());

            relay.stop();
            await().atMost(WAIT).until(() -> !uplink.connected());
            play(feed, game, 20, 50);
            assertEquals(30, outbox.unacked().size(), "the outage is played into the outbox");
            relay.start();
            await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
            assertGameIs(relay.snapshot(GAME), game, 50);

            // the relay goes again, and this time the driver is restarted before it comes back
            relay.stop();
            await().atMost(WAIT).until(() -> !uplink.connected());
            play(feed, game, 50, 60);
            uplink.close();
            outbox.close();

            Outbox reopened = Outbox.open(outboxDir);
            assertEquals(List.of(51L, 52L, 53L, 54L, 55L, 56L, 57L, 58L, 59L, 60L),
                    reopened.unacked().stream().map(BoardEvent::getSeq).toList());
            BoardFeed again = new BoardFeed("5521", game.variant(), reopened);
            play(again, game, 60, 70);
            assertEquals(70, reopened.lastSeq("5521"), "numbering resumes after the restart");
            relay.start();
            RelayUplink second = new RelayUplink(uplinkConfig(relay), reopened).start();
            try {
                await().atMost(WAIT).until(() -> reopened.unacked().isEmpty());
                assertGameIs(relay.snapshot(GAME), game, 70);
            } finally {
                second.close();
                reopened.close();
            }
        }
    }
}
