package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.RelayAlert;
import org.damrelay.relay.config.Tokens;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves that parse but mean something else, or that a start could not use, through the relay
 * command: each is refused at start with one line naming the file and the key (exit 1, no trace),
 * and refused on a re-read while the relay runs, the CONFIG_REJECTED alert staying raised until a
 * good save.
 */
class ConfigMeaningTest {

    @TempDir Path dir;
    private RelayProcess relay;

    @AfterEach
    void stop() {
        if (relay != null) relay.close();
    }

    /** The key each bad save must name, and the save. */
    private Map<String, String> badSaves(String good) {
        String hall = "{name: hall, sha256: " + Tokens.sha256Hex(TestRelay.DRIVER_TOKEN) + "}";
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("revoked", good.replace(hall, hall.replace("}", ", revoked: ~}")));
        bad.put("revoked ", good.replace(hall, hall.replace("}", ", revoked: }")));
        bad.put("revoked  ", good.replace(hall, hall.replace("}", ", revoked: \"no\"}")));
        // a pasted second copy of the event, in which the token is not revoked
        int other = good.indexOf("  - id: other");
        int nk = good.indexOf("  - id: nk");
        bad.put("\"nk\" is given twice", good + good.substring(nk, other));
        bad.put("pairings", good.replace("    name: NK 2026\n", "    name: NK 2026\n    pairings: missing.csv\n"));
        bad.put("time control", good.replace("{number: 1, delaySeconds: 0}", "{number: 1, delaySeconds: 0, timeControl: banana}"));
        bad.put("tls.certChainPem", good.replace("events:", "tls: {certChainPem: nocert.pem, privateKeyPem: nokey.pem}\nevents:"));
        return bad;
    }

    @Test
    void aStartOnEachBadSaveIsOneLineNamingFileAndKeyWithExit1() throws Exception {
        String good = TestRelay.yaml(dir.resolve("data"), 0);
        for (Map.Entry<String, String> bad : badSaves(good).entrySet()) {
            Path config = dir.resolve("relay.yaml");
            Files.writeString(config, bad.getValue());
            RelayProcess.Failed f = RelayProcess.startFailing(config, 0);
            assertEquals(1, f.exitCode(), bad.getKey() + ": " + f.lines());
            assertEquals(1, f.lines().size(), bad.getKey() + ": one line, no trace: " + f.lines());
            String line = f.lines().get(0);
            assertTrue(line.contains(config.toString()), "names the file: " + line);
            assertTrue(line.toLowerCase().contains(bad.getKey().strip().toLowerCase()), bad.getKey() + " named: " + line);
        }
    }

    @Test
    void eachBadSaveIsRefusedOnReloadAndTheAlertStaysUntilAGoodSave() throws Exception {
        Path config = dir.resolve("relay.yaml");
        String good = TestRelay.yaml(dir.resolve("data"), 0);
        Files.writeString(config, good);
        relay = RelayProcess.start(config, 0);
        TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(ArbiterMessage.Builder::hasOk));
        List<String> bad = List.copyOf(badSaves(good).values());
        for (int i = 0; i < bad.size(); i++) {
            save(config, bad.get(i));
            int n = i + 1;
            await().atMost(Duration.ofSeconds(30)).until(() -> rejected() >= n);
            await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter, false) >= n);
            assertEquals(0, alerts(arbiter, true), "a save the relay could not start with does not clear the alert: " + relay.lines());
        }
        assertTrue(relay.lines().stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + relay.lines());
        // the duplicate block's unrevoked copy did not let a revoked token in
        TestDriver old = new TestDriver("old", "revoked-secret", "nk").connect(relay.port());
        await().atMost(Duration.ofSeconds(30)).until(() -> old.ws.closed.isDone());
        assertEquals(4401, old.ws.closeCode, old.ws.closeReason);
        save(config, good + "# saved again\n");
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter, true) == 1);
        assertEquals(bad.size(), rejected());
        arbiter.close();
    }

    private void save(Path config, String text) throws Exception {
        Path tmp = dir.resolve("relay.yaml.tmp");
        Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private long rejected() {
        return relay.lines().stream().filter(l -> l.contains("changed but cannot be used")).count();
    }

    private static long alerts(TestArbiter a, boolean cleared) {
        return a.messages().stream().filter(ArbiterMessage.Builder::hasRelayAlert).map(ArbiterMessage.Builder::getRelayAlert)
                .filter(r -> r.getCleared() == cleared).count();
    }
}
