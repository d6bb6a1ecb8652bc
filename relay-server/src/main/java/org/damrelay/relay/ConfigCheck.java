package org.damrelay.relay;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLException;
import org.damrelay.relay.config.ClusterConfig;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.event.EventDirectory;

/**
 * Everything a start needs of a config besides reading it: the pairings files and every board's
 * settings (time controls, variants, start positions), the TLS files, the trusted proxies and the
 * cluster's settings. One place, used by a start and by every re-read ({@code ConfigWatcher}), so
 * a save the relay could not start with is never taken while it runs.
 */
public final class ConfigCheck {

    private ConfigCheck() {}

    /** What would stop a start with {@code config}, in one line naming the key, or null. */
    public static String problem(RelayConfig config) {
        try {
            check(config);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** @throws IllegalArgumentException naming the key and what is wrong with it */
    public static void check(RelayConfig config) {
        ClusterConfig cc = config.cluster() == null ? ClusterConfig.single() : config.cluster();
        String cluster = cc.problem();
        if (cluster != null) throw new IllegalArgumentException(cluster);
        trustedProxies(config);
        for (EventConfig e : config.events()) {
            if (e.pairings() != null && !e.pairings().isBlank()) {
                Path p = config.resolve(e.pairings());
                if (!Files.isReadable(p)) {
                    throw new IllegalArgumentException("event " + e.id() + ": pairings " + p + " cannot be read (no such file, or not readable)");
                }
            }
        }
        for (EventConfig e : config.events()) {
            String sample = sampleToken(e);
            if (sample != null && !e.id().equals(SAMPLE_EVENT)) {
                throw new IllegalArgumentException("event " + e.id() + ": token " + sample + " is the sample event's public token"
                        + " (deploy/sample-event): anyone may read it; make fresh ones with damrelay event new DIR");
            }
        }
        // loads the pairings and parses every board's settings, as the start does
        EventDirectory.from(config);
        sslContext(config);
    }

    /** The id of the event deploy/sample-event ships: its tokens are public, so they are taken for it alone. */
    public static final String SAMPLE_EVENT = "sample";
    /** SHA-256 of the sample's public tokens, "sample-hall-a" and "sample-chief" (its README prints them). */
    private static final Set<String> SAMPLE_DIGESTS = Set.of(
            "2f3f850865654b914cd964f8de09a30f69100b2289163c8c8bd33f6f0657c055",
            "1ed4896cd8dc4beb023bb8e41626544e6afaf58a4b8265111ac56a2d183158ff");

    /** The name of the first token of {@code e} that is one of the sample's public ones, or null. */
    static String sampleToken(EventConfig e) {
        for (List<EventConfig.TokenConfig> list : List.of(e.driverTokens(), e.arbiterTokens())) {
            for (EventConfig.TokenConfig t : list) if (!t.revoked() && SAMPLE_DIGESTS.contains(t.sha256().toLowerCase())) return t.name();
        }
        return null;
    }

    /** What a start tells but does not refuse: the sample event, whose tokens anyone can read, in use. */
    public static List<String> warnings(RelayConfig config) {
        List<String> out = new java.util.ArrayList<>();
        for (EventConfig e : config.events()) {
            String sample = sampleToken(e);
            if (sample != null) {
                out.add("event " + e.id() + " uses the sample's public token " + sample + ": for trying only, anyone may act with it"
                        + (config.listen().host().startsWith("127.") ? "" : " (and this relay listens beyond this machine, on "
                        + config.listen().host() + ")"));
            }
        }
        return out;
    }

    /** The TLS context the config names, or null for plain HTTP. */
    static SslContext sslContext(RelayConfig config) {
        if (config.tls() == null || !config.tls().enabled()) return null;
        Path cert = config.resolve(config.tls().certChainPem());
        String keyName = config.tls().privateKeyPem();
        if (keyName == null || keyName.isBlank()) throw new IllegalArgumentException("tls.privateKeyPem is empty while tls.certChainPem is set");
        Path key = config.resolve(keyName);
        if (!Files.isReadable(cert)) throw new IllegalArgumentException("tls.certChainPem: " + cert + " cannot be read (no such file, or not readable)");
        if (!Files.isReadable(key)) throw new IllegalArgumentException("tls.privateKeyPem: " + key + " cannot be read (no such file, or not readable)");
        try {
            return SslContextBuilder.forServer(cert.toFile(), key.toFile()).build();
        } catch (SSLException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new IllegalArgumentException("tls: " + cert + " and " + key + " are not a certificate chain and its private key (PEM): " + why);
        }
    }

    static Set<InetAddress> trustedProxies(RelayConfig config) {
        Set<InetAddress> out = new HashSet<>();
        for (String p : config.edge().trustedProxies()) {
            InetAddress a = NetUtil.createInetAddressFromIpAddressString(p.strip());
            if (a == null) throw new IllegalArgumentException("edge.trustedProxies: \"" + p + "\" is not an IP address");
            out.add(a);
        }
        return out;
    }
}
