package org.damrelay.app.uplink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.station.DriverStation;
import org.damrelay.driver.uplink.UplinkConfig;
import org.damrelay.emulator.InProcessLine;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.proto.EventType;
import org.damrelay.proto.SpectatorMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole chain: an emulated board plays the opening of a corpus game over an in-process serial
 * line; the driver decodes the bytes, reconstructs the moves and sends them through its outbox and
 * uplink to the real relay; a spectator on /ws sees the moves, in order, exactly once.
 */
@Timeout(120)
class EmulatorToSpectatorTest {
    private static final int PLIES = 16;
    /** The emulator runs this many times faster than life; the reconstruction's windows shrink with it. */
    private static final int PACE = 4;

    @TempDir Path dir;

    /** A spectator on /ws collecting the moves of its game. */
    static final class Spectator implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();
        private final List<String> moves = new ArrayList<>();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    SpectatorMessage.Builder m = SpectatorMessage.newBuilder();
                    JsonFormat.parser().ignoringUnknownFields().merge(partial.toString(), m);
                    if (m.hasUpdate() && m.getUpdate().hasEvent() && m.getUpdate().getEvent().getType() == EventType.MOVE) {
                        synchronized (moves) {
                            moves.add(m.getUpdate().getEvent().getNotation());
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException("spectator got a frame that is not a SpectatorMessage: " + partial, e);
                }
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        List<String> moves() {
            synchronized (moves) {
                return List.copyOf(moves);
            }
        }
    }

    private static Timeline emulate(PdnGame game) {
        return emulate(game, 7);
    }

    private static Timeline emulate(PdnGame game, long seed) {
        return QuickTimelines.of(game, PLIES, seed, -1, 0);
    }

    @Test
    void aSpectatorSeesTheEmulatedGameMoveByMoveInOrder() throws Exception {
        PdnGame game = HallRelay.corpusGame(PLIES);
        List<String> expected = new ArrayList<>();
        Position p = game.start();
        for (Move m : game.plies().subList(0, PLIES)) {
            expected.add(Notation.of(p, m, game.variant()));
            p = p.apply(m);
        }

        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start()) {
            Spectator spectator = new Spectator();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + relay.port() + "/ws"), spectator).join();
            ws.sendText("{\"subscribe\": {\"gameId\": \"nk-r1-b1\"}}", true).join();

            InProcessLine cable = new InProcessLine("emulated-5521");
            BoardSpeaker board = new BoardSpeaker(emulate(game), "0000005521", 1, PieceCodes.standard(), NoiseProfile.none(), 1);
            LinePump pump = new LinePump(List.of(board), cable, new Pace(PACE), 60_000, true);
            Thread emulator = new Thread(pump, "emulator");
            emulator.start();

            DriverStation.Config config = new DriverStation.Config(List.of(cable.source("5521")),
                    ReconstructConfig.defaults(game.variant()).withStart(game.start()).paced(PACE),
                    dir.resolve("outbox"), dir.resolve("captures"),
                    UplinkConfig.of(relay.ingest(), HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                            .withBackoff(Duration.ofMillis(50), Duration.ofMillis(400)));
            DriverStation station = DriverStation.start(config);
            try {
                await().atMost(Duration.ofSeconds(90)).until(() -> spectator.moves().size() >= PLIES);
                await().atMost(Duration.ofSeconds(30)).until(() -> station.outbox().unacked().isEmpty());
                assertEquals(expected, spectator.moves(), "every move once, in order");
                assertEquals(PLIES, relay.snapshot("nk-r1-b1").getPliesCount());
            } finally {
                pump.stop();
                station.close();
                emulator.join(5000);
                ws.abort();
            }
            Path capture = station.captureFiles().get(0);
            assertTrue(Files.size(capture) > 1000, "every byte of the line is recorded in " + capture);
        }
    }

    @Test
    void twoBoardsOnABusReachTheirOwnGames() throws Exception {
        PdnGame game = HallRelay.corpusGame(PLIES);
        List<Move> moves = game.plies().subList(0, PLIES);
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start()) {
            InProcessLine cable = new InProcessLine("emulated-bus");
            // each game starts when the driver has read its board, after discovery (a few seconds on the bus)
            List<BoardSpeaker> boards = List.of(
                    new BoardSpeaker(emulate(game, 11), "BUSBOARD21", 21, PieceCodes.standard(), NoiseProfile.none(), 1),
                    new BoardSpeaker(emulate(game, 12), "BUSBOARD22", 22, PieceCodes.standard(), NoiseProfile.none(), 2));
            LinePump pump = new LinePump(boards, cable, new Pace(PACE), 60_000, true);
            Thread emulator = new Thread(pump, "bus-emulator");
            emulator.start();
            DriverStation station = DriverStation.start(new DriverStation.Config(List.of(cable.busSource("55")),
                    ReconstructConfig.defaults(game.variant()).withStart(game.start()).paced(PACE),
                    dir.resolve("outbox"), null,
                    UplinkConfig.of(relay.ingest(), HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                            .withBackoff(Duration.ofMillis(50), Duration.ofMillis(400))));
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> relay.snapshot("nk-r1-b1").getPliesCount() >= PLIES
                        && relay.snapshot("nk-r1-b2").getPliesCount() >= PLIES);
                for (String id : List.of("nk-r1-b1", "nk-r1-b2")) {
                    var s = relay.snapshot(id);
                    assertEquals(PLIES, s.getPliesCount(), id);
                    for (int i = 0; i < PLIES; i++) {
                        assertEquals(moves.get(i).from(), s.getPlies(i).getMove().getFrom(), id + " ply " + (i + 1));
                        assertEquals(moves.get(i).to(), s.getPlies(i).getMove().getTo(), id + " ply " + (i + 1));
                    }
                }
            } finally {
                pump.stop();
                station.close();
                emulator.join(5000);
            }
        }
    }
}
