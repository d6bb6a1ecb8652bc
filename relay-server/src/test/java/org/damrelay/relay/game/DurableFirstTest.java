package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.Test;

/**
 * A driver's move may be shown once written (its driver sends it again after a power cut); an
 * arbiter's change only once fsync'd, and what follows it in its game waits behind it. Every
 * version carries the epoch of the run that numbered it, so a spectator's stale version is told apart.
 */
class DurableFirstTest {

    private static final String GAME = "nk-r1-b1";
    private static final long EPOCH = 1_700_000_000_000L;

    private final GameBook book = new GameBook(EventDirectory.from(TestRelay.config(Path.of("unused"), 0)), EPOCH);
    private long seq;

    private JournalRecord move(Move m) {
        // as the ingest service does: the checked event (with the position it leads to) is what is journaled
        Verdict.Accepted checked = (Verdict.Accepted) EventCheck.check(book.game(GAME).live(), Plays.event(m));
        GameUpdate u = book.next(GAME, GameUpdate.newBuilder().setEvent(checked.event()), 1000);
        return JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard("101").setSeq(++seq)
                .setUpdate(u)).build();
    }

    /** The arbiter edits the board's pairing (here: names its source board again). */
    private JournalRecord pairing() {
        return JournalRecord.newBuilder().setArbiterUpdate(book.next(GAME, GameUpdate.newBuilder()
                .setInfo(book.game(GAME).info().toBuilder().setSourceBoard("101")), 1000)).build();
    }

    private List<Integer> released() {
        return book.game(GAME).releaseUpTo(Long.MAX_VALUE).stream().map(GameUpdate::getVersion).toList();
    }

    @Test
    void anArbitersChangeIsReleasedOnlyOnceDurableAndHoldsBackWhatFollows() {
        List<Move> line = Plays.line(2, 1);
        JournalRecord first = move(line.get(0));
        book.apply(first);
        book.written(first);
        assertEquals(List.of(1), released(), "a driver's move: shown once written");

        JournalRecord draw = pairing();
        book.apply(draw);
        JournalRecord after = move(line.get(1));
        book.apply(after);
        // one group commit: both written, neither fsync'd yet
        book.written(draw);
        book.written(after);
        assertEquals(List.of(), released(), "the pairing waits for its fsync, and the move behind it waits too");
        assertEquals(1, book.game(GAME).showable());

        book.durable(draw);
        assertEquals(List.of(2, 3), released(), "once the pairing is durable both go, in order");
    }

    @Test
    void everyVersionCarriesItsEpochAndAStaleOneIsRolledBack() {
        for (Move m : Plays.line(3, 2)) {
            JournalRecord r = move(m);
            book.apply(r);
            book.durable(r);
        }
        GameRecord g = book.game(GAME);
        assertEquals(EPOCH, g.update(3).getEpoch());
        assertFalse(g.rolledBack(3, EPOCH), "the same version of the same run");
        assertFalse(g.rolledBack(2, 0), "no epoch told: compared by version only");
        assertTrue(g.rolledBack(3, EPOCH - 1), "version 3 of another run is other content");
        assertTrue(g.rolledBack(4, EPOCH), "a version this relay does not have");
        g.releaseUpTo(Long.MAX_VALUE);
        assertEquals(EPOCH, g.spectatorSnapshot().getEpoch());
    }
}
