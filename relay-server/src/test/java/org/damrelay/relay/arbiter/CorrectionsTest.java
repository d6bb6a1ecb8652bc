package org.damrelay.relay.arbiter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.game.EventCheck;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.Verdict;
import org.junit.jupiter.api.Test;

/** An arbiter's correction against a real folded game: completed when it fits, one line naming the move when not. */
class CorrectionsTest {

    /** Three plies of international draughts, each the first legal move. */
    private static GameFold threePlies() {
        GameFold g = new GameFold(GameInfo.newBuilder().setGameId("e-r1-b1").setVariant("INTERNATIONAL").build());
        for (int i = 0; i < 3; i++) {
            Move m = g.variant().legalMoves(g.position()).get(0);
            Verdict v = EventCheck.check(g, GameEvent.newBuilder().setType(EventType.MOVE).setMove(GameWire.move(m)).build());
            g.apply(GameUpdate.newBuilder().setVersion(i + 1).setEvent(((Verdict.Accepted) v).event()).build());
        }
        return g;
    }

    @Test
    void aTakeBackIsCompletedWithThePositionItLeavesAndItsAuditWords() {
        GameFold g = threePlies();
        Corrections.Checked c = Corrections.check(g, "e-r1-b1", Correction.newBuilder()
                .setKind(Correction.Kind.TAKE_BACK).setPly(1).build(), "Anna");
        assertEquals(Fen.write(g.positionAfter(g.countAt(1))), c.correction().getFen());
        assertEquals("Anna", c.correction().getArbiter());
        assertEquals("TAKE_BACK to ply 1", c.action());
        assertEquals(AuditEntry.Kind.TAKE_BACK, c.what().getKind());
        assertEquals(1, c.what().getPly());
    }

    @Test
    void aTakeBackPastTheLastMoveNamesBothMovesAsTheScoresheetDoes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Corrections.check(threePlies(), "e-r1-b1",
                Correction.newBuilder().setKind(Correction.Kind.TAKE_BACK).setPly(5).build(), "Anna"));
        assertEquals("cannot take back to after move 3 (white): the last move is move 2 (white)", e.getMessage());
    }

    @Test
    void aReplacedMoveGetsItsNotationAndAnIllegalOneIsRefused() {
        GameFold g = threePlies();
        List<Move> legal = g.variant().legalMoves(g.positionAfter(g.countAt(3) - 1));
        Move other = legal.get(legal.size() - 1);
        Corrections.Checked c = Corrections.check(g, "e-r1-b1", Correction.newBuilder().setKind(Correction.Kind.REPLACE_MOVE)
                .setPly(3).setMove(GameWire.move(other)).build(), "Anna");
        assertEquals("REPLACE_MOVE ply 3 by " + c.correction().getNotation(), c.action());
        assertEquals(c.correction().getNotation(), c.what().getValue());

        Move white = g.variant().legalMoves(g.positionAfter(0)).get(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Corrections.check(g, "e-r1-b1",
                Correction.newBuilder().setKind(Correction.Kind.REPLACE_MOVE).setPly(2).setMove(GameWire.move(white)).build(), "Anna"));
        assertEquals(white + " is not a legal move as move 1 (black) (" + Fen.write(g.positionAfter(g.countAt(1)))
                + "); set the position for an irregular one", e.getMessage());
    }

    @Test
    void aPositionAlreadyThereAndAPathWithoutAJoinAreRefused() {
        GameFold g = threePlies();
        String now = Fen.write(g.position());
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class, () -> Corrections.check(g, "e-r1-b1",
                Correction.newBuilder().setKind(Correction.Kind.SET_POSITION).setFen(now).build(), "Anna"));
        assertEquals("the position after move 2 (white) is already " + now + ": nothing to set", same.getMessage());
        IllegalArgumentException path = assertThrows(IllegalArgumentException.class, () -> Corrections.check(g, "e-r1-b1",
                Correction.newBuilder().setKind(Correction.Kind.CHOOSE_PATH).setPath(1).build(), "Anna"));
        assertEquals("no join of game e-r1-b1 waits for a path to be picked", path.getMessage());
    }

    @Test
    void aPlyIsNamedAsTheScoresheetNamesIt() {
        assertEquals("the start position", Corrections.moveName(0));
        assertEquals("move 1 (white)", Corrections.moveName(1));
        assertEquals("move 18 (black)", Corrections.moveName(36));
    }
}
