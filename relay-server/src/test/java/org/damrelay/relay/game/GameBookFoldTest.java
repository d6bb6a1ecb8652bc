package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Correction;
import org.damrelay.proto.DrawCount;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.SkipRecord;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relay's fold on journal records alone: no sockets, no journal file. */
class GameBookFoldTest {

    @TempDir Path dir;
    private final List<JournalRecord> journal = new ArrayList<>();

    private GameBook book() {
        return new GameBook(EventDirectory.from(TestRelay.config(dir, 0)));
    }

    /** What the arbiter's pairing edit journals: a new game on board "301" of driver "hall". */
    private GameInfo pairing(GameBook book, int board, String variant, String fen, DrawCount... startCounts) {
        GameInfo info = GameInfo.newBuilder().setGameId(EventDirectory.gameId("nk", 3, board)).setEventId("nk").setRound(3)
                .setBoard(board).setVariant(variant).setStartFen(fen).setSourceDriver("hall").setSourceBoard("30" + board)
                .addAllStartCounts(List.of(startCounts)).build();
        commit(book, JournalRecord.newBuilder().setArbiterUpdate(book.next(info.getGameId(), GameUpdate.newBuilder().setInfo(info), 1))
                .build());
        return info;
    }

    private GameBook.Applied commit(GameBook book, JournalRecord r) {
        journal.add(r);
        GameBook.Applied a = book.apply(r);
        book.written(r);
        book.durable(r);
        return a;
    }

    /** As the ingest service does: check, then journal the accepted event; a refusal comes back as a Verdict. */
    private Verdict ingest(GameBook book, String gameId, String board, GameEvent e) {
        GameRecord g = book.game(gameId);
        Verdict v = EventCheck.check(g.live(), e);
        if (v instanceof Verdict.Accepted a) {
            long seq = book.cursor(new Source("nk", "hall", board)).applied() + 1;
            commit(book, JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard(board)
                    .setSeq(seq).setUpdate(book.next(gameId, GameUpdate.newBuilder().setEvent(a.event()), seq))).build());
        }
        return v;
    }

    private GameEvent move(GameBook book, String gameId, String board, String text) {
        GameRecord g = book.game(gameId);
        Move m = Notation.resolve(g.live().position(), g.live().variant(), text);
        Verdict v = ingest(book, gameId, board, GameEvent.newBuilder().setType(EventType.MOVE).setMove(GameWire.move(m)).build());
        if (v instanceof Verdict.Refused r) throw new AssertionError(text + " refused: " + r);
        return ((Verdict.Accepted) v).event();
    }

    private static String counts(GameEvent e) {
        return e.getDrawsList().stream().map(c -> c.getRule() + " " + c.getCount() + "/" + c.getLimit()).toList().toString();
    }

    @Test
    void aRecordChangesStateWhenAppliedAndIsAckableOnlyOnceDurable() {
        GameBook book = book();
        Move m = Move.quiet(32, 28);
        GameEvent e = ((Verdict.Accepted) EventCheck.check(book.game("nk-r1-b1").live(),
                GameEvent.newBuilder().setType(EventType.MOVE).setMove(GameWire.move(m)).build())).event();
        JournalRecord r = JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard("101")
                .setSeq(1).setUpdate(book.next("nk-r1-b1", GameUpdate.newBuilder().setEvent(e), 5))).build();
        Source s = new Source("nk", "hall", "101");
        GameBook.Applied a = book.apply(r);
        assertEquals(1, a.update().getVersion());
        assertEquals(1, book.game("nk-r1-b1").live().plyCount());
        assertEquals(1, book.cursor(s).applied());
        assertEquals(0, book.cursor(s).durable(), "not on disk yet: no ack");
        assertEquals(0, book.game("nk-r1-b1").written());
        book.written(r);
        assertEquals(1, book.game("nk-r1-b1").written(), "written: spectators may have it");
        assertEquals(0, book.cursor(s).durable(), "written but not fsync'd: still no ack");
        assertEquals(0, book.game("nk-r1-b1").durable(), "nor is a notation device told of it");
        book.durable(r);
        assertEquals(1, book.cursor(s).durable());
        assertEquals(1, book.game("nk-r1-b1").durable());
    }

    @Test
    void replayingTheJournalGivesTheStateTheLivePathGave() {
        GameBook live = book();
        pairing(live, 1, "FRISIAN", "W:W27,K21:BK29");
        for (String p : "21-26 29-34 26-8 34-40".split(" ")) move(live, "nk-r3-b1", "301", p);
        move(live, "nk-r1-b1", "101", "32-28");
        ingest(live, "nk-r1-b1", "101", GameEvent.newBuilder().setType(EventType.ILLEGAL_MOVE).setSubtype(IllegalSubtype.OTHER)
                .setFen("W:W31-50:B1-18,20,24").build());
        commit(live, JournalRecord.newBuilder().setArbiterUpdate(live.next("nk-r1-b1", GameUpdate.newBuilder()
                .setCorrection(Correction.newBuilder().setKind(Correction.Kind.TAKE_BACK).setPly(1)), 9)).build());
        commit(live, JournalRecord.newBuilder().setSkip(SkipRecord.newBuilder().setEventId("nk").setDriverId("hall")
                .setBoard("102").setSeq(1)).build());

        GameBook replayed = book();
        for (JournalRecord r : journal) {
            replayed.apply(r);
            replayed.written(r);
            replayed.durable(r);
        }
        assertEquals(live.snapshot(7), replayed.snapshot(7));
        assertEquals(4, replayed.game("nk-r3-b1").live().plyCount());
        assertEquals(1, replayed.game("nk-r1-b1").live().plyCount());
        assertTrue(replayed.cursor(new Source("nk", "hall", "102")).durableSkipped());
    }

    @Test
    void frisianArticle17HoldsOnTheRelay() {
        GameBook book = book();
        pairing(book, 1, "FRISIAN", "W:W27,K21:BK29");
        for (String p : "21-26 29-34 26-8 34-40 8-19 40-49".split(" ")) move(book, "nk-r3-b1", "301", p);
        Verdict fourth = ingest(book, "nk-r3-b1", "301", GameEvent.newBuilder().setType(EventType.MOVE)
                .setMove(GameWire.move(Move.quiet(19, 14))).build());
        Verdict.Refused refused = assertInstanceOf(Verdict.Refused.class, fourth);
        assertEquals(IngestError.Code.MOVE_REFUSED, refused.code());
        assertTrue(refused.message().contains("Frisian art. 17"), refused.message());
        // sent as what it is, an irregular move that stood, it is taken and the game goes on from it
        String after = Fen.write(book.game("nk-r3-b1").live().position().apply(Move.quiet(19, 14)));
        assertInstanceOf(Verdict.Accepted.class, ingest(book, "nk-r3-b1", "301", GameEvent.newBuilder()
                .setType(EventType.ILLEGAL_MOVE).setSubtype(IllegalSubtype.OTHER).setFen(after).build()));
        assertTrue(book.game("nk-r3-b1").live().lastPly().getIrregular());
    }

    @Test
    void everyMoveCarriesTheRunningCountsAndACountThatEndsIsCleared() {
        GameBook book = book();
        pairing(book, 2, "INTERNATIONAL", "W:W50,K46:BK1");
        // the 25-move count begins once both have moved (SWR 9.2): after white's first king move only the 5-move count runs
        assertEquals("[FIVE_MOVES 0/5]", counts(move(book, "nk-r3-b2", "302", "46-41")));
        GameEvent second = move(book, "nk-r3-b2", "302", "1-6");
        assertEquals("[FIVE_MOVES 1/5, TWENTY_FIVE_MOVES 1/25]", counts(second));
        assertEquals("5-move", second.getDraws(0).getLabel());
        assertEquals("SWR 9.2b", second.getDraws(0).getArticle());
        assertEquals("[FIVE_MOVES 1/5]", counts(move(book, "nk-r3-b2", "302", "50-45")), "a man moved: the 25-move count ended");
        assertEquals(1, book.game("nk-r3-b2").live().snapshot().getDrawsCount());
    }

    @Test
    void anAdjournedGameResumesWithItsCountsRunning() {
        GameBook book = book();
        pairing(book, 3, "INTERNATIONAL", "W:WK46:BK1,K2,K3",
                DrawCount.newBuilder().setRule("SIXTEEN_MOVES").setCount(9).build());
        move(book, "nk-r3-b3", "303", "46-41");
        GameEvent e = move(book, "nk-r3-b3", "303", "1-6");
        assertEquals("[SIXTEEN_MOVES 10/16, TWENTY_FIVE_MOVES 1/25]", counts(e));
    }
}
