package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.Side;
import org.damrelay.relay.RelayServer;

/**
 * Three championship games played through a relay as two halls' drivers send them, both clocks on
 * every move, two results entered by the arbiter; round 1's PDN as the relay serves it. What the
 * PDN tests read back, with our reader and with an outside library.
 */
final class RelayedRound {

    private RelayedRound() {}

    /** Board 1 won by white, board 2 drawn with promotions and flying kings, board 3 still played (70 plies). */
    static List<PdnGame> games() {
        List<PdnGame> file = SharedTree.corpusFile("090417ronde12.pdn");
        PdnGame unfinished = file.get(2);
        return List.of(file.get(0), file.get(1),
                new PdnGame(unfinished.tags(), unfinished.variant(), unfinished.start(), unfinished.plies().subList(0, 70), "*"));
    }

    /** The {@link #games()} through a relay with its data in {@code dir}; round 1's PDN as served. */
    static String pdn(Path dir) throws Exception {
        List<PdnGame> games = games();
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
             TestDriver hallB = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(relay.port())) {
            String[] boards = {"101", "102", "103"};
            for (int b = 0; b < 3; b++) {
                TestDriver d = b == 2 ? hallB : hall;
                List<Move> plies = games.get(b).plies();
                for (int i = 0; i < plies.size(); i++) {
                    Clock clock = Clock.newBuilder().setWhiteMs(5_400_000 - 20_000 * (i / 2 + 1)).setBlackMs(5_400_000 - 20_000 * ((i + 1) / 2))
                            .setRunning(i % 2 == 0 ? Side.BLACK : Side.WHITE).build();
                    d.send(boards[b], Plays.event(plies.get(i)).toBuilder().setClock(clock).build());
                }
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> hall.acked("101") == games.get(0).plies().size()
                    && hall.acked("102") == games.get(1).plies().size() && hallB.acked("103") == games.get(2).plies().size());
            try (TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
                arbiter.request(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1").setResult(GameResult.WHITE_WINS)));
                arbiter.request(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b2").setResult(GameResult.DRAW)));
            }
            HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + "/pdn/nk/round/1.pdn"))
                    .timeout(Duration.ofSeconds(5)).build();
            return HttpClient.newHttpClient().send(get, HttpResponse.BodyHandlers.ofString()).body();
        }
    }
}
