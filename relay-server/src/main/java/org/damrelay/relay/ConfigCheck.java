package org.damrelay.relay;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.net.ssl.SSLException;
import org.damrelay.relay.cluster.ClusterConfig;
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
        // loads the pairings and parses every board's settings, as the start does
        EventDirectory.from(config);
        sslContext(config);
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
