package org.damrelay.driver.uplink;

import static org.awaitility.Awaitility.await;
import static org.damrelay.driver.uplink.OutboxTest.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.GameEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class RelayUplinkTest {

    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir Path tmp;
    private FakeIngestRelay relay;
    private Outbox outbox;
    private RelayUplink uplink;

    @BeforeEach
    void setUp() throws Exception {
        relay = new FakeIngestRelay().start();
        outbox = Outbox.open(tmp.resolve("outbox"));
    }

    @AfterEach
    void tearDown() throws Exception {
        if (uplink != null) uplink.close();
        outbox.close();
        relay.close();
    }

    private RelayUplink startUplink(String token) {
        UplinkConfig cfg = UplinkConfig.of(relay.uri(), token, "nk2026", "hall-a")
                .withBackoff(Duration.ofMillis(20), Duration.ofMillis(200));
        return new RelayUplink(cfg, outbox).start();
    }

    private static List<Long> oneTo(long n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    private static GameEvent ply(int n) {
        return move(n, 31 + n % 20, 26 + n % 20);
    }

    @Test
    void sendsWhatWasWaitingThenStreamsAndTrimsTheOutbox() throws Exception {
        outbox.append("5521", ply(1));
        outbox.append("5522", ply(1));
        uplink = startUplink(FakeIngestRelay.TOKEN);
        await().atMost(WAIT).until(() -> relay.storedSeqs("5521").size() == 1 && relay.storedSeqs("5522").size() == 1);
        for (int i = 2; i <= 5; i++) outbox.append("5521", ply(i));
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(oneTo(5), relay.storedSeqs("5521"));
        assertEquals(List.of(ply(1), ply(2), ply(3), ply(4), ply(5)),
                relay.stored("5521").stream().map(BoardEvent::getEvent).toList());
    }

    @Test
    void anOutageIsCaughtUpWithoutLossOrDuplication() throws Exception {
        uplink = startUplink(FakeIngestRelay.TOKEN);
        for (int i = 1; i <= 10; i++) outbox.append("5521", ply(i));
        await().atMost(WAIT).until(() -> relay.storedSeqs("5521").size() == 10);

        relay.stop();
        await().atMost(WAIT).until(() -> !uplink.connected());
        // the hall keeps playing while the relay is away: an hour of moves on two boards
        for (int i = 11; i <= 150; i++) {
            outbox.append("5521", ply(i));
            if (i % 2 == 0) outbox.append("5522", ply(i / 2));
        }
        assertEquals(140 + 70, outbox.unacked().size(), "nothing acked while the relay is away");
        relay.start();

        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(oneTo(150), relay.storedSeqs("5521"));
        assertEquals(oneTo(70), relay.storedSeqs("5522"));
        assertTrue(uplink.welcomes() >= 2);
    }

    @Test
    void aRestartedDriverResumesNumberingAndResendsWhatWasUnacked() throws Exception {
        uplink = startUplink(FakeIngestRelay.TOKEN);
        for (int i = 1; i <= 3; i++) outbox.append("5521", ply(i));
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        relay.stop();
        for (int i = 4; i <= 6; i++) outbox.append("5521", ply(i));
        // the driver process ends while the relay is away
        uplink.close();
        outbox.close();

        outbox = Outbox.open(tmp.resolve("outbox"));
        assertEquals(List.of(4L, 5L, 6L), outbox.unacked().stream().map(BoardEvent::getSeq).toList());
        assertEquals(7, outbox.append("5521", ply(7)).getSeq());
        relay.start();
        uplink = startUplink(FakeIngestRelay.TOKEN);
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(oneTo(7), relay.storedSeqs("5521"));
    }

    @Test
    void welcomeDropsWhatTheRelayAlreadyHolds() throws Exception {
        for (int i = 1; i <= 8; i++) {
            BoardEvent e = outbox.append("5521", ply(i));
            if (i <= 5) relay.preload(e); // delivered before a crash lost the acks
        }
        uplink = startUplink(FakeIngestRelay.TOKEN);
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(oneTo(8), relay.storedSeqs("5521"));
        assertEquals(0, relay.duplicates.get(), "acked by Welcome, so not sent again");
    }

    @Test
    void aRefusedMoveHoldsTheBoardKeepsItsEventsAndGoesOnOnceResolved() throws Exception {
        relay.refuseSeq(3);
        uplink = startUplink(FakeIngestRelay.TOKEN);
        for (int i = 1; i <= 5; i++) outbox.append("5521", ply(i));
        outbox.append("5522", ply(1));
        await().atMost(WAIT).until(() -> relay.storedSeqs("5522").size() == 1 && relay.storedSeqs("5521").size() == 2);
        await().atMost(WAIT).until(() -> outbox.unacked().size() == 3);
        assertEquals(List.of(3L, 4L, 5L), outbox.unacked().stream().map(BoardEvent::getSeq).toList(),
                "refused and blocked events stay in the outbox");

        relay.resolve("5521");
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(List.of(1L, 2L, 4L, 5L), relay.storedSeqs("5521"), "seq 3 skipped by the arbiter, nothing invented");
    }

    @Test
    void anAuthRefusalIsFatalAndNotRetried() throws Exception {
        outbox.append("5521", ply(1));
        uplink = startUplink("wrong-token");
        ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> uplink.refused().get(WAIT.toSeconds(), TimeUnit.SECONDS));
        IngestRefusedException refused = assertInstanceOf(IngestRefusedException.class, e.getCause());
        assertEquals(4401, refused.closeCode());
        assertTrue(refused.getMessage().contains("--token"), refused.getMessage());
        assertEquals(1, relay.hellos.get());
        assertFalse(uplink.connected());
        assertEquals(1, outbox.unacked().size(), "the event waits in the outbox");
    }

    @Test
    void noMoreThanTheWindowIsInFlight() throws Exception {
        relay.holdAcks = true;
        for (int i = 1; i <= 30; i++) outbox.append("5521", ply(i));
        UplinkConfig cfg = UplinkConfig.of(relay.uri(), FakeIngestRelay.TOKEN, "nk2026", "hall-a")
                .withBackoff(Duration.ofMillis(20), Duration.ofMillis(200)).withWindow(8);
        uplink = new RelayUplink(cfg, outbox).start();
        await().atMost(WAIT).until(() -> relay.received.get() == 8);
        // nothing more goes out until acks come back
        await().pollDelay(Duration.ofMillis(300)).atMost(WAIT).until(() -> true);
        assertEquals(8, relay.received.get());
        relay.releaseAcks();
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(oneTo(30), relay.storedSeqs("5521"));
    }

    @Test
    void keepsRetryingWhileTheRelayIsDown() throws IOException, InterruptedException {
        relay.stop();
        outbox.append("5521", ply(1));
        uplink = startUplink(FakeIngestRelay.TOKEN);
        await().pollDelay(Duration.ofMillis(300)).atMost(WAIT).until(() -> !uplink.connected());
        relay.start();
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(oneTo(1), relay.storedSeqs("5521"));
    }
}
