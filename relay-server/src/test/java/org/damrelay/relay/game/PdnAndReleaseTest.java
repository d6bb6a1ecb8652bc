package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.Clock;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.Player;
import org.damrelay.proto.Ply;
import org.damrelay.proto.Side;
import org.damrelay.proto.wire.GameWire;
import org.junit.jupiter.api.Test;

class PdnAndReleaseTest {

    private static GameEvent accepted(GameFold g, GameEvent e) {
        Verdict v = EventCheck.check(g, e);
        if (v instanceof Verdict.Refused r) throw new AssertionError(r.toString());
        return ((Verdict.Accepted) v).event();
    }

    private static GameEvent move(GameFold g, int from, int to) {
        return accepted(g, GameEvent.newBuilder().setType(EventType.MOVE).setMove(GameWire.move(Move.quiet(from, to))).build());
    }

    /** What the book does when it applies the journal record of an update. */
    private static void append(GameRecord r, GameUpdate.Builder u, long relayTimeMs) {
        r.add(r.next(u, relayTimeMs));
    }

    /**
     * Issue 44: a capture the driver sent as the board first showed it complete, which a later
     * board showed to be an irregular move, is corrected by the driver in the open: the record
     * drops it, no alert is raised for the correction, and spectators who join later and the PDN
     * see a note saying so, as they see an arbiter's.
     */
    @Test
    void aDriversCorrectionOfACaptureShownAheadIsANoteNotAnAlert() {
        GameInfo info = GameInfo.newBuilder().setGameId("e-r1-b1").setRound(1).setBoard(1).setStartFen("W:W32,46,47:B3,25,28")
                .setWhite(Player.newBuilder().setName("W")).setBlack(Player.newBuilder().setName("B")).build();
        GameRecord r = new GameRecord(info);
        append(r, GameUpdate.newBuilder().setEvent(accepted(r.live(), GameEvent.newBuilder().setType(EventType.MOVE)
                .setMove(GameWire.move(new Move(32, 23, 1L << 28, List.of(32, 23)))).build())), 1);
        GameUpdate.Builder back = GameUpdate.newBuilder().setEvent(accepted(r.live(), GameEvent.newBuilder().setType(EventType.MOVE_RETRACTED)
                .setBoardCorrection(true).build()));
        assertTrue(!GameRecord.isAlert(back.build()), "the correction itself is no alert");
        append(r, back, 2);
        append(r, GameUpdate.newBuilder().setEvent(accepted(r.live(), GameEvent.newBuilder().setType(EventType.ILLEGAL_MOVE)
                .setSubtype(IllegalSubtype.WRONG_PIECES_REMOVED).setSide(Side.WHITE).setFen("B:W23,46,47:B3").build())), 3);
        r.markWritten(3);
        r.releaseUpTo(Long.MAX_VALUE);
        GameSnapshot s = r.spectatorSnapshot();
        assertEquals(1, s.getPliesCount(), "the irregular move alone");
        assertTrue(s.getPlies(0).getIrregular());
        assertEquals(List.of(Correction.Kind.BOARD_READING), s.getCorrectionNotesList().stream().map(n -> n.getCorrection().getKind()).toList());
        assertEquals(1, s.getCorrectionNotes(0).getCorrection().getPly());
        String pdn = Pdn.write(s, "E", "S", null);
        assertTrue(pdn.contains("the move first read here was corrected by the board's later reading"), pdn);
    }

    @Test
    void aGameStartingWithBlackToMoveIsNumberedFromOneEllipsis() {
        String fen = "B:W31,32,33:B18,19,20";
        GameInfo info = GameInfo.newBuilder().setGameId("e-r1-b1").setRound(1).setBoard(1).setStartFen(fen)
                .setWhite(Player.newBuilder().setName("W")).setBlack(Player.newBuilder().setName("B")).build();
        GameRecord r = new GameRecord(info);
        append(r, GameUpdate.newBuilder().setEvent(move(r.live(), 18, 22)), 1);
        append(r, GameUpdate.newBuilder().setEvent(move(r.live(), 31, 27)), 2);
        append(r, GameUpdate.newBuilder().setResult(GameResult.DRAW), 3);
        r.markWritten(3);
        r.releaseUpTo(Long.MAX_VALUE);
        String pdn = Pdn.write(r.spectatorSnapshot(), "E", "S", null);
        assertTrue(pdn.contains("[FEN \"" + fen + "\"]"), pdn);
        assertTrue(pdn.contains("1... 18-22 2. 31-27 1-1"), pdn);
        assertTrue(pdn.contains("[Result \"1-1\"]"), pdn);
    }

    @Test
    void aPositionSeenOrSetInTheRecordGivesTheTurnToTheSideItsFenNames() {
        // after 32-28 a driver joined four plies on (no path: more than three), black to move; then the arbiter set a position, white to move
        String seen = "B:W28,31,33:B18,19,20", set = "W:W28,33:B18,19";
        GameSnapshot s = GameSnapshot.newBuilder().setInfo(GameInfo.newBuilder().setGameId("e-r1-b1").setRound(1).setBoard(1))
                .addPlies(Ply.newBuilder().setPly(1).setNotation("32-28"))
                .addPlies(Ply.newBuilder().setPly(2).setFen(seen))
                .addPlies(Ply.newBuilder().setPly(3).setNotation("19-23"))
                .addPlies(Ply.newBuilder().setPly(4).setFen(set))
                .addPlies(Ply.newBuilder().setPly(5).setNotation("33-29"))
                .setJoinedAtMove(2).setJoinedFen(seen).build();
        String movetext = Pdn.write(s, "E", "S", null).replaceAll("\\s+", " ");
        assertTrue(movetext.contains("1. 32-28 {the board's driver joined the game at the position " + seen + "} 1... 19-23"
                + " {the arbiter set the position " + set + "} 2. 33-29 *"), movetext);
    }

    @Test
    void plyNumbersCountFromWhitesFirstMoveSoBlacksFirstMoveIsPly2() {
        String fen = "B:W31,32,33:B18,19,20";
        GameRecord r = new GameRecord(GameInfo.newBuilder().setGameId("e-r1-b1").setStartFen(fen).build());
        GameEvent first = move(r.live(), 18, 22);
        assertEquals(2, first.getPly(), "arbiter-events.md: ply 1 = white's first move");
        append(r, GameUpdate.newBuilder().setEvent(first), 1);
        GameEvent second = move(r.live(), 31, 27);
        assertEquals(3, second.getPly());
        append(r, GameUpdate.newBuilder().setEvent(second), 2);
        assertEquals(List.of(2, 3), r.live().plies().stream().map(Ply::getPly).toList());

        // corrections use the same numbers: back to after ply 2 keeps black's first move
        append(r, GameUpdate.newBuilder().setCorrection(Correction.newBuilder()
                .setKind(Correction.Kind.TAKE_BACK).setPly(2)), 3);
        assertEquals(1, r.live().plyCount());
        assertEquals("18-22", r.live().lastPly().getNotation());
        // and an alert raised now is about ply 2
        GameEvent alert = accepted(r.live(), GameEvent.newBuilder().setType(EventType.CLOCK_PRESSED_WITHOUT_MOVE).build());
        assertEquals(2, alert.getPly());
    }

    @Test
    void pdnCarriesTheRoundsTagsAndClocksAndReadsBackMoveForMove() {
        GameInfo info = GameInfo.newBuilder().setGameId("e-r3-b2").setRound(3).setBoard(2).setTimeControl("4800+60")
                .setWhite(Player.newBuilder().setName("Roel Boomstra").setTeam("Huissen").setRating(2380))
                .setBlack(Player.newBuilder().setName("Jeroen van den Akker").setTeam("Hijken DTC")).build();
        GameRecord r = new GameRecord(info);
        List<int[]> line = List.of(new int[] {32, 28}, new int[] {18, 23}, new int[] {37, 32}, new int[] {12, 18},
                new int[] {41, 37}, new int[] {7, 12}, new int[] {34, 30}, new int[] {1, 7}, new int[] {46, 41}, new int[] {17, 21});
        int v = 1;
        for (int[] m : line) {
            boolean whiteMoved = v % 2 == 1;
            GameEvent e = move(r.live(), m[0], m[1]).toBuilder().setClock(Clock.newBuilder()
                    .setWhiteMs(4_800_000 - v * 1000).setBlackMs(4_790_000 - v * 1000)
                    .setRunning(whiteMoved ? Side.BLACK : Side.WHITE)).build();
            append(r, GameUpdate.newBuilder().setEvent(e), v++);
        }
        r.markWritten(v - 1);
        r.releaseUpTo(Long.MAX_VALUE);
        String pdn = Pdn.write(r.spectatorSnapshot(), "NK teams", "Huissen", "2026-04-17");
        for (String tag : List.of("[Date \"2026.04.17\"]", "[Round \"3\"]", "[Board \"2\"]", "[WhiteTeam \"Huissen\"]",
                "[BlackTeam \"Hijken DTC\"]", "[WhiteRating \"2380\"]", "[TimeControl \"4800+60\"]", "[Termination \"unterminated\"]",
                "[Result \"*\"]")) {
            assertTrue(pdn.contains(tag), tag + " missing:\n" + pdn);
        }
        assertTrue(pdn.contains("1. 32-28 {[%clock w1:19:59 B1:19:49]} 18-23 {[%clock W1:19:58 b1:19:48]}"), pdn);
        assertTrue(pdn.lines().noneMatch(l -> l.matches(".*\\d+\\.(\\.\\.)?$")), "no line ends between a move number and its move:\n" + pdn);
        // pydraughts reads a repeated "N." as a duplicate and loses moves: black's number only where its turn begins a line of play
        assertTrue(!pdn.contains("..."), "no black move number after a clock comment:\n" + pdn);
        assertTrue(pdn.lines().allMatch(l -> l.length() < 80), pdn);
        var back = PdnReader.parse(pdn).get(0);
        assertEquals(line.size(), back.plies().size(), "every move reads back, the clock comments around them");
        assertEquals("Huissen", back.tag("WhiteTeam"));
        assertEquals("*", back.result());
    }

    @Test
    void anIrregularMoveThatStoodIsMarkedInThePdn() {
        GameRecord r = new GameRecord(GameInfo.newBuilder().setGameId("e-r1-b1").build());
        append(r, GameUpdate.newBuilder().setEvent(move(r.live(), 32, 28)), 1);
        Position after = r.live().position().apply(Move.quiet(19, 24)).withSideToMove(Color.WHITE);
        append(r, GameUpdate.newBuilder().setEvent(accepted(r.live(), GameEvent.newBuilder().setType(EventType.ILLEGAL_MOVE)
                .setSubtype(IllegalSubtype.OTHER).setNotation("19-24").setFen(Fen.write(after)).build())), 2);
        r.markWritten(2);
        r.releaseUpTo(Long.MAX_VALUE);
        String pdn = Pdn.write(r.spectatorSnapshot(), "E", "S", null);
        assertTrue(pdn.contains("1. 32-28 19-24 {irregular move, stood} *"), pdn);
    }

    @Test
    void onlyWrittenUpdatesPastTheCutoffAreReleasedAndArbiterOnlyAlertsAreNotShown() {
        GameRecord r = new GameRecord(GameInfo.newBuilder().setGameId("e-r1-b1").build());
        append(r, GameUpdate.newBuilder().setEvent(move(r.live(), 32, 28)), 1000);
        append(r, GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.CLOCK_PRESSED_WITHOUT_MOVE)), 2000);
        append(r, GameUpdate.newBuilder().setEvent(move(r.live(), 19, 23)), 3000);
        r.markWritten(2);
        assertEquals(1, r.releaseUpTo(1500).size());
        assertEquals(1, r.releaseUpTo(Long.MAX_VALUE).size(), "version 3 is not written yet");
        r.markWritten(3);
        assertEquals(3000, r.nextHeldBackTime());
        assertEquals(1, r.releaseUpTo(Long.MAX_VALUE).size());
        List<GameUpdate> since1 = r.releasedSince(1, 100);
        assertEquals(List.of(3), since1.stream().map(GameUpdate::getVersion).toList());
        assertNull(r.releasedSince(0, 1), "too far behind: a snapshot instead");
        assertNull(r.releasedSince(7, 100), "a version the relay never had: a snapshot instead");
        assertEquals(2, r.spectatorSnapshot().getPliesCount());
    }
}
