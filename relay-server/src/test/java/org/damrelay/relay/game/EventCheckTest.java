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
