package org.damrelay.relay.game;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.notation.PdnWriter;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.Clock;
import org.damrelay.proto.Correction;
import org.damrelay.proto.CorrectionNote;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.Player;
import org.damrelay.proto.Ply;
import org.damrelay.proto.Side;
import org.damrelay.relay.config.EventConfig;

/**
 * PDN 3.0 export of a game as spectators see it (so it obeys the broadcast delay): the seven-tag
 * roster with the round's date, board, teams ({@code WhiteTeam}/{@code BlackTeam} as lidraughts
 * writes them), ratings, time control, termination, GameType, FEN when the game did not start
 * from the start position, and the moves as stored, each followed by both clocks as a
 * {@code [%clock]} command (the running side in capitals). Movetext layout is
 * {@link PdnWriter.Movetext}'s, the one PDN writer of the project.
 */
public final class Pdn {

    private Pdn() {}

    public static String result(GameResult r) {
        return switch (r) {
            case WHITE_WINS -> "2-0";
            case DRAW -> "1-1";
            case BLACK_WINS -> "0-2";
            case BOTH_LOSE -> "0-0";
            default -> "*";
        };
    }

    /** The game under its event's name and site, dated by its round (unknown date when the pairings give none). */
    public static String write(GameSnapshot s, EventConfig event) {
        if (event == null) return write(s, "?", "?", null);
        String date = event.rounds().stream().filter(r -> r.number() == s.getInfo().getRound())
                .map(EventConfig.RoundConfig::date).filter(d -> d != null && !d.isBlank()).findFirst().orElse(null);
        return write(s, event.name(), event.site(), date);
    }

    /** @param isoDate YYYY-MM-DD, or null when unknown */
    public static String write(GameSnapshot s, String eventName, String site, String isoDate) {
        GameInfo i = s.getInfo();
        String result = result(s.getResult());
        StringBuilder sb = new StringBuilder();
        PdnWriter.tag(sb, "Event", orUnknown(eventName));
        PdnWriter.tag(sb, "Site", orUnknown(site));
        PdnWriter.tag(sb, "Date", isoDate == null ? "????.??.??" : isoDate.strip().replace('-', '.'));
        PdnWriter.tag(sb, "Round", i.getRound() > 0 ? String.valueOf(i.getRound()) : "?");
        PdnWriter.tag(sb, "White", orUnknown(i.getWhite().getName()));
        PdnWriter.tag(sb, "Black", orUnknown(i.getBlack().getName()));
        PdnWriter.tag(sb, "Result", result);
        PdnWriter.tag(sb, "GameType", String.valueOf(variant(i).pdnGameType()));
        if (i.getBoard() > 0) PdnWriter.tag(sb, "Board", String.valueOf(i.getBoard()));
        player(sb, "White", i.getWhite());
        player(sb, "Black", i.getBlack());
        if (!i.getMatch().isEmpty()) PdnWriter.tag(sb, "Match", i.getMatch());
        if (!i.getTimeControl().isEmpty()) PdnWriter.tag(sb, "TimeControl", timeControl(i.getTimeControl()));
        // who wrote the scoresheet (SWR 11), for a game notated on a phone
        if (!i.getNotator().isEmpty()) PdnWriter.tag(sb, "Notator", i.getNotator());
        PdnWriter.tag(sb, "Termination", s.getResult() == GameResult.RESULT_UNSPECIFIED ? "unterminated" : "normal");
        if (!i.getStartFen().isEmpty()) {
            PdnWriter.tag(sb, "SetUp", "1");
            PdnWriter.tag(sb, "FEN", i.getStartFen().strip());
        }
        PdnWriter.Movetext moves = new PdnWriter.Movetext(whiteToMove(i.getStartFen()));
        // each arbiter correction as a comment after the ply it concerns; one whose ply a later
        // correction removed comes after the last ply
        List<CorrectionNote> notes = new ArrayList<>(s.getCorrectionNotesList());
        corrections(moves, notes, s.getPliesCount() == 0 ? Integer.MAX_VALUE : s.getPlies(0).getPly() - 1);
        for (Ply p : s.getPliesList()) {
            if (p.getNotation().isEmpty()) {
                boolean joined = s.getJoinedAtMove() > 0 && p.getFen().equals(s.getJoinedFen());
                moves.position((joined ? "the board's driver joined the game at the position " : "the arbiter set the position ") + p.getFen(),
                        whiteToMove(p.getFen()));
            } else {
                moves.move(p.getNotation());
                if (p.getIrregular()) moves.comment("irregular move, stood");
                if (hasReading(p.getClock())) moves.comment(clock(p.getClock()));
            }
            corrections(moves, notes, p.getPly());
        }
        corrections(moves, notes, Integer.MAX_VALUE);
        sb.append('\n').append(moves.end(result)).append("\n\n");
        return sb.toString();
    }

    /** Writes, and takes from {@code notes}, the corrections that concern a ply up to {@code upTo}. */
    private static void corrections(PdnWriter.Movetext moves, List<CorrectionNote> notes, int upTo) {
        for (var it = notes.iterator(); it.hasNext(); ) {
            Correction c = it.next().getCorrection();
            if (anchor(c) > upTo) continue;
            moves.comment(correctionComment(c));
            it.remove();
        }
    }

    /** The ply a correction concerns: the one replaced, the one taken back to, the position set after it. */
    private static int anchor(Correction c) {
        return c.getKind() == Correction.Kind.SET_POSITION ? c.getPly() + 1 : c.getPly();
    }

    /** "corrected by the arbiter (J. Jansen): 28x19; the clock was pressed before the capture was complete" */
    static String correctionComment(Correction c) {
        if (c.getKind() == Correction.Kind.BOARD_READING) {
            // the driver's own: a ply it sent before a later board told what it was
            return c.getNotation().isBlank() ? "the move first read here was corrected by the board's later reading"
                    : "the move first read here was corrected by the board's later reading: " + c.getNotation();
        }
        String who = c.getArbiter().isBlank() ? "the arbiter" : "the arbiter (" + c.getArbiter() + ")";
        String what = switch (c.getKind()) {
            case REPLACE_MOVE -> "move corrected by " + who + ": " + c.getNotation();
            case TAKE_BACK -> "taken back to here by " + who;
            case SET_POSITION -> "position set by " + who;
            default -> "corrected by " + who;
        };
        return c.getReason().isBlank() ? what : what + "; " + c.getReason().strip();
    }

    private static void player(StringBuilder sb, String side, Player p) {
        if (p.getRating() > 0) PdnWriter.tag(sb, side + "Rating", String.valueOf(p.getRating()));
        if (!p.getTeam().isEmpty()) PdnWriter.tag(sb, side + "Team", p.getTeam());
        if (!p.getFedId().isEmpty()) PdnWriter.tag(sb, side + "FedId", p.getFedId());
    }

    private static Variant variant(GameInfo i) {
        try {
            return i.getVariant().isEmpty() ? Variant.INTERNATIONAL : Variant.valueOf(i.getVariant());
        } catch (IllegalArgumentException e) {
            return Variant.INTERNATIONAL;
        }
    }

    /** PGN's form ({@code 4800+60}) when the pairings' text reads as one, else the text as entered. */
    private static String timeControl(String text) {
        try {
            return TimeControl.parse(text).tag();
        } catch (IllegalArgumentException e) {
            return text;
        }
    }

    /** The side a FEN's first letter names; no FEN is the start position, white to move. */
    private static boolean whiteToMove(String fen) {
        return !fen.strip().toUpperCase().startsWith("B");
    }

    private static boolean hasReading(Clock c) {
        return c.getWhiteMs() > 0 || c.getBlackMs() > 0;
    }

    /** {@code [%clock w1:19:58 B1:19:40]}: both remaining times, the running clock's side in capitals. */
    static String clock(Clock c) {
        return "[%clock " + (c.getRunning() == Side.WHITE ? "W" : "w") + hms(c.getWhiteMs())
                + " " + (c.getRunning() == Side.BLACK ? "B" : "b") + hms(c.getBlackMs()) + "]";
    }

    private static String hms(long ms) {
        long s = ms / 1000;
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? "?" : s;
    }
}
