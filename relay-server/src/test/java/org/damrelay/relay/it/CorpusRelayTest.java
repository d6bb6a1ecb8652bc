package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.GameResult;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real championship games through the relay: the PDN it serves reads back as the same moves. */
class CorpusRelayTest {

    @TempDir Path dir;

    @Test
    void corpusGamesComeBackFromThePdnEndpointMoveForMove() throws Exception {
        List<PdnGame> games = SharedTree.corpusFile("090417ronde12.pdn");
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
             TestDriver hallB = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(relay.port())) {
            String[] boards = {"101", "102", "103"};
            for (int b = 0; b < 3; b++) {
                TestDriver d = b == 2 ? hallB : hall;
                for (var m : games.get(b).plies()) d.send(boards[b], Plays.event(m));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> hall.acked("101") == games.get(0).plies().size()
                    && hall.acked("102") == games.get(1).plies().size() && hallB.acked("103") == games.get(2).plies().size());
            TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
            arbiter.request(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1").setResult(GameResult.WHITE_WINS)));

            String round = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port()
                    + "/pdn/nk/round/1.pdn")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
            List<PdnGame> back = PdnReader.parse(round);
            assertEquals(3, back.size(), round);
            for (int b = 0; b < 3; b++) assertEquals(games.get(b).plies(), back.get(b).plies(), "board " + (b + 1));
            assertEquals("2-0", back.get(0).result());
            assertTrue(back.get(1).result().equals("*"));
            arbiter.close();
        }
    }
}
