package org.damrelay.relay.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import org.damrelay.proto.GameInfo;
import org.damrelay.relay.ConfigCheck;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.config.ClusterConfig;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.ConfigWatcher;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.store.DataDirLock;
import org.damrelay.relay.store.DiskSpace;
import org.damrelay.relay.store.JournalDamagedException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

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

    @Option(names = "--hash-token", paramLabel = "FILE", arity = "0..1", fallbackValue = "-",
            description = "print the SHA-256 digest to put in the config for the token read from FILE's first line"
                    + " (without FILE or with -: from standard input), and exit; the secret never goes on a command line")
    String hashToken;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (hashToken != null) return hashToken();
        RelayConfig c;
        try {
            c = config == null ? ConfigLoader.defaults() : ConfigLoader.load(config);
            if (port != null) c = c.withPort(port);
            if (data != null) c = c.withDataDir(data.toAbsolutePath().toString());
            // everything a start needs, checked before anything is opened: one line, never a trace
            ConfigCheck.check(c);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("damrelay relay: " + (config == null || e.getMessage().contains(config.toString())
                    ? "" : "config " + config + ": ") + e.getMessage().lines().findFirst().orElse(""));
            return 1;
        }
        RelayServer server;
        try {
            server = RelayServer.start(c);
        } catch (IllegalArgumentException e) {
            // anything the check above could not foresee: still one line
            spec.commandLine().getErr().println("damrelay relay: " + (config == null ? "" : "config " + config + ": ")
                    + e.getMessage().lines().findFirst().orElse(""));
            return 1;
        } catch (JournalDamagedException e) {
            spec.commandLine().getErr().println("damrelay relay: " + e.getMessage());
            return 1;
        } catch (IllegalStateException e) {
            // a cluster relay that cannot reach Redis: one line, not a trace
            spec.commandLine().getErr().println("damrelay relay: " + e.getMessage());
            return 2;
        } catch (DataDirLock.InUse e) {
            spec.commandLine().getErr().println("damrelay relay: " + e.getMessage());
            return 1;
        } catch (RelayServer.CannotListen e) {
            spec.commandLine().getErr().println("damrelay relay: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            // a full disk, a directory it may not write: one line naming the directory, not a trace
            spec.commandLine().getErr().println("damrelay relay: " + DiskSpace.startFailure(c.dataPath(), e));
            return 1;
        }
        // tokens added or revoked in the file take effect while the relay runs (docs/relay.md);
        // the period is a system property only so that tests need not wait 2 s per save
        if (config != null) new ConfigWatcher(config, c, Long.getLong("damrelay.configWatchMillis", 2000), ConfigCheck::problem,
                server::reload, server::configRejected);
        // SIGTERM and Ctrl-C are the way a relay is stopped: close cleanly, then exit 0 (not the JVM's 143)
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), s -> new Thread(server::close, "relay-stop").start());
            } catch (IllegalArgumentException e) {
                // a JVM that keeps the signal to itself (-Xrs): the shutdown hook below still closes cleanly
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "relay-shutdown"));
        // one machine-readable line: tests and scripts read the bound port from it
        spec.commandLine().getOut().println("damrelay relay listening on port " + server.port());
        for (String line : serving(c, server.port())) spec.commandLine().getOut().println("  " + line);
        for (String warning : ConfigCheck.warnings(c)) spec.commandLine().getOut().println("  warning: " + warning);
        String lan = lanAddresses(c, server.port());
        if (lan != null) spec.commandLine().getOut().println("  " + lan);
        spec.commandLine().getOut().flush();
        server.awaitClose();
        server.close(); // returns once the stop that closed the port has closed the journal too
        return 0;
    }

    /** What this relay serves and where a person points a browser, so a start is never silent. */
    static List<String> serving(RelayConfig c, int port) {
        String host = c.listen().host();
        // 0.0.0.0 / :: listen everywhere; this machine itself reaches them on loopback
        if (host == null || host.isBlank() || host.equals("0.0.0.0") || host.equals("::")) host = "127.0.0.1";
        if (host.contains(":")) host = "[" + host + "]";
        String base = (c.tls().enabled() ? "https://" : "http://") + host + ":" + port;
        List<String> out = new ArrayList<>();
        if (c.cluster() != null && c.cluster().role() == ClusterConfig.Role.EDGE) {
            out.add("edge relay: spectators of " + c.cluster().origin() + "'s events at " + base + "/");
            return out;
        }
        if (c.events().isEmpty()) {
            out.add("no event configured: the viewer at " + base + "/ has nothing to show and no driver can connect");
            out.add("create one: damrelay event new DIR --name \"...\" --boards N, then damrelay relay --config DIR/relay.yaml");
            return out;
        }
        EventDirectory games = EventDirectory.from(c);
        for (EventConfig e : c.events()) {
            int round = roundOnNow(e, games.games(e.id(), 0), LocalDate.now());
            String query = "?event=" + e.id() + (round > 0 ? "&round=" + round : "");
            out.add("event " + e.id() + " (" + e.name() + "): viewer " + base + "/" + query + ", arbiter " + base + "/arbiter.html" + query);
        }
        return out;
    }

    /**
     * The round the addresses open: the one dated today, else the highest one with pairings (the
     * organiser adds each round's rows when they are known, and a board feeds the highest round
     * that names it); 0 when there are no pairings yet.
     */
    static int roundOnNow(EventConfig e, List<GameInfo> games, LocalDate today) {
        for (EventConfig.RoundConfig r : e.rounds()) {
            if (today.toString().equals(r.date() == null ? null : r.date().strip())
                    && games.stream().anyMatch(g -> g.getRound() == r.number())) return r.number();
        }
        return games.stream().mapToInt(GameInfo::getRound).max().orElse(0);
    }

    /**
     * Where phones and other machines on the hall's network reach a relay listening on every
     * interface (the lines above name loopback), or null when it listens on one address only.
     */
    static String lanAddresses(RelayConfig c, int port) {
        String host = c.listen().host();
        if (host != null && !host.isBlank() && !host.equals("0.0.0.0") && !host.equals("::")) return null;
        List<String> found = new ArrayList<>();
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!ni.isUp() || ni.isLoopback()) continue;
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof Inet4Address && a.isSiteLocalAddress()) found.add((c.tls().enabled() ? "https://" : "http://") + a.getHostAddress() + ":" + port + "/");
                }
            }
        } catch (SocketException e) {
            return null; // only a convenience: the loopback address is printed anyway
        }
        return found.isEmpty() ? null : "on this network: " + String.join(", ", found);
    }

    private int hashToken() throws IOException {
        String token;
        if (hashToken.equals("-")) {
            token = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } else {
            try (var lines = Files.lines(Path.of(hashToken), StandardCharsets.UTF_8)) {
                token = lines.findFirst().orElse(null);
            } catch (IOException e) {
                spec.commandLine().getErr().println("damrelay relay: cannot read the token from " + hashToken + ": " + e.getMessage());
                return 2;
            }
        }
        if (token == null || token.isBlank()) {
            spec.commandLine().getErr().println("damrelay relay: --hash-token read no token (one line: the secret)");
            return 2;
        }
        spec.commandLine().getOut().println(Tokens.sha256Hex(token.strip()));
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new RelayCommand()).execute(args));
    }
}
