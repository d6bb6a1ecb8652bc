package org.damrelay.draughts.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;

/**
 * PDN move notation (PDN 3.0; SWR 11.3): {@code 32-28}, {@code 28x19}, and the long capture form
 * {@code 47x38x24x13x36} exactly when two legal moves share start and end square.
 */
public final class Notation {
    private static final Pattern SEPARATOR = Pattern.compile("\\s*[-x:X]\\s*");

    private Notation() {}

    /** The notation of a legal move in its position: the short form unless that is ambiguous. */
    public static String of(Position position, Move move, Variant variant) {
        for (Move other : variant.legalMoves(position)) {
            if (!other.equals(move) && other.from() == move.from() && other.to() == move.to()) return longForm(move);
        }
        return shortForm(move);
    }

    /** {@code 32-28} or {@code 28x19}. */
    public static String shortForm(Move move) {
        return move.from() + (move.isCapture() ? "x" : "-") + move.to();
    }

    /** The capture with its intermediate squares (see {@link CaptureRoute#waypoints}); a plain move as {@link #shortForm}. */
    public static String longForm(Move move) {
        if (!move.isCapture()) return shortForm(move);
        StringBuilder sb = new StringBuilder().append(move.from());
        for (int s : CaptureRoute.waypoints(move)) sb.append('x').append(s);
        return sb.append('x').append(move.to()).toString();
    }

    /**
     * The one legal move the text names. Start and end square must match; intermediate squares,
     * when given, must be squares the piece stops on, in that order, along any route of the move.
     * The separator is not trusted to tell a capture.
     */
    public static Move resolve(Position position, Variant variant, String text) {
        List<Integer> squares = squares(text);
        int from = squares.get(0), to = squares.get(squares.size() - 1);
        List<Integer> via = squares.subList(1, squares.size() - 1);
        List<Move> matches = new ArrayList<>();
        for (Move m : variant.legalMoves(position)) {
            if (m.from() == from && m.to() == to && allowsWaypoints(position, variant, m, via)) matches.add(m);
        }
        if (matches.size() == 1) return matches.get(0);
        if (matches.isEmpty()) {
            throw new NotationException(NotationException.Reason.ILLEGAL, text, "\"" + text + "\" is not a legal move");
        }
        throw new NotationException(NotationException.Reason.AMBIGUOUS, text, "\"" + text + "\" is ambiguous: "
                + matches.stream().map(Notation::longForm).collect(Collectors.joining(" or ")));
    }

    /** The squares a move text names, in order; a {@link NotationException} if it is not a move text. */
    public static List<Integer> squares(String text) {
        String t = text.strip();
        String[] parts = SEPARATOR.split(t, -1);
        if (parts.length < 2) throw malformed(text);
        List<Integer> out = new ArrayList<>(parts.length);
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 9 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) throw malformed(text);
            int s = Integer.parseInt(p);
            if (!Squares.isValid(s)) {
                throw new NotationException(NotationException.Reason.MALFORMED, text,
                        "square " + s + " out of range in \"" + text + "\"");
            }
            out.add(s);
        }
        return out;
    }

    /** Whether any route of the move stops on the named intermediate squares. */
    private static boolean allowsWaypoints(Position position, Variant variant, Move m, List<Integer> via) {
        if (via.isEmpty()) return true;
        if (CaptureRoute.allowsWaypoints(m, via)) return true;
        for (Move route : CaptureRoute.routes(position, variant, m)) {
            if (CaptureRoute.allowsWaypoints(route, via)) return true;
        }
        return false;
    }

    private static NotationException malformed(String text) {
        return new NotationException(NotationException.Reason.MALFORMED, text, "\"" + text + "\" is not a move");
    }
}
