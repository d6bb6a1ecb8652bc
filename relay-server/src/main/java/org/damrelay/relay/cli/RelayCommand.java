package org.damrelay.relay.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.config.Tokens;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code damrelay relay [--config FILE]}: runs the relay until it is stopped. */
@Command(name = "relay", mixinStandardHelpOptions = true,
        description = "Run the relay server: driver ingest, spectator fan-out, arbiter API, PDN and metrics.")
public final class RelayCommand implements Callable<Integer> {

    @Option(names = "--config", paramLabel = "FILE", description = "JSON or YAML config; without it the embedded defaults apply")
    Path config;

    @Option(names = "--port", description = "listen port, overriding the config (0 = any free port)")
    Integer port;

    @Option(names = "--data", paramLabel = "DIR", description = "data directory (journal), overriding the config")
    Path data;

    @Option(names = "--hash-token", paramLabel = "TOKEN", description = "print the SHA-256 digest to put in the config for TOKEN, and exit")
    String hashToken;

    @Override
    public Integer call() throws Exception {
        if (hashToken != null) {
            System.out.println(Tokens.sha256Hex(hashToken));
            return 0;
        }
        RelayConfig c = config == null ? ConfigLoader.defaults() : ConfigLoader.load(config);
        if (port != null) c = c.withPort(port);
        if (data != null) c = c.withDataDir(data.toAbsolutePath().toString());
        RelayServer server = RelayServer.start(c);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "relay-shutdown"));
        // one machine-readable line: tests and scripts read the bound port from it
        System.out.println("damrelay relay listening on port " + server.port());
        System.out.flush();
        server.awaitClose();
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new RelayCommand()).execute(args));
    }
}
