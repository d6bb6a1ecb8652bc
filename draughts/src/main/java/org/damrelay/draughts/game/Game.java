package org.damrelay.draughts.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * A game as an immutable value: the settings, a start position (any position), and the plies
 * played from it, each with the position and the rule state after it. Playing returns a new Game.
 *
 * <p>The history may contain irregular plies (SWR 7.2): a move that stood leads to a position no
 * legal move reaches, and the game carries on from it. A draw by rule is recorded when it
 * occurs, but play is still accepted after it: the arbiter declares it, and until he does the
 * board goes on (manual 5.2.2).
 */
public final class Game {
    private final GameSettings settings;
    private final Position start;
    private final DrawStatus startStatus;
    private final List<Ply> plies;
    private final Outcome declared; // agreed draw or resignation; null while none
    private final List<Move> legalMoves;

    private Game(GameSettings settings, Position start, DrawStatus startStatus, List<Ply> plies, Outcome declared,
            List<Move> legalMoves) {
        this.settings = settings;
        this.start = start;
        this.startStatus = startStatus;
        this.plies = plies;
        this.declared = declared;
        this.legalMoves = legalMoves;
    }

    /** A new game from the start position under the variant's default rules. */
    public static Game start(Variant variant) {
        return from(Position.start(), GameSettings.of(variant));
    }

    public static Game from(Position start, Variant variant) {
        return from(start, GameSettings.of(variant));
    }

    /** A new game from any position: a problem, an adjourned game, or a game joined late. */
    public static Game from(Position start, GameSettings settings) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(settings, "settings");
        List<Move> legal = legalMoves(settings.variant(), start, KingRuns.NONE);
        DrawStatus status = DrawTracker.atStart(settings.drawRules(), start, !legal.isEmpty());
        return new Game(settings, start, status, List.of(), null, legal);
    }

    /**
     * An adjourned game resumed from {@code start} with draw counts already running: moves counted
     * so far by rule (e.g. the 16-move count at 9). Counts not given run as the position starts them.
     *
     * @throws IllegalArgumentException naming the count that does not fit the rules or the position
     */
    public static Game from(Position start, GameSettings settings, Map<DrawRule, Integer> running) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(settings, "settings");
        List<Move> legal = legalMoves(settings.variant(), start, KingRuns.NONE);
        DrawStatus status = DrawTracker.resumed(settings.drawRules(), start, Map.copyOf(running), !legal.isEmpty());
        return new Game(settings, start, status, List.of(), null, legal);
    }

    public GameSettings settings() { return settings; }
    public Variant variant() { return settings.variant(); }
    public Position startPosition() { return start; }

    /** Plies played, oldest first. */
    public List<Ply> plies() { return plies; }

    /** The number of plies played. */
    public int ply() { return plies.size(); }

    public Position position() {
        return plies.isEmpty() ? start : last().after();
    }

    public Color sideToMove() {
        return position().sideToMove();
    }

    public KingRuns kingRuns() {
        return plies.isEmpty() ? KingRuns.NONE : last().kingRuns();
    }

    public DrawStatus drawStatus() {
        return plies.isEmpty() ? startStatus : last().drawStatus();
    }

    /** The position before ply {@code n} was played (n = 1 gives the start position). */
    public Position positionBefore(int n) {
        if (n < 1 || n > plies.size() + 1) throw new IndexOutOfBoundsException("no ply " + n + " in " + plies.size());
        return n == 1 ? start : plies.get(n - 2).after();
    }

    /**
     * The legal moves now: the variant's moves minus the history-dependent ones (Frisian art. 17).
     * Empty when the side to move has lost by SWR 8.1.
     */
    public List<Move> legalMoves() {
        return legalMoves;
    }

    public boolean isLegal(Move move) {
        return legalMoves.contains(move);
    }

    /**
     * Plays a legal move.
     *
     * @throws IllegalMoveException naming the move and the position when it is not legal
     * @throws IllegalStateException when the game ended by agreement or resignation
     */
    public Game play(Move move) {
        Objects.requireNonNull(move, "move");
        requireNotDeclared();
        int i = legalMoves.indexOf(move);
        if (i < 0) throw new IllegalMoveException(move, position(), whyIllegal(move));
        Move played = legalMoves.get(i); // the generator's route: a valid path for notation
        Position before = position();
        Position after = before.apply(played);
        KingRuns runs = kingRuns().after(before, played);
        return append(Transition.of(ply() + 1, before, played, after), played, runs);
    }

    /**
     * Continues from any position after an irregular move that stood (SWR 7.2): the board is what
     * it is, reachable or not. The side that was to move made the ply; {@code after} says who is
     * to move next.
     *
     * @throws IllegalArgumentException when {@code after} is the current position: that is no move
     */
    public Game playIrregular(Position after) {
        Objects.requireNonNull(after, "after");
        requireNotDeclared();
        Position before = position();
        if (after.equals(before)) throw new IllegalArgumentException("irregular ply to " + after + " changes nothing");
        KingRuns runs = kingRuns().afterIrregular(before.sideToMove());
        return append(Transition.irregular(ply() + 1, before, after), null, runs);
    }

    private Game append(Transition t, Move move, KingRuns runs) {
        List<Move> legal = legalMoves(settings.variant(), t.after(), runs);
        int repetitions = occurrences(t.after()) + 1;
        DrawStatus status = DrawTracker.next(settings.drawRules(), drawStatus(), t, repetitions, !legal.isEmpty());
        List<Ply> next = new ArrayList<>(plies.size() + 1);
        next.addAll(plies);
        next.add(new Ply(t.ply(), t.mover(), move, t.after(), runs, status));
        return new Game(settings, start, startStatus, List.copyOf(next), null, legal);
    }

    /** Takes back the last thing that happened: an agreed or resigned result if one was entered, else the last ply. */
    public Game undo() {
        if (declared != null) return new Game(settings, start, startStatus, plies, null, legalMoves);
        if (plies.isEmpty()) throw new IllegalStateException("nothing to undo: no ply played");
        return truncate(plies.size() - 1);
    }

    /** The game as it was after ply {@code n} (0 = the start position); an entered result goes unless n is the last ply. */
    public Game truncate(int n) {
        if (n < 0 || n > plies.size()) throw new IllegalArgumentException("cannot truncate to ply " + n + " of " + plies.size());
        if (n == plies.size()) return this;
        List<Ply> kept = plies.subList(0, n);
        Position p = n == 0 ? start : kept.get(n - 1).after();
        KingRuns runs = n == 0 ? KingRuns.NONE : kept.get(n - 1).kingRuns();
        return new Game(settings, start, startStatus, List.copyOf(kept), null, legalMoves(settings.variant(), p, runs));
    }

    /** How often the current position, with the same side to move, has occurred, this time included. */
    public int repetitions() {
        return drawStatus().repetitions();
    }

    /**
     * ZWH K, second case: the moves by which the player to move would make a position that arose
     * twice before by a move of his; he may claim the draw with such a move.
     */
    public List<Move> repetitionClaimMoves() {
        Color me = sideToMove();
        List<Move> out = new ArrayList<>();
        for (Move m : legalMoves) {
            Position p = position().apply(m);
            long byMe = plies.stream().filter(pl -> pl.mover() == me && pl.after().equals(p)).count();
            if (byMe >= 2) out.add(m);
        }
        return out;
    }

    /** Moves made by both players: the smaller of the two sides' move counts. */
    public int movesBothMade() {
        int white = 0, black = 0;
        for (Ply p : plies) {
            if (p.mover() == Color.WHITE) white++;
            else black++;
        }
        return Math.min(white, black);
    }

    /** SWR 13.4: both have not yet made 40 moves. */
    public boolean isBeforeMoveForty() {
        return movesBothMade() < 40;
    }

    /** Whether a draw agreed now would lose for both (SWR 13.4, or 13.5 as configured). */
    public boolean isAgreedDrawEarly() {
        return switch (settings.agreedDrawLimit()) {
            case FORTY_MOVES -> isBeforeMoveForty();
            case TEN_PIECES -> position().count(Color.WHITE) > 10 && position().count(Color.BLACK) > 10;
            case NONE -> false;
        };
    }

    /** The players agree a draw: 1-1, or 0-0 when it is too early (SWR 13.4, 13.5). */
    public Game agreeDraw() {
        requireCanEnd();
        Outcome o = isAgreedDrawEarly() ? Outcome.of(Result.BOTH_LOSE, Termination.EARLY_DRAW_AGREED)
                : Outcome.of(Result.DRAW, Termination.DRAW_AGREED);
        return new Game(settings, start, startStatus, plies, o, legalMoves);
    }

    /** A player resigns (SWR 8.2). Allowed after an unnoticed draw by rule: it stands (manual 5.2.2). */
    public Game resign(Color who) {
        requireCanEnd();
        Result r = who == Color.WHITE ? Result.BLACK_WINS : Result.WHITE_WINS;
        return new Game(settings, start, startStatus, plies, Outcome.of(r, Termination.RESIGNATION), legalMoves);
    }

    /**
     * The result: an agreement or resignation if entered, else a draw by rule if one occurred,
     * else a loss for the side to move if it has no legal move (SWR 8.1), else ongoing.
     */
    public Outcome outcome() {
        if (declared != null) return declared;
        DrawStatus s = drawStatus();
        if (s.isDrawn()) return Outcome.drawBy(s.drawnBy());
        if (legalMoves.isEmpty()) {
            return Outcome.of(sideToMove() == Color.WHITE ? Result.BLACK_WINS : Result.WHITE_WINS, Termination.NO_LEGAL_MOVES);
        }
        return Outcome.ONGOING;
    }

    public Result result() {
        return outcome().result();
    }

    /** The side ahead by three men or more, a king counting two (manual 5.2.1), if any. */
    public Optional<Color> plusMinusSide() {
        return Material.of(position()).plusMinusSide();
    }

    /**
     * What the last ply set off for the arbiter (DRAW_RULE_STARTED, DRAW_BY_RULE): counts that
     * began ({@link MoveCount#begun()}), and the draw if it occurred there. With no ply played, the counts running in the
     * start position. After {@link #undo()} this describes the ply now last, so call it after
     * playing, not after taking back.
     */
    public List<DrawEvent> drawEvents() {
        return drawEvents(ply());
    }

    /** What ply {@code n} set off (0 = the counts running in the start position). */
    public List<DrawEvent> drawEvents(int n) {
        if (n < 0 || n > plies.size()) throw new IndexOutOfBoundsException("no ply " + n + " in " + plies.size());
        DrawStatus now = n == 0 ? startStatus : plies.get(n - 1).drawStatus();
        DrawStatus before = n == 0 ? null : n == 1 ? startStatus : plies.get(n - 2).drawStatus();
        List<DrawEvent> out = new ArrayList<>();
        for (MoveCount c : now.begun()) {
            boolean running = before != null
                    && before.count(c.rule()).filter(b -> b.startPly() == c.startPly() && b.begun()).isPresent();
            if (!running) out.add(new DrawEvent(DrawEvent.Kind.COUNT_STARTED, c.rule(), n, c));
        }
        if (now.isDrawn() && now.drawPly() == n) {
            out.add(new DrawEvent(DrawEvent.Kind.DRAW_BY_RULE, now.drawnBy(), n, now.count(now.drawnBy()).orElse(null)));
        }
        return out;
    }

    @Override
    public String toString() {
        return "Game[" + settings.variant() + ", ply " + ply() + ", " + position() + ", " + outcome().result().pdn() + "]";
    }

    private static List<Move> legalMoves(Variant variant, Position p, KingRuns runs) {
        List<Move> moves = variant.legalMoves(p);
        if (variant != Variant.FRISIAN) return List.copyOf(moves);
        int blocked = runs.blockedKing(p);
        if (blocked == 0) return List.copyOf(moves);
        return moves.stream().filter(m -> m.isCapture() || m.from() != blocked).toList();
    }

    private String whyIllegal(Move move) {
        if (legalMoves.isEmpty()) return "the side to move has no legal move (SWR 8.1)";
        int blocked = kingRuns().blockedKing(position());
        if (blocked != 0 && move.from() == blocked && variant().legalMoves(position()).contains(move)) {
            return "the king on " + blocked + " has made " + kingRuns().moves(sideToMove())
                    + " non-capturing moves in a row (Frisian art. 17)";
        }
        String legal = legalMoves.stream().limit(20).map(Move::toString).collect(Collectors.joining(", "));
        return "legal moves are " + legal + (legalMoves.size() > 20 ? ", ..." : "");
    }

    private int occurrences(Position p) {
        int n = start.equals(p) ? 1 : 0;
        for (Ply pl : plies) if (pl.after().equals(p)) n++;
        return n;
    }

    private void requireNotDeclared() {
        if (declared != null) throw new IllegalStateException("the game is over: " + declared.result().pdn() + " by " + declared.termination());
    }

    private void requireCanEnd() {
        requireNotDeclared();
        if (legalMoves.isEmpty()) throw new IllegalStateException("the game is over: " + sideToMove() + " has no legal move (SWR 8.1)");
    }

    private Ply last() {
        return plies.get(plies.size() - 1);
    }
}
