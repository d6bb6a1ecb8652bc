package org.damrelay.app.uplink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.uplink.BoardFeed;
import org.damrelay.driver.uplink.Outbox;
import org.damrelay.driver.uplink.RelayUplink;
import org.damrelay.driver.uplink.UplinkConfig;
import org.damrelay.proto.GameSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A round of four boards with bad luck, seeded: at random points the relay stops and comes back
 * from its journal, and the driver stops and comes back over its outbox (in-process stops), while
 * the boards play on. At the end every game on the relay is the boards' game: 0 plies lost, 0
 * duplicated.
 */
@Timeout(60)
class ChaosRoundTest {
    private static final long SEED = 13L;
    private static final int PLIES = 30;
    private static final List<String> BOARDS = List.of("5521", "5522", "5523", "5524");

    @TempDir Path dir;

    /** The driver: its outbox, its uplink and one feed per board; stopped and started again as a whole. */
    private static final class Driver {
        final Outbox outbox;
        final RelayUplink uplink;
        final List<BoardFeed> feeds = new ArrayList<>();

        Driver(Path outboxDir, HallRelay relay, PdnGame game) throws Exception {
            outbox = Outbox.open(outboxDir);
            uplink = new RelayUplink(UplinkConfig.of(relay.ingest(), HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                    .withBackoff(Duration.ofMillis(20), Duration.ofMillis(200)), outbox).start();
            for (String b : BOARDS) feeds.add(new BoardFeed(b, game.variant(), outbox));
        }

        void stop() throws Exception {
            uplink.close();
            outbox.close();
        }
    }

    private static void play(BoardFeed feed, PdnGame game, int ply) {
        Position p = game.positionAfter(ply);
        Move m = game.plies().get(ply);
        feed.onEvent(new ArbiterEvent(EventType.MOVE, null, ply + 1, p.sideToMove(), 1000L * ply,
                List.of(m.from(), m.to()), "", m, p, p.apply(m), null));
    }

    @Test
    void relayAndDriverStoppedAtRandomPointsLoseAndRepeatNothing() throws Exception {
        Random rnd = new Random(SEED);
        PdnGame game = HallRelay.corpusGame(PLIES);
        Path outboxDir = dir.resolve("outbox");
        int relayStops = 0, driverStops = 0;
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start()) {
            Driver driver = new Driver(outboxDir, relay, game);
            boolean relayUp = true;
            int[] played = new int[BOARDS.size()];
            while (true) {
                List<Integer> open = new ArrayList<>();
                for (int b = 0; b < played.length; b++) if (played[b] < PLIES) open.add(b);
                if (open.isEmpty()) break;
                int b = open.get(rnd.nextInt(open.size()));
                play(driver.feeds.get(b), game, played[b]++);
                int roll = rnd.nextInt(100);
                if (roll < 4) {
                    if (relayUp) relay.stop();
                    else relay.start();
                    relayUp = !relayUp;
                    relayStops++;
                } else if (roll < 8) {
                    driver.stop();
                    driver = new Driver(outboxDir, relay, game);
                    driverStops++;
                } else if (roll < 20) {
                    Outbox o = driver.outbox; // let the uplink catch up now and then, as time passes in a hall
                    if (relayUp) await().atMost(Duration.ofSeconds(20)).until(() -> o.unacked().isEmpty());
                }
            }
            if (!relayUp) relay.start();
            Outbox last = driver.outbox;
            await().atMost(Duration.ofSeconds(30)).until(() -> last.unacked().isEmpty());
            for (int b = 0; b < BOARDS.size(); b++) {
                GameSnapshot s = relay.snapshot("nk-r1-b" + (b + 1));
                assertEquals(PLIES, s.getPliesCount(), "board " + BOARDS.get(b) + ": every ply exactly once");
                for (int i = 0; i < PLIES; i++) {
                    Move m = game.plies().get(i);
                    assertEquals(m.from(), s.getPlies(i).getMove().getFrom(), "ply " + (i + 1));
                    assertEquals(m.to(), s.getPlies(i).getMove().getTo(), "ply " + (i + 1));
                }
                assertEquals(PLIES, s.getVersion(), "no duplicate or stray update");
            }
            driver.stop();
        }
        // the seed must actually hit both kinds of stop
        assertEquals(true, relayStops >= 2 && driverStops >= 2, relayStops + " relay stops, " + driverStops + " driver stops");
    }
}
