package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.HoldRelease;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelaySnapshot;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A board held after GAME_STARTED stays held across a snapshot, and the journal's release frees it. */
class HeldBoardSnapshotTest {

    @TempDir Path dir;

    private GameBook book() {
        return new GameBook(EventDirectory.from(TestRelay.config(dir, 0)));
    }

    @Test
    void theHoldIsInTheSnapshotAndAReleaseRecordEndsIt() {
        GameBook book = book();
        GameRecord g = book.game("nk-r1-b1");
        GameUpdate u = g.next(GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.GAME_STARTED)), 1000);
        book.apply(JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard("101").setSeq(7)
                .setUpdate(u)).build());
        Source source = new Source("nk", "hall", "101");
        assertEquals(7, book.cursor(source).heldSince());

        RelaySnapshot snap = book.snapshot(2);
        GameBook restored = book();
        restored.restore(snap);
        assertTrue(restored.cursor(source).held());
        assertEquals(7, restored.cursor(source).heldSince());

        restored.apply(JournalRecord.newBuilder().setHoldRelease(HoldRelease.newBuilder().setEventId("nk").setDriverId("hall")
                .setBoard("101")).build());
        assertFalse(restored.cursor(source).held());
    }

    @Test
    void aPairingThatNamesTheHeldBoardReleasesIt() {
        GameBook book = book();
        GameRecord g = book.game("nk-r1-b1");
        GameUpdate u = g.next(GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.GAME_STARTED)), 1000);
        book.apply(JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard("101").setSeq(3)
                .setUpdate(u)).build());
        Source source = new Source("nk", "hall", "101");
        // a pairing of another board leaves it held
        GameRecord other = book.game("nk-r1-b2");
        book.apply(JournalRecord.newBuilder().setArbiterUpdate(other.next(GameUpdate.newBuilder()
                .setInfo(other.info().toBuilder().setSourceBoard("109")), 2000)).build());
        assertTrue(book.cursor(source).held());
        GameInfo next = book.directory().game("nk-r2-b1").toBuilder().setSourceBoard("101").build();
        GameRecord round2 = book.game("nk-r2-b1");
        book.apply(JournalRecord.newBuilder().setArbiterUpdate(round2.next(GameUpdate.newBuilder().setInfo(next), 3000)).build());
        assertFalse(book.cursor(source).held());
        assertEquals("nk-r2-b1", book.directory().gameFor(source).orElseThrow());
    }
}
