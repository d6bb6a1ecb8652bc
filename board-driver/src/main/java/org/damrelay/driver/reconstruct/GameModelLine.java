package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.DrawEvent;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Termination;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * The game line on the game model: history, draw rules and the Frisian king-move limit come from
 * {@link Game}; this keeps beside it the from-to reading of irregular plies, which the game
 * records by their position only. The reconstruction's parts share one line, so a game started
 * afresh or joined elsewhere is set into it ({@link #reset}, {@link #adopt}) rather than replaced.
 */
final class GameModelLine implements GameLine {
    private Game game;
    private final List<Move> irregularMoves = new ArrayList<>();

    GameModelLine(Game game) {
        this.game = game;
    }

    Game game() {
        return game;
    }

    /** The line starts again at {@code from}: nothing of the game before is kept. */
    void reset(Game from) {
        game = from;
        irregularMoves.clear();
    }

    /** The line becomes {@code other} (a reading of the same board with the other side to move). */
    void adopt(GameModelLine other) {
        game = other.game;
        irregularMoves.clear();
        irregularMoves.addAll(other.irregularMoves);
    }

    @Override public Position position() { return game.position(); }

    @Override
    public List<Position> positions() {
        List<Position> out = new ArrayList<>(game.ply() + 1);
        out.add(game.startPosition());
        game.plies().forEach(p -> out.add(p.after()));
        return out;
    }

    @Override public int ply() { return game.ply(); }
    @Override public List<Move> legalMoves() { return game.legalMoves(); }

    @Override
    public List<Move> forbiddenMoves() {
        if (game.kingRuns().blockedKing(game.position()) == 0) return List.of();
        return game.variant().legalMoves(game.position()).stream().filter(m -> !game.isLegal(m)).toList();
    }

    @Override
    public List<Move> legalMoves(Position p) {
        if (p.equals(game.position())) return game.legalMoves();
        if (game.ply() >= 1 && p.equals(game.positionBefore(game.ply()))) return game.truncate(game.ply() - 1).legalMoves();
        return game.variant().legalMoves(p);
    }

    @Override
    public List<Move> legalMovesAfter(Move move) {
        return after(move).legalMoves();
    }

    /** The game as it would be after {@code move}, this one unchanged. */
    Game after(Move move) {
        return playable(game).play(move);
    }

    @Override
    public void play(Move move) {
        reopen();
        game = game.play(move);
        irregularMoves.add(null);
    }

    @Override
    public void playIrregular(Move moveOrNull, Position after) {
        reopen();
        game = game.playIrregular(after);
        irregularMoves.add(moveOrNull);
    }

    @Override
    public void retractTo(int ply) {
        game = game.truncate(ply);
        while (irregularMoves.size() > ply) irregularMoves.remove(irregularMoves.size() - 1);
    }

    @Override
    public Move moveAt(int ply) {
        Move m = game.plies().get(ply - 1).move();
        return m != null ? m : irregularMoves.get(ply - 1);
    }

    @Override
    public boolean wasIrregular(int ply) {
        return game.plies().get(ply - 1).isIrregular();
    }

    /** Play goes on after an entered result: the board is right, the entry was not; nothing played is dropped. */
    private void reopen() {
        game = playable(game);
    }

    private static Game playable(Game g) {
        Termination t = g.outcome().termination();
        return t == Termination.DRAW_AGREED || t == Termination.EARLY_DRAW_AGREED || t == Termination.RESIGNATION ? g.undo() : g;
    }

    /** Moves a colour made in this game (irregular ones included). */
    int movesBy(Color c) {
        int n = 0;
        for (var p : game.plies()) if (p.mover() == c) n++;
        return n;
    }

    /** The players agreed a draw (entered by the arbiter or organiser); true when it came too early (SWR 13.4). */
    boolean agreeDraw() {
        boolean early = game.isAgreedDrawEarly();
        game = game.agreeDraw();
        return early;
    }

    @Override
    public List<DrawEvent> drawEvents() {
        return game.drawEvents();
    }
}
