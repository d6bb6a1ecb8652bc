package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An edge that has not had the origin's state yet (real Redis, the origin not up) refuses
 * spectators' WebSockets with 503 and its reason, instead of a game at version 0 that tells a
 * returning spectator its moves were lost in a power cut; once the origin answers, it serves.
 */
class EdgeWithoutStateTest {

    @TempDir Path dir;
    private ClusterRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void anEdgeWithoutStateRefusesSpectatorsUntilItHasIt() throws Exception {
        rig = ClusterRig.redisOnly(dir, 0);
        int originPort;
        try (ServerSocket s = new ServerSocket(0)) {
            originPort = s.getLocalPort();
        }
        rig.edges.add(RelayServer.start(rig.edgeConfig(0, originPort, 0)));
        RelayServer edge = rig.edge(0);
        WsClient early = WsClient.connect(edge.port(), "/ws");
        assertEquals(503, early.httpStatus(), "no state yet: refused with a reason");

        rig.origin = RelayServer.start(rig.originConfig().withPort(originPort));
        await().atMost(Duration.ofSeconds(60)).until(() -> edge.edgeFeed().syncs() > 0);
        WsClient later = WsClient.connect(edge.port(), "/ws");
        assertEquals(0, later.httpStatus());
        assertTrue(later.open());
        later.close();
    }
}
