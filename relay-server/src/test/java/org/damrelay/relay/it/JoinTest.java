package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertSeverity;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.CorrectGame;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.Side;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.game.Pdn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver's JOINED_MID_GAME through the real relay (issue 21): the moves one path explains are
 * recorded as moves; several paths are a position to continue from with an alert naming them, and
 * the arbiter's pick records that path; a game the relay had no move of starts at the position
 * seen ("joined at move 1", SetUp/FEN in the PDN). The board is never blocked, no move made up.
 */
class JoinTest {

    @TempDir Path dir;

    private static Position after(Position p, Move... moves) {
        for (Move m : moves) p = p.apply(m);
        return p;
    }

    private static GameEvent joined(Position seen, Side side) {
        return GameEvent.newBuilder().setType(EventType.JOINED_MID_GAME).setFen(Fen.write(seen)).setSide(side)
                .setCaptureTimeMs(System.currentTimeMillis()).setText("the game was under way").build();
    }

    @Test
    void theMovesOnePathExplainsAreRecordedAndTheDriverGoesOn() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
            // the driver was away for 19-23 28x19; it saw the position and sends its join (side unknown)
            Move reply = Move.quiet(19, 23), capture = new Move(28, 19, 1L << 23, List.of(28, 19));
            Position seen = after(Position.start(), Move.quiet(32, 28), reply, capture);
            d.sendDurable("101", joined(seen.withSideToMove(org.damrelay.draughts.rules.Color.WHITE), Side.SIDE_UNSPECIFIED));
            d.sendDurable("101", Plays.event(new Move(14, 23, 1L << 19, List.of(14, 23))));
            GameSnapshot s = TestRelay.snapshot(relay, "nk-r1-b1");
            assertEquals(List.of("32-28", "19-23", "28x19", "14x23"), s.getPliesList().stream().map(p -> p.getNotation()).toList());
            assertTrue(d.errors().isEmpty(), d.errors().toString());
            assertEquals(0, s.getJoinedAtMove(), "followed throughout: the moves are known");
        }
    }

    @Test
    void severalPathsAreAPositionToGoOnFromAndTheArbitersPickRecordsThePath() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
            // 19-24 31-27 20-25 and 20-25 31-27 19-24 lead to the same board: the relay cannot tell which
            Position truth = after(Position.start(), Move.quiet(32, 28), Move.quiet(19, 24), Move.quiet(31, 27), Move.quiet(20, 25));
            d.sendDurable("101", joined(truth, Side.SIDE_UNSPECIFIED));
            GameSnapshot s = TestRelay.snapshot(relay, "nk-r1-b1");
            assertEquals(2, s.getPliesCount(), "32-28, then the position seen as a ply without a move");
            assertEquals(Fen.write(truth), s.getFen(), "both paths leave white to move");
            assertEquals(2, s.getJoinedAtMove(), "joined at move 2");
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(m -> m.hasAlert()
                    && m.getAlert().getEvent().getType() == EventType.JOINED_MID_GAME && m.getAlert().getEvent().getPathsCount() == 2));
            GameEvent alert = arbiter.messages().stream().filter(m -> m.hasAlert() && m.getAlert().getEvent().getPathsCount() == 2)
                    .findFirst().orElseThrow().getAlert().getEvent();
            assertTrue(alert.getText().contains("19-24 31-27 20-25") && alert.getText().contains("20-25 31-27 19-24"), alert.getText());
            assertTrue(arbiter.messages().stream().anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getPathsCount() == 2
                    && m.getAlert().getSeverity() == AlertSeverity.ACTION_NEEDED), "the pick waits for the arbiter: action needed");
            // the console cannot place a join's position itself: the game comes anew after it
            assertTrue(arbiter.messages().stream().anyMatch(m -> m.hasSnapshot() && m.getSnapshot().getJoinedAtMove() == 2),
                    "the arbiter stream sends the game's snapshot after the join");

            // the board goes on: white's move is taken from the position seen, nothing blocks
            d.sendDurable("101", Plays.event(Move.quiet(37, 32)));
            assertTrue(d.errors().isEmpty(), d.errors().toString());
            // until the pick the record reads as a join: white's move after it is white's (the plies in between are not known)
            String joinedPdn = Pdn.write(TestRelay.snapshot(relay, "nk-r1-b1"), "NK", "?", null);
            assertTrue(joinedPdn.replaceAll("\\s+", " ").contains("1. 32-28 {the board's driver joined the game at the position " + Fen.write(truth)
                    + "} 2. 37-32"), joinedPdn);

            int pick = alert.getPaths(0).getNotation().equals("19-24 31-27 20-25") ? 1 : 2;
            arbiter.requestOk(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId("nk-r1-b1")
                    .setCorrection(Correction.newBuilder().setKind(Correction.Kind.CHOOSE_PATH).setPath(pick).setReason("scoresheets"))));
            s = TestRelay.snapshot(relay, "nk-r1-b1");
            assertEquals(List.of("32-28", "19-24", "31-27", "20-25", "37-32"), s.getPliesList().stream().map(p -> p.getNotation()).toList());
            // the pick handled the join's alert, on every console, and the consoles got the game as picked
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(m -> m.hasAlert()
                    && m.getAlert().getEvent().getPathsCount() == 2 && m.getAlert().getAcknowledged() && m.getAlert().getAcknowledgedBy().equals("chief")));
            assertTrue(arbiter.messages().stream().anyMatch(m -> m.hasSnapshot() && m.getSnapshot().getPliesCount() == 5
                    && m.getSnapshot().getJoinedAtMove() == 0), "the arbiter stream sends the game after the pick");
            assertTrue(s.getPliesList().stream().noneMatch(p -> p.getNotation().isEmpty()), "no ply without a move is left");
            assertEquals(0, s.getJoinedAtMove());
            String pdn = Pdn.write(s, "NK", "?", null);
            assertTrue(pdn.replaceAll("\\{[^}]*}", "").replaceAll("\\s+", " ").contains("1. 32-28 19-24 2. 31-27 20-25 3. 37-32"), pdn);
            assertTrue(pdn.contains("corrected by the arbiter (chief); scoresheets"), "the pick is shown as the arbiter's: " + pdn);
        }
    }

    @Test
    void aGameTheRelayHadNoMoveOfStartsAtThePositionSeen() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            List<Move> line = Plays.line(12, 3);
            Position seen = Position.start();
            for (Move m : line) seen = seen.apply(m);
            // the driver does not know who is to move; the first move (white's here, 12 plies played) tells
            d.sendDurable("101", joined(seen.withSideToMove(org.damrelay.draughts.rules.Color.BLACK), Side.SIDE_UNSPECIFIED));
            Move next = org.damrelay.draughts.rules.Variant.INTERNATIONAL.legalMoves(seen).get(0);
            d.sendDurable("101", Plays.event(next).toBuilder().setSide(Side.WHITE).build());
            assertTrue(d.errors().isEmpty(), d.errors().toString());
            GameSnapshot s = TestRelay.snapshot(relay, "nk-r1-b1");
            assertEquals(1, s.getPliesCount());
            assertEquals(1, s.getJoinedAtMove());
            assertEquals(Fen.write(seen), s.getInfo().getStartFen(), "the record starts at the position seen, white to move");
            String pdn = Pdn.write(s, "NK", "?", null);
            assertTrue(pdn.contains("[SetUp \"1\"]") && pdn.contains("[FEN \"" + Fen.write(seen) + "\"]"), pdn);
            assertTrue(pdn.contains("1. " + s.getPlies(0).getNotation()), pdn);
        }
    }

    @Test
    void aPositionNoMovesExplainNeedsTheArbiterAndTheBoardGoesOn() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
            // eight plies of another game: no one to three legal plies from 32-28 lead there
            Position seen = Position.start();
            for (Move m : Plays.line(8, 1)) seen = seen.apply(m);
            d.sendDurable("101", joined(seen, Side.WHITE));
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(m -> m.hasAlert()
                    && m.getAlert().getEvent().getType() == EventType.JOINED_MID_GAME));
            Alert alert = arbiter.messages().stream().filter(m -> m.hasAlert()).map(m -> m.getAlert())
                    .filter(a -> a.getEvent().getType() == EventType.JOINED_MID_GAME).findFirst().orElseThrow();
            assertTrue(alert.getEvent().getUnexplained(), alert.toString());
            assertEquals(AlertSeverity.ACTION_NEEDED, alert.getSeverity(), "moves are missing from the record: the arbiter checks");
            Move next = org.damrelay.draughts.rules.Variant.INTERNATIONAL.legalMoves(seen).get(0);
            d.sendDurable("101", Plays.event(next).toBuilder().setSide(Side.WHITE).build());
            assertTrue(d.errors().isEmpty(), d.errors().toString());
            GameSnapshot s = TestRelay.snapshot(relay, "nk-r1-b1");
            assertEquals(3, s.getPliesCount(), "32-28, the position seen as a ply without a move, the next move");
            assertEquals(2, s.getJoinedAtMove());
        }
    }
}
