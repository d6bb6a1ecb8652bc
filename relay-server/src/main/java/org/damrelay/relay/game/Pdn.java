package org.damrelay.relay.game;

import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.Ply;

/**
 * PDN export of a game as spectators see it (so it obeys the broadcast delay): the seven-tag
 * roster, GameType, FEN when the game did not start from the start position, and the moves in
 * the notation they were stored with (long form only where the short one is ambiguous).
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

    public static String write(GameSnapshot s, String eventName, String site) {
        GameInfo i = s.getInfo();
        StringBuilder sb = new StringBuilder();
        tag(sb, "Event", eventName);
        tag(sb, "Site", site);
        tag(sb, "Round", String.valueOf(i.getRound()));
        tag(sb, "Board", String.valueOf(i.getBoard()));
        tag(sb, "White", i.getWhite().getName());
        tag(sb, "Black", i.getBlack().getName());
        if (i.getWhite().getRating() > 0) tag(sb, "WhiteRating", String.valueOf(i.getWhite().getRating()));
        if (i.getBlack().getRating() > 0) tag(sb, "BlackRating", String.valueOf(i.getBlack().getRating()));
        if (!i.getMatch().isEmpty()) tag(sb, "Match", i.getMatch());
        if (!i.getTimeControl().isEmpty()) tag(sb, "TimeControl", i.getTimeControl());
        // who wrote the scoresheet (SWR 11), for a game notated on a phone
        if (!i.getNotator().isEmpty()) tag(sb, "Notator", i.getNotator());
        tag(sb, "Result", result(s.getResult()));
        tag(sb, "GameType", "FRISIAN".equals(i.getVariant()) ? "40" : "20");
        if (!i.getStartFen().isEmpty()) tag(sb, "FEN", i.getStartFen());
        boolean whiteFirst = i.getStartFen().isEmpty() || i.getStartFen().trim().startsWith("W");
        StringBuilder moves = new StringBuilder();
        int index = 0;
        for (Ply p : s.getPliesList()) {
            boolean white = (index % 2 == 0) == whiteFirst;
            int number = (index + (whiteFirst ? 0 : 1)) / 2 + 1;
            if (p.getNotation().isEmpty()) {
                moves.append("{arbiter set position ").append(p.getFen()).append("} ");
                index++;
                continue;
            }
            if (white) moves.append(number).append(". ");
            else if (index == 0 || moves.toString().endsWith("} ")) moves.append(number).append("... ");
            moves.append(p.getNotation()).append(' ');
            if (p.hasClock()) moves.append("{[%clk ").append(clock(white ? p.getClock().getWhiteMs() : p.getClock().getBlackMs())).append("]} ");
            if (p.getIrregular()) moves.append("{irregular move, stood} ");
            index++;
        }
        moves.append(result(s.getResult()));
        sb.append('\n').append(wrap(moves.toString())).append("\n\n");
        return sb.toString();
    }

    /** The mover's remaining time after the move, as PGN's clock comment writes it: h:mm:ss. */
    private static String clock(int ms) {
        int s = ms / 1000;
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    private static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"").append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
    }

    private static String wrap(String text) {
        StringBuilder out = new StringBuilder();
        int col = 0;
        for (String word : text.split(" ")) {
            if (col > 0 && col + word.length() + 1 > 79) {
                out.append('\n');
                col = 0;
            } else if (col > 0) {
                out.append(' ');
                col++;
            }
            out.append(word);
            col += word.length();
        }
        return out.toString();
    }
}
