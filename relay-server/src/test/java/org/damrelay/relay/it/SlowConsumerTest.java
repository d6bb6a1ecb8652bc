package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spectator that cannot keep up skips to the latest snapshot instead of being buffered without bound; one that stays stuck is cut. */
class SlowConsumerTest {

    @TempDir Path dir;

    private static RelayConfig config(Path dir, long cutMillis) {
        RelayConfig c = TestRelay.config(dir, 0);
        RelayConfig.Limits l = c.limits();
        return c.withLimits(new RelayConfig.Limits(l.maxFrameBytes(), l.spectatorMessagesPerSecond(), l.maxSubscriptionsPerConnection(),
                l.connectionsPerIp(), l.idleTimeoutSeconds(), l.allowedOrigins(), 1024, 4096, cutMillis,
                l.helloTimeoutMillis(), l.maxCatchUpUpdates(), 4096));
    }

    private static WsClient stalledSpectator(int port) throws Exception {
        WsClient c = WsClient.connect(port, "/ws", new DefaultHttpHeaders(), 1 << 20, b -> b.option(ChannelOption.SO_RCVBUF, 2048));
        c.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setEventId("nk").setRound(1)).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(c).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        c.reading(false);
        return c;
    }

    private static double dropped(RelayServer relay) {
        Matcher m = Pattern.compile("(?m)^damrelay_messages_dropped_total\\S* (\\S+)$").matcher(relay.core().metrics().scrape());
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private static void playMany(RelayServer relay, TestDriver hall, TestDriver hallB, int plies) {
        Map<String, List<Move>> lines = Map.of("101", Plays.line(plies, 1), "102", Plays.line(plies, 2), "103", Plays.line(plies, 3));
        for (int i = 0; i < plies; i++) {
            if (i < lines.get("101").size()) hall.send("101", Plays.event(lines.get("101").get(i)));
            if (i < lines.get("102").size()) hall.send("102", Plays.event(lines.get("102").get(i)));
            if (i < lines.get("103").size()) hallB.send("103", Plays.event(lines.get("103").get(i)));
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> hall.acked("101") == lines.get("101").size()
                && hall.acked("102") == lines.get("102").size() && hallB.acked("103") == lines.get("103").size());
    }

    /** The newest version of a game a client holds, from snapshots or updates. */
    private static int newest(WsClient c, String gameId) {
        int v = 0;
        for (SpectatorMessage.Builder m : SpectatorFlowTest.messages(c)) {
            if (m.hasSnapshot() && m.getSnapshot().getInfo().getGameId().equals(gameId)) v = Math.max(v, m.getSnapshot().getVersion());
            if (m.hasUpdate() && m.getUpdate().getGameId().equals(gameId)) v = Math.max(v, m.getUpdate().getVersion());
        }
        return v;
    }

    private static int version(RelayServer relay, String gameId) throws Exception {
        return TestRelay.onRelay(relay, gameId, g -> g.released());
    }

    @Test
    void aSpectatorThatFallsBehindSkipsToTheLatestSnapshot() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, 60_000));
             TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
             TestDriver hallB = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(relay.port())) {
            WsClient slow = stalledSpectator(relay.port());
            WsClient fast = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setEventId("nk").setRound(1).build());
            playMany(relay, hall, hallB, 80);
            await().atMost(Duration.ofSeconds(30)).until(() -> dropped(relay) > 0);

            slow.reading(true);
            // once drained it gets a fresh snapshot of each game at its latest version
            for (String g : List.of("nk-r1-b1", "nk-r1-b2", "nk-r1-b3")) {
                int latest = version(relay, g);
                await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(slow).stream()
                        .anyMatch(m -> m.hasSnapshot() && m.getSnapshot().getInfo().getGameId().equals(g) && m.getSnapshot().getVersion() == latest));
            }
            long slowUpdates = SpectatorFlowTest.messages(slow).stream().filter(SpectatorMessage.Builder::hasUpdate).count();
            long all = version(relay, "nk-r1-b1") + version(relay, "nk-r1-b2") + version(relay, "nk-r1-b3");
            assertTrue(slowUpdates < all, "the slow one skipped updates: " + slowUpdates + " of " + all);
            // a reading spectator ends at the latest state of every game, whatever the stalled one does
            for (String g : List.of("nk-r1-b1", "nk-r1-b2", "nk-r1-b3")) {
                int latest = version(relay, g);
                await().atMost(Duration.ofSeconds(30)).until(() -> newest(fast, g) == latest);
            }
            assertTrue(slow.open());
            slow.close();
            fast.close();
        }
    }

    @Test
    void aSpectatorThatStaysStuckIsCut() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, 500));
             TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
             TestDriver hallB = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(relay.port())) {
            WsClient stuck = stalledSpectator(relay.port());
            playMany(relay, hall, hallB, 80);
            await().atMost(Duration.ofSeconds(30)).until(() -> dropped(relay) > 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> relay.core().metrics().connections("spectator") == 0);
            assertEquals(0, relay.core().metrics().connections("spectator"));
            stuck.close();
        }
    }
}
