package org.damrelay.driver.station;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.driver.uplink.BoardFeed;
import org.damrelay.driver.uplink.EvidenceFeed;
import org.damrelay.driver.uplink.SensorWire;
import org.damrelay.driver.uplink.GameEvents;
import org.damrelay.driver.uplink.Outbox;
import org.damrelay.driver.uplink.WirePlies;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.driver.uplink.Assignments;
import org.damrelay.proto.BoardState;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.wire.GameWire;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One physical board's reconstruction under the settings of the game the relay assigned to it
 * (variant, draw rules, time control, start position). The assignment usually arrives with the
 * relay's Welcome, after the line has already read the board: the reconstruction is then built
 * again under the assigned settings and shown the board as it stands. Once a move was played an
 * assignment no longer changes the game under way; it is logged instead.
 *
 * <p>Until the relay's first Welcome (or the first failure to reach it) the board is read but
 * nothing is reconstructed: a driver over a wiped outbox would otherwise make events from its own
 * guess of where the game stands, which the relay then numbers behind its own and refuses. What
 * the board reported meanwhile is kept, and once the relay's state is known the reconstruction
 * starts from it and is shown those reports in order: the plies made while no driver ran (caught
 * up from the first read) and those made while the driver waited for the relay, as they came.
 *
 * <p>Observations come from the line's thread, assignments from the uplink's: both synchronize here.
 */
final class AssignedBoard implements BoardObserver {
    private static final Logger log = LoggerFactory.getLogger(AssignedBoard.class);

    private final String board;
    private final ReconstructConfig base;
    private final Outbox outbox;
    private final Assignments assignments;
    /** The board's reports as evidence, or null (no evidence outbox). */
    private final EvidenceFeed evidence;
    private Reconstructor current;
    private GameInfo game;
    private Sensed[] fields; // the board as last reported, to show a rebuilt reconstruction
    private long lastT;
    private boolean disconnected;
    private boolean waitingForRelay;
    /** What the board reported while waiting for the relay, in order (a bounded number; then the board as it stands). */
    private final List<Consumer<BoardObserver>> meanwhile = new ArrayList<>();
    private static final int MEANWHILE_MAX = 50_000;

    AssignedBoard(String board, ReconstructConfig base, Assignments assignments, Outbox outbox) {
        this(board, base, assignments.game(board), assignments, outbox, null);
    }

    /** With the board's decoded reports kept as evidence for the arbiter (docs/evidence.md). */
    AssignedBoard(String board, ReconstructConfig base, Assignments assignments, Outbox outbox, EvidenceFeed evidence) {
        this(board, base, assignments.game(board), assignments, outbox, evidence);
    }

    /** A board assigned {@code assigned} before any Welcome. */
    AssignedBoard(String board, ReconstructConfig base, Optional<GameInfo> assigned, Outbox outbox) {
        this(board, base, assigned, Assignments.known(), outbox, null);
    }

    private AssignedBoard(String board, ReconstructConfig base, Optional<GameInfo> assigned, Assignments assignments, Outbox outbox,
                          EvidenceFeed evidence) {
        this.evidence = evidence;
        this.board = board;
        this.base = base;
        this.outbox = outbox;
        this.assignments = assignments;
        this.game = assigned.orElse(null);
        this.current = build();
        this.waitingForRelay = !assignments.firstContact().isDone();
        if (waitingForRelay) assignments.firstContact().thenRun(this::relayKnown);
    }

    /** The relay's state is known (or it cannot be reached): reconstruct from it, showing the board as it stands. */
    private synchronized void relayKnown() {
        if (!waitingForRelay) return;
        waitingForRelay = false;
        game = assignments.game(board).orElse(game);
        if (game != null) feeds(game);
        current = build(assignments.takeResume(board));
        for (Consumer<BoardObserver> report : meanwhile) report.accept(current);
        meanwhile.clear();
    }

    /** Keeps a report made while waiting for the relay; past the bound only the board as it stands is kept. */
    private void meanwhile(Consumer<BoardObserver> report) {
        if (meanwhile.size() < MEANWHILE_MAX) {
            meanwhile.add(report);
            return;
        }
        meanwhile.clear();
        Sensed[] now = fields == null ? null : fields.clone();
        long t = lastT;
        boolean down = disconnected;
        meanwhile.add(o -> {
            if (down) o.onLink(t, false);
            else if (now != null) o.onBoard(t, now.clone());
        });
    }

    /**
     * The reconstruction, from where the board's game stands when it is under way: the later of
     * the driver's own last committed position (its outbox) and the relay's (its Welcome), so a
     * driver restarted mid-game, even on another machine, follows the next move at once.
     */
    private Reconstructor build() {
        return build(Optional.empty());
    }

    /** @param forced the relay's position to go on from whatever this driver had (a game switched back from a phone) */
    private Reconstructor build(Optional<BoardState> forced) {
        ReconstructConfig c = game == null ? base : configure(base, game);
        Optional<BoardState> own = outbox.boardState(board), relay = assignments.state(board);
        Optional<BoardState> resume = forced.isPresent() ? forced
                : relay.isPresent() && relay.get().getPly() > own.map(BoardState::getPly).orElse(0) ? relay : own;
        if (resume.isPresent() && resume.get().getPly() > 0) {
            BoardState s = resume.get();
            log.info("board {}: resumes after ply {} from {} ({})", board, s.getPly(), s.getFen(),
                    resume == own ? "its outbox" : "the relay");
            Game at = Game.from(Fen.parse(s.getFen()), c.settings());
            return Reconstructor.resume(c, at, s.hasClock() ? GameEvents.times(s.getClock()) : null, new BoardFeed(board, c.variant(),
                    new WirePlies(s.getPly(), GameWire.plyNumber(c.start(), 0)), outbox, wallOrigin()));
        }
        return new Reconstructor(c, new BoardFeed(board, c.variant(), new WirePlies(c.start()), outbox, wallOrigin()));
    }

    private long wallOrigin() {
        return evidence == null ? 0 : evidence.origin();
    }

    /**
     * The reconstruction's settings for an assigned game: the pairing's settings and start
     * position over the driver's own (orientation, clock side, windows). A pairing whose
     * settings do not read keeps the driver's, with one line saying why.
     */
    static ReconstructConfig configure(ReconstructConfig base, GameInfo game) {
        try {
            GameSettings s = GameWire.settings(game);
            // a pairing without a time control leaves the driver's own (its --time-control), if any
            if (s.timeControl() == null && base.timeControl() != null) s = s.withTimeControl(base.timeControl());
            ReconstructConfig c = base.withSettings(s).withStart(GameWire.start(game)).withStartCounts(GameWire.startCounts(game));
            c.startGame(); // the counts must fit the position: else the driver's own, with the line below
            return c;
        } catch (IllegalArgumentException e) {
            log.warn("board {}: the settings of game {} do not read ({}); reconstructing with the driver's own",
                    game.getSourceBoard(), game.getGameId(), e.getMessage());
            return base;
        }
    }

    synchronized void assign(GameInfo next) {
        if (waitingForRelay) { // built once the Welcome is taken whole
            game = next;
            return;
        }
        Optional<BoardState> resume = assignments.takeResume(board);
        if (resume.isPresent()) {
            // the game was switched back here from a phone: this board takes over where the phone left it
            log.info("board {}: takes over game {} after ply {}, from the position the phone left ({})", board, next.getGameId(),
                    resume.get().getPly(), resume.get().getFen());
            game = next;
            current = build(resume);
            if (disconnected) current.onLink(lastT, false);
            else if (fields != null) current.onBoard(lastT, fields.clone());
            return;
        }
        if (next.equals(game)) return;
        if (current.game().ply() > 0) {
            log.warn("board {}: now assigned to {} ({} {}), but a game is under way here: it goes on under the settings it started with",
                    board, next.getGameId(), next.getVariant(), next.getTimeControl());
            return;
        }
        feeds(next);
        game = next;
        current = build();
        if (disconnected) current.onLink(lastT, false);
        else if (fields != null) current.onBoard(lastT, fields.clone());
    }

    /** The hall's operator reads which game a board feeds, once the relay has said it. */
    private void feeds(GameInfo next) {
        log.info("board {}: feeds game {} ({}, {} rules, time control {})", board, next.getGameId(), next.getVariant(),
                next.getDrawRules(), next.getTimeControl().isEmpty() ? "none" : next.getTimeControl());
    }

    synchronized Reconstructor reconstruction() {
        return current;
    }

    @Override
    public synchronized void onBoard(long tMillis, Sensed[] now) {
        if (evidence != null) evidence.report(SensorWire.board(tMillis, evidence.origin(), now, current.orientation()));
        fields = now.clone();
        lastT = tMillis;
        disconnected = false;
        if (!waitingForRelay) current.onBoard(tMillis, now);
        else {
            Sensed[] seen = now.clone();
            meanwhile(o -> o.onBoard(tMillis, seen.clone()));
        }
    }

    @Override
    public synchronized void onFieldChange(long tMillis, int field, Sensed now) {
        if (evidence != null) evidence.report(SensorWire.field(tMillis, evidence.origin(), field, now, current.orientation()));
        if (fields != null) fields[field] = now;
        lastT = tMillis;
        if (!waitingForRelay) current.onFieldChange(tMillis, field, now);
        else meanwhile(o -> o.onFieldChange(tMillis, field, now));
    }

    @Override
    public synchronized void onClock(long tMillis, ClockReading clock) {
        if (evidence != null) evidence.report(SensorWire.clock(tMillis, evidence.origin(), clock));
        lastT = tMillis;
        if (waitingForRelay) meanwhile(o -> o.onClock(tMillis, clock));
        else current.onClock(tMillis, clock);
    }

    @Override
    public synchronized void onLink(long tMillis, boolean connected) {
        if (evidence != null) evidence.report(SensorWire.link(tMillis, evidence.origin(), connected));
        lastT = tMillis;
        disconnected = !connected;
        if (!waitingForRelay) current.onLink(tMillis, connected);
        else meanwhile(o -> o.onLink(tMillis, connected));
    }

    @Override
    public synchronized void onTick(long tMillis) {
        if (evidence != null) evidence.tick(tMillis);
        if (!waitingForRelay) current.onTick(tMillis);
    }
}
