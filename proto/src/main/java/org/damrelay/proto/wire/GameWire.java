package org.damrelay.proto.wire;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.game.DrawRule;
import org.damrelay.draughts.game.DrawStatus;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.game.MoveCount;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.DrawCount;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Side;

/**
 * The rules core's values on the wire and back, in one place for the driver and the relay: moves,
 * sides, ply numbers, draw counts and a game's competition settings.
 */
public final class GameWire {

    private GameWire() {}

    public static MoveData move(Move m) {
        MoveData.Builder b = MoveData.newBuilder().setFrom(m.from()).setTo(m.to());
        // an empty list added still costs a list of its own in every move the relay keeps
        if (m.isCapture()) b.addAllCaptured(m.capturedSquares());
        return b.addAllPath(m.path()).build();
    }

    /** @throws IllegalArgumentException for a captured square outside 1-50 */
    public static Move move(MoveData d) {
        long captured = 0;
        for (int s : d.getCapturedList()) {
            if (s < 1 || s > 50) throw new IllegalArgumentException("captured square " + s + " out of range");
            captured |= 1L << s;
        }
        List<Integer> path = d.getPathCount() >= 2 ? d.getPathList() : List.of(d.getFrom(), d.getTo());
        return new Move(d.getFrom(), d.getTo(), captured, path);
    }

    public static Side side(Color c) {
        return c == Color.WHITE ? Side.WHITE : Side.BLACK;
    }

    /**
     * Plies on the wire are numbered as arbiter-events.md does: 1 = white's first move, so in a
     * game set up with black to move every ply is one more than the plies played.
     */
    public static int plyNumber(Position start, int played) {
        return played + (start.sideToMove() == Color.BLACK ? 1 : 0);
    }

    /** How many plies are played once wire ply {@code number} is (0 = none). */
    public static int playedAt(Position start, int number) {
        return Math.max(0, number - plyNumber(start, 0));
    }

    /** Every count that has begun in {@code status} (a single king move starts no 25-move count), ply numbers as on the wire. */
    public static List<DrawCount> draws(DrawStatus status, Position start) {
        List<DrawCount> out = new ArrayList<>(status.counts().size());
        for (MoveCount c : status.begun()) out.add(draw(c, start));
        return out;
    }

    public static DrawCount draw(MoveCount c, Position start) {
        return DrawCount.newBuilder().setRule(c.rule().name()).setLabel(c.rule().label()).setArticle(c.rule().article())
                .setCount(c.moves()).setLimit(c.limit()).setStartPly(c.startPly() == 0 ? 0 : plyNumber(start, c.startPly()))
                .build();
    }

    /** The position a game starts from: its start FEN, or the standard start. */
    public static Position start(GameInfo info) {
        return info.getStartFen().isBlank() ? Position.start() : Fen.parse(info.getStartFen());
    }

    /**
     * The settings a pairing gives a game.
     *
     * @throws IllegalArgumentException naming the field that is wrong
     */
    public static GameSettings settings(GameInfo info) {
        return GameSettings.parse(info.getVariant(), info.getDrawRules(), info.getAgreedDrawLimit(),
                info.getTimeControl(), info.getIncrement());
    }

    /**
     * The game before its first ply: settings, start position and, for an adjourned game, the
     * counts already running.
     *
     * @throws IllegalArgumentException naming what does not fit
     */
    public static Game startGame(GameInfo info) {
        return Game.from(start(info), settings(info), startCounts(info));
    }

    /**
     * An adjourned game's counts already running at its start: moves counted so far, by rule.
     *
     * @throws IllegalArgumentException for a rule name the rules core does not know
     */
    public static Map<DrawRule, Integer> startCounts(GameInfo info) {
        Map<DrawRule, Integer> running = new EnumMap<>(DrawRule.class);
        for (DrawCount c : info.getStartCountsList()) {
            DrawRule rule;
            try {
                rule = DrawRule.valueOf(c.getRule().strip().toUpperCase());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown draw count \"" + c.getRule() + "\" (" + List.of(DrawRule.values()) + ")");
            }
            running.put(rule, c.getCount());
        }
        return running;
    }

    /** Writes the settings into a game's description, in the fields {@link #settings} reads. */
    public static GameInfo.Builder withSettings(GameInfo.Builder b, GameSettings s) {
        TimeControl tc = s.timeControl();
        return b.setVariant(s.variant().name()).setDrawRules(s.drawRules().name())
                .setAgreedDrawLimit(s.agreedDrawLimit().name())
                .setTimeControl(tc == null ? "" : tc.tag()).setIncrement(tc == null ? "" : tc.incrementKind().name());
    }

    /** Writes the counts running at a game's start (an adjourned game) into its description. */
    public static GameInfo.Builder withStartCounts(GameInfo.Builder b, DrawStatus atStart) {
        b.clearStartCounts();
        for (MoveCount c : atStart.counts()) b.addStartCounts(DrawCount.newBuilder().setRule(c.rule().name()).setCount(c.moves()));
        return b;
    }
}
