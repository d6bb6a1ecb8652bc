package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.RelayAlert;
import org.damrelay.proto.RelayAlertType;
import org.damrelay.relay.config.Tokens;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay command re-reading its config file while a driver and an arbiter are connected: a
 * fuzzed set of saves it cannot use (empty sections, unknown keys, half-written, binary, a digest
 * cut short) each keeps the tokens in force, is logged once naming the file and raises a
 * {@code CONFIG_REJECTED} alert; the next good save that revokes the driver's token still closes its
 * session within seconds, and a new hello with it fails.
 */
class ConfigReloadTest {

    @TempDir Path dir;
    private RelayProcess relay;

    @AfterEach
    void stop() {
        if (relay != null) relay.close();
    }

    @Test
    void badSavesKeepTheLastGoodConfigAndAGoodSaveStillRevokes() throws Exception {
        Path config = dir.resolve("relay.yaml");
        String good = TestRelay.yaml(dir.resolve("data"), 0);
        Files.writeString(config, good);
        relay = RelayProcess.start(config, 0);
        int port = relay.port();
        TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port);
        hall.sendDurable("101", Plays.event(Move.quiet(32, 28)));
        TestArbiter arbiter = TestArbiter.connect(port, TestRelay.ARBITER_TOKEN, "nk", "chief");
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(ArbiterMessage.Builder::hasOk));

        List<byte[]> bad = badSaves(good, new Random(22));
        for (int i = 0; i < bad.size(); i++) {
            save(config, bad.get(i));
            int n = i + 1;
            await().atMost(Duration.ofSeconds(30)).until(() -> rejectedLines() >= n);
            await().atMost(Duration.ofSeconds(30)).until(() -> relayAlerts(arbiter, false).size() >= n);
        }
        assertEquals(bad.size(), rejectedLines(), "each bad save logged once: " + relay.lines());
        assertTrue(relay.lines().stream().filter(l -> l.contains("cannot be used")).allMatch(l -> l.contains(config.toString())),
                "every rejection names the file");
        assertTrue(relay.lines().stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + relay.lines());
        RelayAlert last = relayAlerts(arbiter, false).get(bad.size() - 1);
        assertEquals(RelayAlertType.CONFIG_REJECTED, last.getType());
        assertTrue(last.getText().contains("relay.yaml"), last.getText());

        // the tokens in force stayed: the driver's session is open and its next move goes through
        assertTrue(hall.ws.open(), "the driver's session survived every bad save");
        hall.sendDurable("101", Plays.event(Move.quiet(19, 23)));
        // a console opened now still hears that the file on disk is not the one in force
        TestArbiter late = TestArbiter.connect(port, TestRelay.ARBITER_TOKEN, "nk", "chief");
        await().atMost(Duration.ofSeconds(30)).until(() -> relayAlerts(late, false).size() == 1);

        // the good save revokes hall's token: the watcher is alive and closes its session
        save(config, good.replace("{name: hall, sha256: " + Tokens.sha256Hex(TestRelay.DRIVER_TOKEN) + "}",
                "{name: hall, sha256: " + Tokens.sha256Hex(TestRelay.DRIVER_TOKEN) + ", revoked: true}").getBytes(StandardCharsets.UTF_8));
        await().atMost(Duration.ofSeconds(15)).until(() -> hall.ws.closed.isDone());
        assertEquals(4401, hall.ws.closeCode, hall.ws.closeReason);
        TestDriver again = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port);
        await().atMost(Duration.ofSeconds(30)).until(() -> again.ws.closed.isDone());
        assertEquals(4401, again.ws.closeCode, again.ws.closeReason);
        await().atMost(Duration.ofSeconds(30)).until(() -> relayAlerts(arbiter, true).size() == 1);
        assertEquals(bad.size(), rejectedLines());
        arbiter.close();
        late.close();
    }

    /** Saves an editor or a person could leave behind, none of which the relay can use. */
    static List<byte[]> badSaves(String good, Random random) {
        List<String> text = new ArrayList<>();
        int events = good.indexOf("events:");
        text.add(good.substring(0, events) + "events:\n");                    // the section emptied to null
        text.add(good.substring(0, events) + "events: []\n");                 // every event gone
        text.add(good + "evnts: []\n");                                       // an unknown key
        text.add(good.replace("limits: {", "limits:\nx: {"));                 // a section left empty
        text.add("");                                                         // an empty file
        text.add("- listen\n- events\n");                                     // not an object
        text.add(good.replace("events:", "events: [{id: nk"));                // does not parse
        text.add(good.replace(Tokens.sha256Hex(TestRelay.DRIVER_TOKEN), Tokens.sha256Hex(TestRelay.DRIVER_TOKEN).substring(0, 20)));
        text.add(good.replaceFirst("driverTokens: \\[[^\n]*\n", "driverTokens:\n"));   // the token list left empty
        // half-written: cut anywhere inside the first event's token list (the unclosed list never parses)
        int from = good.indexOf("driverTokens: [") + "driverTokens: [".length();
        int to = good.indexOf(']', from);
        for (int i = 0; i < 3; i++) text.add(good.substring(0, from + random.nextInt(to - from)));
        List<byte[]> out = new ArrayList<>();
        for (String t : text) out.add(t.getBytes(StandardCharsets.UTF_8));
        byte[] binary = new byte[600];
        random.nextBytes(binary);
        out.add(binary);
        return out;
    }

    /** Whole saves only (temp file and rename), so the watcher reads each version once. */
    private void save(Path config, byte[] bytes) throws Exception {
        Path tmp = dir.resolve("relay.yaml.tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private long rejectedLines() {
        return relay.lines().stream().filter(l -> l.contains("changed but cannot be used")).count();
    }

    private static List<RelayAlert> relayAlerts(TestArbiter a, boolean cleared) {
        return a.messages().stream().filter(ArbiterMessage.Builder::hasRelayAlert).map(ArbiterMessage.Builder::getRelayAlert)
                .filter(r -> r.getCleared() == cleared).toList();
    }
}
