package org.damrelay.relay.game;

import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.MoveData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;


class EventCheckTest {

    private final GameFold game = new GameFold(GameInfo.newBuilder().setGameId("e-r1-b1").build());
    private int version;

    static GameEvent move(int from, int to, int... captured) {
        MoveData.Builder m = MoveData.newBuilder().setFrom(from).setTo(to);
        for (int c : captured) m.addCaptured(c);
        return GameEvent.newBuilder().setType(EventType.MOVE).setMove(m).build();
    }

    private Verdict play(GameEvent e) {
        Verdict v = EventCheck.check(game, e);
        if (v instanceof Verdict.Accepted a) {
            game.apply(GameUpdate.newBuilder().setVersion(++version).setEvent(a.event()).build());
        }
        return v;
    }

    private static Verdict.Accepted accepted(Verdict v) {
        if (v instanceof Verdict.Refused r) throw new AssertionError("refused: " + r);
        return (Verdict.Accepted) v;
    }

    @Test
    void legalMovesAreAcceptedInCanonicalForm() {
        Verdict v = play(move(32, 28));
        GameEvent e = accepted(v).event();
        assertEquals(1, e.getPly());
        assertEquals("32-28", e.getNotation());
        assertEquals(Fen.write(Position.start().apply(Move.quiet(32, 28))), e.getFen());
        play(move(19, 23));
        Verdict capture = play(move(28, 19, 23));
        assertEquals("28x19", accepted(capture).event().getNotation());
        assertEquals(3, game.plyCount());
    }

    /**
     * The fold takes the game a check played rather than play the move again: what it folds live
     * is what a replay of the same updates folds, and a check whose move is not the one applied
     * next is not taken for it.
     */
    @Test
    void aCheckedMoveIsPlayedOnceAndTheLiveFoldIsTheReplaysFold() {
        GameInfo info = GameInfo.newBuilder().setGameId("e-r1-b1").build();
        List<GameUpdate> updates = new ArrayList<>();
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 60 && !game.game().legalMoves().isEmpty(); i++) {
            List<Move> legal = game.game().legalMoves();
            Move m = legal.get(random.nextInt(legal.size()));
            if (i % 10 == 9 && legal.size() > 1) {
                // checked, then another move applied without a check (as an arbiter's record would be)
                Move other = legal.get((legal.indexOf(m) + 1) % legal.size());
                accepted(EventCheck.check(game, event(m)));
                GameUpdate u = GameUpdate.newBuilder().setVersion(++version)
                        .setEvent(event(other).toBuilder().setFen(Fen.write(game.position().apply(other)))).build();
                game.apply(u);
                updates.add(u);
                assertEquals(game.position(), game.positionAfter(game.plyCount() - 1).apply(other), "the move applied, not the one checked");
                continue;
            }
            GameEvent e = accepted(EventCheck.check(game, event(m))).event();
            GameUpdate u = GameUpdate.newBuilder().setVersion(++version).setEvent(e).build();
            game.apply(u);
            updates.add(u);
        }
        GameFold replay = GameFold.of(info, updates);
        assertEquals(60, game.plyCount());
        assertEquals(replay.snapshot(), game.snapshot());
        assertEquals(replay.game().legalMoves(), game.game().legalMoves());
        assertEquals(replay.game().drawStatus(), game.game().drawStatus());
    }

    private static GameEvent event(Move m) {
        MoveData.Builder d = MoveData.newBuilder().setFrom(m.from()).setTo(m.to());
        m.capturedSquares().forEach(d::addCaptured);
        return GameEvent.newBuilder().setType(EventType.MOVE).setMove(d).build();
    }

    @Test
    void aMoveThatCannotFollowIsRefusedWithItsReason() {
        Verdict v = play(move(32, 23));
        Verdict.Refused r = assertInstanceOf(Verdict.Refused.class, v);
        assertEquals(IngestError.Code.MOVE_REFUSED, r.code());
        assertTrue(r.message().contains("32-23"), r.message());
        assertEquals(0, game.plyCount());
    }

    @Test
    void missedCaptureIsRefusedAsMoveButAcceptedAsIrregularMoveThatStood() {
        play(move(32, 28));
        play(move(19, 23));
        // white must take 28x19; 31-27 is an irregular move
        assertInstanceOf(Verdict.Refused.class, play(move(31, 27)));
        Position after = game.position().apply(Move.quiet(31, 27));
        GameEvent illegal = GameEvent.newBuilder().setType(EventType.ILLEGAL_MOVE)
                .setSubtype(IllegalSubtype.CAPTURE_MISSED).setFen(Fen.write(after)).build();
        GameEvent accepted = accepted(play(illegal)).event();
        assertEquals(3, accepted.getPly());
        assertEquals(after, game.position());
        assertTrue(game.lastPly().getIrregular());
    }

    @Test
    void replacedAndRetractedMovesRewriteOnlyTheLastPly() {
        play(move(32, 28));
        GameEvent replaced = move(33, 28).toBuilder().setType(EventType.MOVE_REPLACED).build();
        accepted(play(replaced));
        assertEquals(1, game.plyCount());
        assertEquals("33-28", game.lastPly().getNotation());
        accepted(play(GameEvent.newBuilder().setType(EventType.MOVE_RETRACTED).build()));
        assertEquals(0, game.plyCount());
        assertEquals(Position.start(), game.position());
        assertInstanceOf(Verdict.Refused.class, play(GameEvent.newBuilder().setType(EventType.MOVE_RETRACTED).build()));
    }

    @Test
    void driverFenThatDisagreesIsRefused() {
        Verdict v = play(move(32, 28).toBuilder().setFen(Fen.write(Position.start())).build());
        assertEquals(IngestError.Code.MOVE_REFUSED, assertInstanceOf(Verdict.Refused.class, v).code());
    }

    @Test
    void movesAfterTheResultAreRefused() {
        game.apply(GameUpdate.newBuilder().setVersion(++version).setResult(GameResult.DRAW).build());
        assertEquals(IngestError.Code.GAME_FINISHED, assertInstanceOf(Verdict.Refused.class, play(move(32, 28))).code());
    }

    @Test
    void fenRoundTrips() {
        Position p = Position.start().apply(Move.quiet(32, 28));
        assertEquals(p, Fen.parse(Fen.write(p)));
        assertEquals(Position.start(), Fen.parse("W:W31-50:B1-20"));
    }
}
