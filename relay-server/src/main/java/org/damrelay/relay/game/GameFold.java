package org.damrelay.relay.game;

import org.damrelay.draughts.notation.Fen;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.Clock;
import org.damrelay.proto.Correction;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.Ply;

/**
 * A game's state folded from its updates, in order. Updates reaching here were validated when
 * they were accepted, so folding never refuses: the same code rebuilds a game from the journal,
 * keeps the live state, and computes the (delayed) state spectators see.
 */
public final class GameFold {

    private GameInfo info;
    private final List<Ply> plies = new ArrayList<>();
    /** positions.get(i) = the position after i plies; index 0 is the start. */
    private final List<Position> positions = new ArrayList<>();
    private int version;
    private Clock clock = Clock.getDefaultInstance();
    private GameResult result = GameResult.RESULT_UNSPECIFIED;
    private int corrections;
    private long endedAtMs;

    public GameFold(GameInfo info) {
        this.info = info;
        positions.add(startPosition(info));
    }

    public static Position startPosition(GameInfo info) {
        return info.getStartFen().isBlank() ? Position.start() : Fen.parse(info.getStartFen());
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
            case CORRECTION -> applyCorrection(u.getCorrection());
            case RESULT -> {
                result = u.getResult();
                if (result != GameResult.RESULT_UNSPECIFIED) endedAtMs = u.getRelayTimeMs();
            }
            case INFO -> info = u.getInfo();
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
        Ply.Builder p = Ply.newBuilder().setPly(plyNumber(plies.size() + 1)).setNotation(e.getNotation()).setFen(e.getFen())
                .setIrregular(irregular);
        if (e.hasMove()) p.setMove(e.getMove());
        if (e.hasClock()) p.setClock(e.getClock());
        plies.add(p.build());
        positions.add(Fen.parse(e.getFen()));
    }

    private void applyCorrection(Correction c) {
        corrections++;
        switch (c.getKind()) {
            case TAKE_BACK -> truncate(countAt(c.getPly()));
            case REPLACE_MOVE -> {
                truncate(countAt(c.getPly()) - 1);
                plies.add(Ply.newBuilder().setPly(c.getPly()).setNotation(c.getNotation()).setFen(c.getFen())
                        .setMove(c.getMove()).build());
                positions.add(Fen.parse(c.getFen()));
            }
            case SET_POSITION -> {
                // the new position counts as a ply without a move, so PDN and the viewer show it
                truncate(countAt(c.getPly()));
                plies.add(Ply.newBuilder().setPly(plyNumber(plies.size() + 1)).setFen(c.getFen()).setIrregular(true).build());
                positions.add(Fen.parse(c.getFen()));
            }
            default -> { }
        }
    }

    private void truncate(int keep) {
        keep = Math.max(0, Math.min(keep, plies.size()));
        while (plies.size() > keep) {
            plies.remove(plies.size() - 1);
            positions.remove(positions.size() - 1);
        }
    }

    public GameInfo info() { return info; }
    public int version() { return version; }
    public Position position() { return positions.get(positions.size() - 1); }
    public Position positionAfter(int ply) { return positions.get(ply); }
    public int plyCount() { return plies.size(); }

    /**
     * Ply numbers follow arbiter-events.md: 1 = white's first move, so a game set up with black to
     * move starts at ply 2. The number of the ply that brings the game to {@code count} plies played.
     */
    public int plyNumber(int count) { return count + (positions.get(0).sideToMove() == Color.BLACK ? 1 : 0); }

    /** How many plies are played once ply number {@code ply} is (0 = none). */
    public int countAt(int ply) { return Math.max(0, ply - plyNumber(0)); }
    public Ply lastPly() { return plies.isEmpty() ? null : plies.get(plies.size() - 1); }
    public List<Ply> plies() { return List.copyOf(plies); }
    public GameResult result() { return result; }
    public boolean finished() { return result != GameResult.RESULT_UNSPECIFIED; }
    public long endedAtMs() { return endedAtMs; }
    public Clock clock() { return clock; }

    public Variant variant() {
        return info.getVariant().isBlank() ? Variant.INTERNATIONAL : Variant.valueOf(info.getVariant());
    }

    public GameSnapshot snapshot() {
        return GameSnapshot.newBuilder().setInfo(info).setVersion(version).addAllPlies(plies)
                .setFen(Fen.write(position())).setClock(clock).setResult(result).setCorrections(corrections).build();
    }
}
