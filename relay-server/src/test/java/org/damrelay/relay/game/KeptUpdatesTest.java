package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelaySnapshot;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Updates kept as bytes read back as they were added, released or not, and a snapshot taken now holds the state of now. */
class KeptUpdatesTest {

    @TempDir Path dir;

    private GameBook book() {
        return new GameBook(EventDirectory.from(TestRelay.config(dir, 0)));
    }

    private static GameUpdate add(GameBook book, GameRecord g, long seq, GameEvent.Builder e) {
        GameUpdate u = g.next(GameUpdate.newBuilder().setEvent(e), 1000 + seq);
        JournalRecord r = JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard("101").setSeq(seq)
                .setUpdate(u)).build();
        book.apply(r);
        book.written(r);
        return u;
    }

    /** An event the fold takes without a position: what matters here is that it reads back whole. */
    private static GameEvent.Builder move(int ply, String text) {
        return GameEvent.newBuilder().setType(EventType.TOUCH_MOVE).setPly(ply).setText(text);
    }

    @Test
    void everyVersionReadsBackAsAddedBeforeAndAfterItsRelease() {
        GameBook book = book();
        GameRecord g = book.game("nk-r1-b1");
        List<GameUpdate> added = new ArrayList<>();
        added.add(add(book, g, 1, GameEvent.newBuilder().setType(EventType.GAME_STARTED)));
        added.add(add(book, g, 2, move(1, "32-28")));
        // a join's position is one spectators see (a catch-up sends it)
        added.add(add(book, g, 3, GameEvent.newBuilder().setType(EventType.JOINED_MID_GAME).setPly(7).setFen("W:W31-50:B1-20")));

        assertEquals(added, List.of(g.update(1), g.update(2), g.update(3)), "not yet released");
        assertEquals(added.subList(0, 2), g.releaseUpTo(1002), "released in order up to the cutoff");
        assertEquals(added, List.of(g.update(1), g.update(2), g.update(3)), "two released, one not");
        assertEquals(List.of(added.get(2)), g.releaseUpTo(Long.MAX_VALUE));
        assertEquals(added, List.of(g.update(1), g.update(2), g.update(3)), "all released");
        assertEquals(List.of(added.get(2)), g.releasedSince(1, 10), "what spectators see of it, parsed back");
    }

    @Test
    void aSnapshotTakenNowIsTheStateOfNowWhenBuiltLater() {
        GameBook book = book();
        GameRecord g = book.game("nk-r1-b1");
        add(book, g, 1, GameEvent.newBuilder().setType(EventType.GAME_STARTED));
        add(book, g, 2, move(1, "32-28"));
        RelaySnapshot now = book.snapshot(2);
        Supplier<RelaySnapshot> later = book.snapshotLater(2);
        add(book, g, 3, move(2, "19-23"));
        assertEquals(now, later.get(), "what came after the snapshot was taken is not in it");

        GameBook restored = book();
        restored.restore(now);
        assertEquals(List.of(g.update(1), g.update(2)), List.of(restored.game("nk-r1-b1").update(1), restored.game("nk-r1-b1").update(2)));
        assertEquals(2, restored.game("nk-r1-b1").version());
    }
}
