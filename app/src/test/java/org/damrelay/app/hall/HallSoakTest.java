package org.damrelay.app.hall;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.CorrectGame;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.it.TestArbiter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeded soak of issue 21, behind a flag: eight boards (four single boards and a bus of four,
 * corpus games, default noise) at high speed, the driver killed (SIGKILL) at random and started
 * again, sometimes over a wiped outbox (a replaced laptop: it joins from the relay's state), for
 * ten minutes. While it is down the players of each board make 0-3 plies (drawn) and then wait
 * until the new driver reads their board: a restart at human pace, however slowly this machine
 * restarts. The arbiter picks the played path where a join names several. Every game must end
 * exact: the relay's PDN equals the game the board played. A failed soak keeps its hall folder
 * (the processes' logs, the captures) for the post-mortem.
 *
 * <pre>mvn -B -o -pl app -am verify -Dtest=HallSoakTest -Dsurefire.failIfNoSpecifiedTests=false -Dhall.soak=true
 *     [-Dhall.soak.seed=1] [-Dhall.soak.minutes=10] [-Dhall.soak.speed=2]</pre>
 */
@EnabledIfSystemProperty(named = "hall.soak", matches = "true")
class HallSoakTest {

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir;

    @Test
    void eightBoardsRandomRestartsAndJoinsEveryGameEndsExact() throws Exception {
        long seed = Long.getLong("hall.soak.seed", 1);
        int minutes = Integer.getInteger("hall.soak.minutes", 10);
        double speed = Double.parseDouble(System.getProperty("hall.soak.speed", "2"));
        Random random = new Random(seed);
        Path corpus = SharedTree.corpus().resolve("nk2003-amsterdam.pdn").toAbsolutePath(); // the emulators run in the hall folder
        List<PdnGame> games = PdnReader.read(corpus);
        int first = 1 + random.nextInt(Math.max(1, games.size() - 8));
        List<String> sources = new ArrayList<>(List.of("b1", "b2", "b3", "b4", "bus-101", "bus-102", "bus-103", "bus-104"));
        List<PdnGame> truth = games.subList(first - 1, first - 1 + 8);
        List<String> boardOptions = new ArrayList<>();
        int restarts = 0, joins = 0, picks = 0;
        int[] missed = new int[4]; // board downtimes by the plies drawn for them
        List<String> picked = new ArrayList<>(); // what became of each join that named several paths
        try (Hall hall = new Hall(dir, sources)) {
            for (int b = 1; b <= 4; b++) {
                hall.board("b" + b, corpus, first + b - 1, speed, seed * 100 + b);
                boardOptions.addAll(List.of("--port", hall.dir().resolve("tty-b" + b) + "=b" + b));
            }
            hall.bus("bus", corpus, first + 4, 4, speed, seed * 100 + 5);
            boardOptions.addAll(List.of("--bus", hall.dir().resolve("tty-bus") + "=bus-"));
            String outbox = "outbox-0";
            hall.startDriver(boardOptions, outbox);
            try (Scoresheets arbiter = new Scoresheets(hall.relayPort(), truth, picked)) {
                long end = System.nanoTime() + minutes * 60_000_000_000L;
                while (System.nanoTime() < end && !allDone(hall, truth)) {
                    long next = System.nanoTime() + (10_000 + random.nextInt(40_000)) * 1_000_000L;
                    while (System.nanoTime() < Math.min(next, end)) {
                        arbiter.pickPaths();
                        await().pollDelay(Duration.ofMillis(500)).until(() -> true);
                    }
                    if (System.nanoTime() >= end) break;
                    hall.killDriver();
                    restarts++;
                    // the boards go 0-3 plies beyond what the relay recorded while the driver is down, then wait for it
                    // (a restart at human pace); plies the killed driver saw but had not recorded count among them
                    List<Integer> recorded = new ArrayList<>();
                    for (int b = 1; b <= 8; b++) recorded.add(recordedPlies(hall, b));
                    for (int k : hall.pausePlayers(random, Duration.ofSeconds(90), recorded)) missed[k]++;
                    if (random.nextInt(4) == 0) {
                        outbox = "outbox-" + restarts; // a replaced laptop: nothing of its own, the relay's Welcome says where each game stands
                        joins++;
                    }
                    hall.startDriver(boardOptions, outbox);
                }
                // the games play out with the driver running
                long giveUp = System.nanoTime() + 30 * 60_000_000_000L;
                while (!allDone(hall, truth) && System.nanoTime() < giveUp) {
                    arbiter.pickPaths();
                    await().pollDelay(Duration.ofSeconds(1)).until(() -> true);
                }
                arbiter.pickPaths();
                picks = arbiter.joins();
            }
            List<String> wrong = new ArrayList<>();
            for (int b = 1; b <= 8; b++) {
                PdnGame g;
                try {
                    g = hall.pdn(b);
                } catch (RuntimeException unreadable) {
                    wrong.add("board " + b + " (" + sources.get(b - 1) + "): " + unreadable.getMessage() + "\n" + hall.pdnText(b));
                    continue;
                }
                if (!g.plies().equals(truth.get(b - 1).plies())) {
                    wrong.add("board " + b + " (" + sources.get(b - 1) + "): " + g.plies().size() + " plies of " + truth.get(b - 1).plies().size()
                            + "\n" + hall.pdnText(b));
                }
            }
            String summary = "hall soak seed " + seed + ", " + minutes + " min at speed " + speed + ": " + restarts + " restarts ("
                    + joins + " over a wiped outbox; board downtimes with 0/1/2/3 plies drawn: " + Arrays.toString(missed) + "), " + picks + " joins naming several paths (the arbiter picked the played one), " + (8 - wrong.size()) + "/8 games exact";
            System.out.println(summary + "\n" + String.join("\n", picked));
            assertTrue(wrong.isEmpty(), summary + "; " + hall.logs() + "\n" + String.join("\n", picked) + "\n" + String.join("\n", wrong));
        }
    }

    /** The plies the relay recorded of game N (0 for a record that no longer reads as PDN: its players stop at once). */
    private static int recordedPlies(Hall hall, int board) {
        try {
            return hall.pdn(board).plies().size();
        } catch (Exception unreadable) {
            return 0;
        }
    }

    /** Every board's record has its game's length (a record that no longer reads as PDN, with a position set mid-game, is not). */
    private static boolean allDone(Hall hall, List<PdnGame> truth) {
        for (int b = 1; b <= 8; b++) {
            try {
                if (hall.pdn(b).plies().size() < truth.get(b - 1).plies().size()) return false;
            } catch (Exception notYet) {
                return false;
            }
        }
        return true;
    }

    /**
     * The arbiter with the scoresheets: a join that names several paths gets the one the board
     * played (the candidate that is the game's moves up to the position the join saw; a join's event
     * carries no ply of its own). A console the relay closed is opened again: the relay sends the
     * open alerts after the hello. What became of each join goes to {@code picked}.
     */
    private static final class Scoresheets implements AutoCloseable {
        private final int port;
        private final List<PdnGame> truth;
        private final List<String> picked;
        private TestArbiter console;
        private int handled;
        /** The joins seen (game and position): a console opened again is sent the old alerts too. */
        private final Set<String> joins = new HashSet<>();

        Scoresheets(int port, List<PdnGame> truth, List<String> picked) throws Exception {
            this.port = port;
            this.truth = truth;
            this.picked = picked;
            console = TestArbiter.connect(port, Hall.ARBITER_TOKEN, "nk", "chief");
        }

        int joins() {
            return joins.size();
        }

        void pickPaths() throws Exception {
            if (!console.ws().open()) {
                // (the test's WebSocket client answers no pings: the relay closes it as idle)
                picked.add("the relay closed the arbiter's console after " + console.messages().size() + " messages: opened again");
                console.close();
                console = TestArbiter.connect(port, Hall.ARBITER_TOKEN, "nk", "chief");
                handled = 0;
            }
            List<ArbiterMessage.Builder> seen = console.messages().stream().filter(m -> m.hasAlert()
                    && m.getAlert().getEvent().getType() == EventType.JOINED_MID_GAME && m.getAlert().getEvent().getPathsCount() > 1).toList();
            for (int i = handled; i < seen.size(); i++) {
                GameEvent e = seen.get(i).getAlert().getEvent();
                if (joins.add(seen.get(i).getAlert().getGameId() + " " + e.getFen())) pick(seen.get(i).getAlert().getGameId(), e);
            }
            handled = seen.size();
        }

        private void pick(String gameId, GameEvent e) {
            PdnGame played = truth.get(Integer.parseInt(gameId.substring(gameId.lastIndexOf('b') + 1)) - 1);
            Position seen = Fen.parse(e.getFen());
            Position p = played.start();
            int reached = -1; // after how many of the game's plies the board stood as the join saw it
            for (int ply = 0; ply <= played.plies().size() && reached < 0; ply++) {
                if (Reach.samePieces(p, seen)) reached = ply;
                else if (ply < played.plies().size()) p = p.apply(played.plies().get(ply));
            }
            String outcome = gameId + ": no path is the game's (" + e.getText() + ")";
            for (int k = 0; reached >= 0 && k < e.getPathsCount(); k++) {
                List<MoveData> path = e.getPaths(k).getMovesList();
                boolean fits = path.size() <= reached;
                for (int j = 0; fits && j < path.size(); j++) fits = GameWire.move(path.get(j)).equals(played.plies().get(reached - path.size() + j));
                if (fits) {
                    ArbiterMessage.Builder reply = console.request(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId(gameId)
                            .setCorrection(Correction.newBuilder().setKind(Correction.Kind.CHOOSE_PATH).setPath(k + 1).setReason("scoresheets"))));
                    outcome = gameId + ": path " + (k + 1) + " (" + e.getPaths(k).getNotation() + ") "
                            + (reply.hasError() ? "refused: " + reply.getError().getMessage() : "picked");
                    break;
                }
            }
            picked.add(outcome);
        }

        @Override
        public void close() {
            console.close();
        }
    }
}
