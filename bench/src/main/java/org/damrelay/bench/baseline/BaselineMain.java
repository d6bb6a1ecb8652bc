package org.damrelay.bench.baseline;

import java.io.IOException;

/**
 * The baseline in its own process, in place of RelayMain: prints {@code @@ <port>} and serves
 * until stdin closes. Argument: the host to listen on (default 127.0.0.1).
 */
public final class BaselineMain {

    public static void main(String[] args) throws Exception {
        try (BaselineServer server = BaselineServer.start(args.length > 0 ? args[0] : "127.0.0.1", 0)) {
            System.out.println("@@ " + server.port());  // GeneratorMain.REPLY
            System.out.flush();
            try {
                while (System.in.read() >= 0) { /* wait for EOF */ }
            } catch (IOException e) {
                // orchestrator gone: stop
            }
        }
    }
}
