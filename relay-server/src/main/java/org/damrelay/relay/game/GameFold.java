package org.damrelay.relay.game;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.Clock;
import org.damrelay.proto.Correction;
import org.damrelay.proto.CorrectionNote;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Ply;
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
    private final List<Ply> plies = new ArrayList<>();
    private int version;
    private Clock clock = Clock.getDefaultInstance();
    private GameResult result = GameResult.RESULT_UNSPECIFIED;
    private int corrections;
    /** The arbiter's corrections, kept with the record so late joiners and the PDN show them. */
    private final List<CorrectionNote> correctionNotes = new ArrayList<>();
    private long endedAtMs;

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
            case EVENT -> applyEvent(u.getEvent(), u.getRelayTimeMs());
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

    private void applyEvent(GameEvent e, long relayTimeMs) {
        // the time of the reading lets a late joiner tick the running side from then
        if (e.hasClock()) clock = e.getClock().toBuilder().setRelayTimeMs(relayTimeMs).build();
        switch (e.getType()) {
            case MOVE -> addPly(e, false);
            case ILLEGAL_MOVE -> addPly(e, true);
            case MOVE_REPLACED -> {
                truncate(plies.size() - 1);
                addPly(e, false);
            }
            case MOVE_RETRACTED -> truncate(plies.size() - 1);
            default -> { }
        }
    }

    private void addPly(GameEvent e, boolean irregular) {
        Ply.Builder p = Ply.newBuilder().setNotation(e.getNotation()).setFen(e.getFen()).setIrregular(irregular);
        if (e.hasMove()) p.setMove(e.getMove());
        if (e.hasClock()) p.setClock(e.getClock());
        play(p, irregular ? null : e.getMove());
    }

    /** Plays a ply: by its move when it is one and legal, else as an irregular ply to its position. */
    private void play(Ply.Builder p, MoveData move) {
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
        List<Ply> played = List.copyOf(plies);
        plies.clear();
        game = startGame(next);
        for (Ply p : played) play(p.toBuilder(), p.getIrregular() || !p.hasMove() ? null : p.getMove());
    }

    private void truncate(int keep) {
        keep = Math.max(0, Math.min(keep, plies.size()));
        while (plies.size() > keep) plies.remove(plies.size() - 1);
        game = game.truncate(keep);
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
    public Ply lastPly() { return plies.isEmpty() ? null : plies.get(plies.size() - 1); }
    public List<Ply> plies() { return List.copyOf(plies); }
    public GameResult result() { return result; }
    public boolean finished() { return result != GameResult.RESULT_UNSPECIFIED; }
    public long endedAtMs() { return endedAtMs; }
    public Clock clock() { return clock; }
    public Variant variant() { return game.variant(); }

    public GameSnapshot snapshot() {
        return GameSnapshot.newBuilder().setInfo(info).setVersion(version).addAllPlies(plies)
                .setFen(Fen.write(position())).setClock(clock).setResult(result).setCorrections(corrections)
                .addAllCorrectionNotes(correctionNotes).addAllDraws(GameWire.draws(game.drawStatus(), game.startPosition())).build();
    }
}
