package org.damrelay.driver.dgt.protocol;

import static org.junit.jupiter.api.Assertions.*;

import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

class PieceCodesTest {

    private static byte[] codes(Sensed[] fields, PieceCodes table) {
        return BoardMessage.BoardDump.of(fields, table).codes();
    }

    @Test
    void standardTable() {
        PieceCodes t = PieceCodes.standard();
        assertEquals(Sensed.EMPTY, t.sensed(0x00));
        assertEquals(Sensed.WHITE_MAN, t.sensed(0x01));
        assertEquals(Sensed.BLACK_MAN, t.sensed(0x04));
        assertEquals(Sensed.WHITE_KING, t.sensed(0x07));
        assertEquals(Sensed.BLACK_KING, t.sensed(0x0a));
        assertEquals(Sensed.UNKNOWN, t.sensed(0x02));
        assertEquals(Sensed.BLACK_MAN, t.sensed(0x34), "high bits masked");
        assertEquals(Sensed.EMPTY, t.sensed(0x40));
    }

    @Test
    void swappedTable() {
        PieceCodes t = PieceCodes.swapped();
        assertEquals(Sensed.WHITE_KING, t.sensed(0x04));
        assertEquals(Sensed.BLACK_MAN, t.sensed(0x07));
        assertEquals(0x07, t.codeOf(Sensed.BLACK_MAN));
        assertTrue(t.isSwapped());
        assertFalse(t.other().isSwapped());
    }

    @Test
    void startPositionEitherWayRound() {
        PieceCodes t = PieceCodes.standard();
        byte[] straight = codes(StartPositionCheck.start(false), t);
        byte[] turned = codes(StartPositionCheck.start(true), t);
        assertEquals(0x04, straight[1], "field 1 (square 1) holds a black man");
        assertEquals(0x01, straight[90], "field 90 (square 46) holds a white man");
        assertEquals(0x01, turned[1]);
        assertEquals(StartPositionCheck.Result.MATCHES, StartPositionCheck.check(straight, t));
        assertEquals(StartPositionCheck.Result.MATCHES, StartPositionCheck.check(turned, t));
    }

    @Test
    void oldFirmwareIsCaughtByTheStartPosition() {
        byte[] fromOldBoard = codes(StartPositionCheck.start(false), PieceCodes.swapped());
        assertEquals(StartPositionCheck.Result.MATCHES_OTHER_TABLE, StartPositionCheck.check(fromOldBoard, PieceCodes.standard()));
        assertEquals(StartPositionCheck.Result.MATCHES, StartPositionCheck.check(fromOldBoard, PieceCodes.swapped()));
    }

    @Test
    void aGameInProgressIsNotTheStart() {
        Sensed[] f = StartPositionCheck.start(false);
        f[61] = Sensed.EMPTY;
        f[52] = Sensed.WHITE_MAN;
        assertEquals(StartPositionCheck.Result.NOT_START, StartPositionCheck.check(codes(f, PieceCodes.standard()), PieceCodes.standard()));
    }
}
