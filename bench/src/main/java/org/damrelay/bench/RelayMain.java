package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.Path;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;

/**
 * The relay under test in its own process: starts from a config file, prints {@code @@ <port>}
 * and serves until stdin closes (the orchestrator exiting, even abnormally, stops it too).
 */
public final class RelayMain {

    public static void main(String[] args) throws Exception {
        try (RelayServer relay = RelayServer.start(ConfigLoader.load(Path.of(args[0])))) {
            relay.awaitState(60_000); // an edge refuses spectators (503) until it has the origin's state
            System.out.println(GeneratorMain.REPLY + relay.port());
            System.out.flush();
            try {
                while (System.in.read() >= 0) { /* wait for EOF */ }
            } catch (IOException e) {
                // orchestrator gone: stop
            }
        }
    }
}
