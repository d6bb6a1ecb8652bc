package org.damrelay.relay.game;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.proto.CandidatePath;
import org.damrelay.proto.Clock;
import org.damrelay.proto.Correction;
import org.damrelay.proto.CorrectionNote;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Ply;
import org.damrelay.proto.Side;
import org.damrelay.proto.wire.GameWire;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A game's state folded from its updates, in order, over the rules core's {@link Game}: every
 * draw rule and the Frisian king-move limit hold here as on the driver, an irregular move that
 * stood and an arbiter's correction included. Updates reaching here were validated when they were
 * accepted, so folding never refuses: the same code rebuilds a game from the journal, keeps the
 * live state, and computes the (delayed) state spectators see.
 */
public final class GameFold {

    private static final Logger log = LoggerFactory.getLogger(GameFold.class);

    private GameInfo info;
    /** The rules state; its plies are one to one with {@link #plies}. */
    private Game game;
    private final WirePlies plies = new WirePlies();
    private int version;
    private Clock clock = Clock.getDefaultInstance();
    private GameResult result = GameResult.RESULT_UNSPECIFIED;
    private int corrections;
    /** The arbiter's corrections, kept with the record so late joiners and the PDN show them. */
    private final List<CorrectionNote> correctionNotes = new ArrayList<>();
    private long endedAtMs;
    /** Where a driver joined: the plies played once its position stands (-1: followed throughout), and that position. */
    private int joinedAtCount = -1;
    private String joinedFen = "";
    /** The join's side to move is not known yet: the next move's side says it. */
    private boolean sideOpen;
    /** The paths a join named when several fit, until the arbiter picks one (CHOOSE_PATH). */
    private List<CandidatePath> pendingPaths = List.of();
    /**
     * The move the last check played from the game as it stands ({@link EventCheck}), so folding
     * that move when it is accepted takes its result instead of generating the legal moves again.
     */
    private Checked checked;

    private record Checked(Game from, Game played) {}

    public GameFold(GameInfo info) {
        this.info = info;
        this.game = startGame(info);
    }

    /**
     * The game before its first ply under the pairing's settings. Pairings are checked when they
     * are loaded or entered; one that no longer reads (a journal of an older version) falls back
     * to the variant's defaults rather than refuse a stored game.
     */
    static Game startGame(GameInfo info) {
        try {
            return GameWire.startGame(info);
        } catch (IllegalArgumentException e) {
            log.warn("game {}: settings {} / {}: {}; playing under the variant's defaults", info.getGameId(),
                    info.getDrawRules(), info.getTimeControl(), e.getMessage());
            Variant v = info.getVariant().isBlank() ? Variant.INTERNATIONAL : Variant.parse(info.getVariant());
            Position start;
            try {
                start = GameWire.start(info);
            } catch (IllegalArgumentException bad) {
                start = Position.start();
            }
            return Game.from(start, GameSettings.of(v));
        }
    }

    public static GameFold of(GameInfo info, List<GameUpdate> updates) {
        GameFold f = new GameFold(info);
        for (GameUpdate u : updates) f.apply(u);
        return f;
    }

    public void apply(GameUpdate u) {
        version = u.getVersion();
        switch (u.getChangeCase()) {
            case EVENT -> {
                applyEvent(u.getEvent(), u.getRelayTimeMs());
                boardCorrection(u.getEvent(), u.getRelayTimeMs());
            }
            case CORRECTION -> {
                applyCorrection(u.getCorrection());
                correctionNotes.add(CorrectionNote.newBuilder().setCorrection(u.getCorrection()).setRelayTimeMs(u.getRelayTimeMs()).build());
            }
            case RESULT -> {
                result = u.getResult();
                if (result != GameResult.RESULT_UNSPECIFIED) endedAtMs = u.getRelayTimeMs();
            }
            case INFO -> changeInfo(u.getInfo());
            case CHANGE_NOT_SET -> { }
        }
    }

    /**
     * A driver's correction of a ply it sent before a later board told what it was goes into the
     * record's correction notes, as an arbiter's does: spectators who join later and the PDN see it.
     */
    private void boardCorrection(GameEvent e, long relayTimeMs) {
        if (!e.getBoardCorrection() || e.getType() != EventType.MOVE_RETRACTED && e.getType() != EventType.MOVE_REPLACED) return;
        Correction.Builder c = Correction.newBuilder().setKind(Correction.Kind.BOARD_READING).setPly(e.getPly());
        if (e.getType() == EventType.MOVE_REPLACED) c.setNotation(e.getNotation());
        correctionNotes.add(CorrectionNote.newBuilder().setCorrection(c).setRelayTimeMs(relayTimeMs).build());
    }

    private void applyEvent(GameEvent e, long relayTimeMs) {
        // the time of the reading lets a late joiner tick the running side from then
        if (e.hasClock()) clock = e.getClock().toBuilder().setRelayTimeMs(relayTimeMs).build();
        switch (e.getType()) {
            case MOVE -> {
                settleSide(e.getSide());
                addPly(e, false);
            }
            case ILLEGAL_MOVE -> {
                settleSide(e.getSide());
                addPly(e, true);
            }
            case JOINED_MID_GAME -> join(e);
            case MOVE_REPLACED -> {
                truncate(plies.size() - 1);
                addPly(e, false);
            }
            case MOVE_RETRACTED -> truncate(plies.size() - 1);
            default -> { }
        }
    }

    /**
     * A driver saw the board at {@code e}'s position (its moves, when one path explains it, came
     * before as moves, so the pieces already agree): a game the relay had no ply of starts there,
     * any other continues from it by a ply without a move, as an arbiter's set position does.
     */
    private void join(GameEvent e) {
        if (e.getFen().isBlank()) return; // a driver of before v1.3: its moves tell
        Position seen = Fen.parse(e.getFen());
        if (Reach.samePieces(seen, position())) return;
        if (plies.isEmpty() && e.getPathsCount() == 0) {
            game = Game.from(seen, game.settings());
        } else {
            play(Ply.newBuilder().setFen(Fen.write(seen)).setIrregular(true), null);
        }
        joinedAtCount = plies.size();
        joinedFen = Fen.write(seen);
        sideOpen = e.getSide() == Side.SIDE_UNSPECIFIED;
        pendingPaths = List.copyOf(e.getPathsList());
    }

    /**
     * The game as a move by {@code mover} finds it: after a join whose side to move was open, the
     * joined position with {@code mover} to move. Checking and folding both ask here.
     */
    public Game gameFor(Side mover) {
        if (!sideOpen || mover == Side.SIDE_UNSPECIFIED || mover == GameWire.side(game.sideToMove())) return game;
        Position flipped = position().withSideToMove(game.sideToMove().opposite());
        return plies.isEmpty() ? Game.from(flipped, game.settings()) : game.truncate(plies.size() - 1).playIrregular(flipped);
    }

    private void settleSide(Side mover) {
        if (!sideOpen || mover == Side.SIDE_UNSPECIFIED) return;
        Game settled = gameFor(mover);
        sideOpen = false;
        if (settled == game) return;
        game = settled;
        joinedFen = Fen.write(position());
        if (!plies.isEmpty()) plies.set(plies.size() - 1, plies.last().toBuilder().setFen(joinedFen).build());
    }

    /** The candidate paths of the last join, while the arbiter has not picked one. */
    public List<CandidatePath> pendingPaths() { return pendingPaths; }

    /** How many plies are played once the join's position stands (a ply without a move, which CHOOSE_PATH replaces), or -1. */
    public int joinedAtCount() { return joinedAtCount; }

    private void addPly(GameEvent e, boolean irregular) {
        Ply.Builder p = Ply.newBuilder().setNotation(e.getNotation()).setFen(e.getFen()).setIrregular(irregular);
        if (e.hasMove()) p.setMove(e.getMove());
        if (e.hasClock()) p.setClock(e.getClock());
        play(p, irregular ? null : e.getMove());
    }

    /** Called by {@link EventCheck}: {@code played} is {@code from} (this game as it stands, or not) after the checked move. */
    void checked(Game from, Game played) {
        checked = new Checked(from, played);
    }

    /** Plays a ply: by its move when it is one and legal, else as an irregular ply to its position. */
    private void play(Ply.Builder p, MoveData move) {
        Checked c = checked;
        checked = null;
        if (c != null && move != null && c.from() == game && reuse(c.played(), move)) {
            // the very move checked from this very game: the same result, already computed
            game = c.played();
            plies.add(p.setPly(plyNumber(plies.size() + 1)).build());
            return;
        }
        Position after = Fen.parse(p.getFen());
        Game next = null;
        if (move != null) {
            try {
                Move m = GameWire.move(move);
                if (game.isLegal(m) && game.position().apply(m).equals(after)) next = game.play(m);
            } catch (IllegalArgumentException e) { // a bad square or an illegal move: the position decides
                next = null;
            }
        }
        if (next == null) {
            if (after.equals(game.position())) {
                // validated records never do this: a ply that changes nothing has no place in the game
                log.warn("game {}: a ply to the position it started from ({}) is left out", info.getGameId(), p.getFen());
                return;
            }
            next = game.playIrregular(after);
            p.setIrregular(true);
        }
        game = next;
        plies.add(p.setPly(plyNumber(plies.size() + 1)).build());
    }

    /** Whether {@code played} is this game after {@code move}: one ply more, by that move. */
    private boolean reuse(Game played, MoveData move) {
        if (played.ply() != game.ply() + 1) return false;
        try {
            return played.plies().get(game.ply()).move().equals(GameWire.move(move));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private void applyCorrection(Correction c) {
        corrections++;
        switch (c.getKind()) {
            case TAKE_BACK -> truncate(countAt(c.getPly()));
            case REPLACE_MOVE -> {
                truncate(countAt(c.getPly()) - 1);
                play(Ply.newBuilder().setNotation(c.getNotation()).setFen(c.getFen()).setMove(c.getMove()), c.getMove());
            }
            case SET_POSITION -> {
                // the new position counts as a ply without a move, so PDN and the viewer show it
                truncate(countAt(c.getPly()));
                play(Ply.newBuilder().setFen(c.getFen()).setIrregular(true), null);
            }
            case CHOOSE_PATH -> {
                // the join's position (a ply without a move) becomes the moves; what was played after it stays
                int at = countAt(c.getPly());
                List<Ply> later = at < 1 ? List.of() : plies.from(at);
                truncate(at - 1);
                for (MoveData md : c.getPathMovesList()) {
                    Move m = GameWire.move(md);
                    Position before = position();
                    Game after = game.play(m);
                    play(Ply.newBuilder().setMove(md).setNotation(Notation.of(before, m, game.variant()))
                            .setFen(Fen.write(after.position())), md);
                }
                for (Ply p : later) play(p.toBuilder(), p.getIrregular() || !p.hasMove() ? null : p.getMove());
                pendingPaths = List.of();
                joinedAtCount = -1;
                joinedFen = "";
            }
            default -> { }
        }
    }

    /**
     * A pairing edit: new settings or a new start position apply to the whole game, so its plies
     * are played again from the new start (by their moves where they are legal there).
     */
    private void changeInfo(GameInfo next) {
        boolean rulesChanged = !GameWire.withSettings(GameInfo.newBuilder(), game.settings()).build()
                .equals(GameWire.withSettings(GameInfo.newBuilder(), startGame(next).settings()).build())
                || !next.getStartFen().equals(info.getStartFen()) || !next.getStartCountsList().equals(info.getStartCountsList());
        info = next;
        if (!rulesChanged) return;
        List<Ply> played = plies.from(0);
        plies.clear();
        // a game joined before the relay had a move of it starts where the driver saw it, whatever the pairing says
        game = joinedAtCount == 0 ? Game.from(Fen.parse(joinedFen), startGame(next).settings()) : startGame(next);
        for (Ply p : played) play(p.toBuilder(), p.getIrregular() || !p.hasMove() ? null : p.getMove());
    }

    private void truncate(int keep) {
        keep = Math.max(0, Math.min(keep, plies.size()));
        plies.truncate(keep);
        game = game.truncate(keep);
        if (keep < joinedAtCount) { // the join's position was taken back
            joinedAtCount = -1;
            joinedFen = "";
            pendingPaths = List.of();
            sideOpen = false;
        }
    }

    public GameInfo info() { return info; }
    public int version() { return version; }

    /** The rules state after the plies played: draw counts, legal moves, the agreed-draw threshold. */
    public Game game() { return game; }
    public Position position() { return game.position(); }
    public Position positionAfter(int ply) { return game.positionBefore(ply + 1); }
    public int plyCount() { return plies.size(); }

    /** The wire number of the ply that brings the game to {@code count} plies played (1 = white's first move). */
    public int plyNumber(int count) { return GameWire.plyNumber(game.startPosition(), count); }

    /** How many plies are played once ply number {@code ply} is (0 = none). */
    public int countAt(int ply) { return GameWire.playedAt(game.startPosition(), ply); }
    public Ply lastPly() { return plies.last(); }
    public List<Ply> plies() { return plies.from(0); }
    public GameResult result() { return result; }
    public boolean finished() { return result != GameResult.RESULT_UNSPECIFIED; }
    public long endedAtMs() { return endedAtMs; }
    public Clock clock() { return clock; }
    public Variant variant() { return game.variant(); }

    public GameSnapshot snapshot() {
        // a game joined before the relay had a move of it: its record starts where the driver saw it
        GameInfo start = joinedAtCount == 0 ? info.toBuilder().setStartFen(joinedFen).build() : info;
        GameSnapshot.Builder b = GameSnapshot.newBuilder().setInfo(start).setVersion(version).addAllPlies(plies.from(0))
                .setFen(Fen.write(position())).setClock(clock).setResult(result).setCorrections(corrections)
                .addAllCorrectionNotes(correctionNotes).addAllDraws(GameWire.draws(game.drawStatus(), game.startPosition()));
        if (joinedAtCount >= 0) b.setJoinedAtMove(plyNumber(joinedAtCount) / 2 + 1).setJoinedFen(joinedFen);
        return b.build();
    }
}
