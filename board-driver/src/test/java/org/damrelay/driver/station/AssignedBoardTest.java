package org.damrelay.driver.station;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.driver.uplink.Outbox;
import org.damrelay.proto.DrawCount;
import org.damrelay.proto.GameInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relay's assignment brings the pairing's settings to the board's reconstruction. */
class AssignedBoardTest {

    @TempDir Path dir;

    static final GameInfo FRISIAN = GameInfo.newBuilder().setGameId("nk-r1-b1").setVariant("FRISIAN")
            .setStartFen("W:W27,K21:BK29").setTimeControl("5400+60").setSourceBoard("5521").build();

    @Test
    void thePairingsSettingsAndStartPositionReplaceTheDriversOwn() {
        ReconstructConfig own = ReconstructConfig.defaults(Variant.INTERNATIONAL).withSettleMs(600);
        ReconstructConfig c = AssignedBoard.configure(own, FRISIAN);
        assertEquals(Variant.FRISIAN, c.variant());
        assertEquals(Fen.parse("W:W27,K21:BK29"), c.start());
        assertEquals(TimeControl.of(Duration.ofSeconds(5400), Duration.ofSeconds(60)), c.timeControl());
        assertEquals(600, c.settleMs(), "how the board is read stays the driver's");
        assertSame(own, AssignedBoard.configure(own, FRISIAN.toBuilder().setTimeControl("80m+1m").build()),
                "settings that do not read keep the driver's own");
    }

    @Test
    void anAdjournedGamesCountsReachTheReconstruction() throws Exception {
        GameInfo adjourned = GameInfo.newBuilder().setGameId("nk-r1-b2").setStartFen("W:WK46:BK1,K2,K3").setSourceBoard("5522")
                .addStartCounts(DrawCount.newBuilder().setRule("SIXTEEN_MOVES").setCount(9)).build();
        try (Outbox outbox = Outbox.open(dir)) {
            AssignedBoard board = new AssignedBoard("5522", ReconstructConfig.defaults(Variant.INTERNATIONAL), Optional.empty(), outbox);
            board.assign(adjourned);
            assertEquals("16-move count: 9 of 16", board.reconstruction().game().drawStatus().counts().get(0).toString());
        }
        ReconstructConfig own = ReconstructConfig.defaults(Variant.INTERNATIONAL);
        assertSame(own, AssignedBoard.configure(own, adjourned.toBuilder().setStartFen("W:W31:B20").build()),
                "counts that cannot run in the start position keep the driver's own settings");
    }

    @Test
    void anAssignmentBeforeTheFirstMoveRebuildsTheReconstructionUnderIt() throws Exception {
        try (Outbox outbox = Outbox.open(dir)) {
            AssignedBoard board = new AssignedBoard("5521", ReconstructConfig.defaults(Variant.INTERNATIONAL), Optional.empty(), outbox);
            assertEquals(Variant.INTERNATIONAL, board.reconstruction().game().variant());
            board.assign(FRISIAN);
            Reconstructor r = board.reconstruction();
            assertEquals(Variant.FRISIAN, r.game().variant());
            assertEquals(Fen.parse("W:W27,K21:BK29"), r.game().startPosition());
            board.assign(FRISIAN);
            assertSame(r, board.reconstruction(), "the same assignment again changes nothing");
        }
    }

    @Test
    void anAssignmentKnownWhenTheBoardIsFirstReadIsUsedAtOnce() throws Exception {
        try (Outbox outbox = Outbox.open(dir)) {
            AssignedBoard board = new AssignedBoard("5521", ReconstructConfig.defaults(Variant.INTERNATIONAL), Optional.of(FRISIAN), outbox);
            assertEquals(Variant.FRISIAN, board.reconstruction().game().variant());
        }
    }
}
