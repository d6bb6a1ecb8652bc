package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client cut for flooding is still sending when the relay closes it. It must read the close
 * code all the same: closing TCP while its frames are still arriving resets the connection, and a
 * reset can throw the relay's close frame away before the client reads it.
 */
class CloseHandshakeTest {

    @TempDir Path dir;
    RelayServer relay;

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(TestRelay.config(dir, 0));
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @RepeatedTest(5)
    void aFloodingSpectatorReadsWhyItWasCut() throws Exception {
        WsClient flood = WsClient.connect(relay.port(), "/ws");
        String subscribe = com.google.protobuf.util.JsonFormat.printer().print(
                SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setGameId("nk-r1-b1")).build());
        // far past the per-second limit, and still sending after the relay has decided to cut it
        for (int i = 0; i < 2000 && !flood.closed.isDone(); i++) flood.sendText(subscribe);
        await().atMost(Duration.ofSeconds(30)).until(() -> flood.closed.isDone());
        assertEquals(4429, flood.closeCode, "close reason: " + flood.closeReason);
    }
}
