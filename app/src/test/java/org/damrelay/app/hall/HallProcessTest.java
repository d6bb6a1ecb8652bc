package org.damrelay.app.hall;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hard moments of a round with real processes (issue 21): a relay, the driver as its own
 * process and emulated boards on pseudo-terminals, and the relay's PDN compared with what the
 * boards played. Think times are scripted so that the moves made while the driver is down are
 * known: 0, 1, 2 and 3 on four boards; a driver started mid-game; a first read that catches a
 * capture half made.
 */
@Timeout(300)
class HallProcessTest {
    /** Emulated time runs this many times real time. */
    private static final double SPEED = 4;
    private static final long THINK = 3000, QUICK = 1500;
    /** Emulated ms: the pause in which the driver is killed, and the one in which it is back. */
    private static final long DOWN = 40_000, BACK = 72_000;

    @TempDir Path dir;

    /** A deterministic line of legal moves from the start. */
    private static List<Move> line(int plies, int salt) {
        List<Move> out = new ArrayList<>();
        Position p = Position.start();
        for (int i = 0; i < plies; i++) {
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            Move m = legal.get(Math.floorMod(i * 5 + salt, legal.size()));
            out.add(m);
            p = p.apply(m);
        }
        return out;
    }

    private static Game played(List<Move> moves, int plies) {
        Game g = Game.start(Variant.INTERNATIONAL);
        for (int i = 0; i < plies; i++) g = g.play(moves.get(i));
        return g;
    }

    /** "move 32-28 after 3000" lines; {@code think.get(i)} before ply i. */
    private static String scenario(List<Move> moves, List<Long> think) {
        StringBuilder s = new StringBuilder();
        Position p = Position.start();
        for (int i = 0; i < moves.size(); i++) {
            s.append("move ").append(Notation.of(p, moves.get(i), Variant.INTERNATIONAL)).append(" after ").append(think.get(i)).append('\n');
            p = p.apply(moves.get(i));
        }
        return s.toString();
    }

    private static void assertPlayed(Hall hall, int board, Position start, List<Move> truth) throws Exception {
        PdnGame g = hall.pdn(board);
        assertEquals(start, g.start(), "board " + board + ": the record's start; " + hall.logs() + "\n" + hall.pdnText(board));
        assertEquals(truth, g.plies(), "board " + board + ": the moves; " + hall.logs() + "\n" + hall.pdnText(board));
    }

    @Test
    void theDriverKilledAndRestartedFindsZeroToThreeMovesMadeMeanwhile() throws Exception {
        int before = 4, after = 3;
        try (Hall hall = new Hall(dir, 4)) {
            List<List<Move>> truths = new ArrayList<>();
            for (int missed = 0; missed <= 3; missed++) {
                // one path only, so the moves can be recorded (several: JoinTest, the arbiter picks)
                List<Move> moves = null;
                for (int salt = missed; ; salt += 4) {
                    moves = line(before + missed + after, salt);
                    if (missed == 0 || Reach.pathsTo(played(moves, before), played(moves, before + missed).position()).size() == 1) break;
                }
                List<Long> think = new ArrayList<>();
                for (int i = 0; i < moves.size(); i++) {
                    long t = THINK;
                    if (i == before) t = missed == 0 ? DOWN + BACK : DOWN;
                    else if (i > before && i < before + missed) t = QUICK;
                    else if (i == before + missed && missed > 0) t = BACK;
                    think.add(t);
                }
                truths.add(moves);
                hall.board(missed + 1, scenario(moves, think), SPEED, false);
            }
            hall.startDriver(4);
            await().atMost(Duration.ofSeconds(90)).until(() -> {
                for (int b = 1; b <= 4; b++) if (hall.pdn(b).plies().size() < before) return false;
                return true;
            });
            hall.killDriver();
            // the boards play on: the pause ends and the quick moves are made within this
            await().pollDelay(Duration.ofMillis((long) ((DOWN + 3 * QUICK) / SPEED) + 1500)).atMost(Duration.ofSeconds(60)).until(() -> true);
            for (int b = 1; b <= 4; b++) assertEquals(before, hall.pdn(b).plies().size(), "nothing reaches the relay while the driver is down");
            hall.startDriver(4);
            await().atMost(Duration.ofSeconds(120)).until(() -> {
                for (int b = 1; b <= 4; b++) if (hall.pdn(b).plies().size() < truths.get(b - 1).size()) return false;
                return true;
            });
            for (int b = 1; b <= 4; b++) assertPlayed(hall, b, Position.start(), truths.get(b - 1));
        }
    }

    @Test
    void aDriverStartedMidGameAndAFirstReadOfAHalfMadeCapture() throws Exception {
        long wait = 80_000;
        try (Hall hall = new Hall(dir, 3)) {
            // b1: two plies before the first read (recorded as the moves); b2: six (the record starts there)
            List<Move> two = line(5, 1), six = line(9, 2);
            List<Long> think2 = new ArrayList<>(List.of(2000L, 2000L, wait, THINK, THINK));
            List<Long> think6 = new ArrayList<>(List.of(2000L, 2000L, 2000L, 2000L, 2000L, 2000L, wait, THINK, THINK));
            hall.board(1, scenario(two, think2), SPEED, true);
            hall.board(2, scenario(six, think6), SPEED, true);
            // b3: white's man landed on 19 with black's on 23 still standing when the driver first reads
            hall.board(3, """
                    move 32-28 after 2000
                    move 19-23 after 2000
                    lift 28
                    put 19
                    wait %d
                    remove 23
                    press white
                    move 14x23 after 3000
                    move 37-32 after 3000
                    """.formatted(wait), SPEED, true);
            // every board is in its long pause (16 s of game time at most have gone by)
            await().pollDelay(Duration.ofMillis((long) (16_000 / SPEED) + 1000)).atMost(Duration.ofSeconds(30)).until(() -> true);
            hall.startDriver(3);
            await().atMost(Duration.ofSeconds(150)).until(() -> hall.pdn(1).plies().size() >= 5 && hall.pdn(2).plies().size() >= 3
                    && hall.pdn(3).plies().size() >= 5);
            assertPlayed(hall, 1, Position.start(), two);
            Position seen = played(six, 6).position();
            assertPlayed(hall, 2, seen, six.subList(6, 9));
            String pdn = hall.pdnText(2);
            assertTrue(pdn.contains("[SetUp \"1\"]") && pdn.contains("[FEN \"" + Fen.write(seen) + "\"]"), pdn);
            Position p = Position.start();
            List<Move> half = new ArrayList<>();
            for (String m : List.of("32-28", "19-23", "28x19", "14x23", "37-32")) {
                Move mv = Notation.resolve(p, Variant.INTERNATIONAL, m);
                half.add(mv);
                p = p.apply(mv);
            }
            assertPlayed(hall, 3, Position.start(), half);
        }
    }
}
