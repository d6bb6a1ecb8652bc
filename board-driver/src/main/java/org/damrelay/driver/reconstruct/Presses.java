package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.Rulebook;

/**
 * What a clock press means for the move it comes with. A press completes a move (SWR 6.7): it
 * confirms the move committed before it, or, while the board still changes, belongs to the move
 * under way. The bookkeeping is reset with every committed move; from it come the alerts of a
 * press: CLOCK_NOT_PRESSED when the opponent moves while the last mover's clock still runs,
 * CLOCK_PRESSED_WITHOUT_MOVE, INCOMPLETE_MOVE when the move went on after its press. Nobody can
 * tell whose clock ran before a reconstruction took over a game under way, so nothing before the
 * first press read since then is blamed. The state machine reads and sets the fields directly
 * where a press decides a transition.
 */
final class Presses {
    private final ClockWatch clock;
    private final MoveTrace trace;
    private final GameModelLine game;
    private final Alerts alerts;

    boolean right;
    long last = Long.MIN_VALUE / 2;
    /** A move was committed and no press has confirmed it yet. */
    boolean movedSince;
    /** The clock was pressed since the last committed move. */
    boolean pressedSinceMove;
    boolean incompleteReported;
    /**
     * The last press was read from a bus time tag at the next poll: when it came against the
     * board's changes is not known, so it says nothing of a move unfinished at the press.
     */
    boolean polled;
    /**
     * INCOMPLETE_MOVE for a press with the move unfinished, raised when the move is committed and only
     * if the board changed after the press: with nothing changed, the press ended the move as it stood.
     */
    ArbiterEvent incomplete;
    long incompleteAt;
    /** CLOCK_NOT_PRESSED was raised and no press came since. */
    boolean notPressedRaised;
    /** A press came for a move not yet committed: {@link #notPressedRaised} is cleared once it is. */
    boolean releaseNotPressed;
    /** When the board first changed for the last committed move: a clock not yet seen running then could not be pressed. */
    long movedBegan;
    /** Plies played before this reconstruction took over (a resumed game): a press before the next one is no alert. */
    int resumedAtPly;
    /**
     * When the first press was read since this reconstruction took over a game under way (resumed
     * or joined; MAX_VALUE while none was): a move begun before it is never blamed for a missing
     * press, as nobody can tell whose clock ran then, and a clock the opponent never pressed
     * before the restart cannot be pressed by the player who moved after it.
     */
    long firstPressAt = Long.MIN_VALUE;

    Presses(ClockWatch clock, MoveTrace trace, GameModelLine game, Alerts alerts) {
        this.clock = clock;
        this.trace = trace;
        this.game = game;
        this.alerts = alerts;
    }

    void moveCommitted() {
        movedSince = true;
        pressedSinceMove = false;
        incompleteReported = false;
        incomplete = null;
    }

    void clear() {
        movedSince = pressedSinceMove = incompleteReported = false;
        incomplete = null;
    }

    /** A press was read: the first since taking over a game under way dates the clock's running. */
    void read(long t) {
        if (firstPressAt == Long.MAX_VALUE) firstPressAt = t;
    }

    /**
     * A press registered: the clock runs for the other player again, after the move it belongs to
     * (committed by it, or still to be: a capture kept open).
     */
    void registered() {
        if (pressedSinceMove) releaseNotPressed = true;
        else notPressedRaised = false;
    }

    /**
     * The press's grace ran out with the board in the game's position: nothing was moved for it.
     * Before the first move a press starts the clock (SWR 10.3: white's, or black's when black is
     * absent; ZWH starts black's): legitimate, whoever presses.
     */
    void withoutMove(long t) {
        if (!movedSince && game.ply() > resumedAtPly) {
            alerts.emit(ArbiterEvent.info(EventType.CLOCK_PRESSED_WITHOUT_MOVE, game.ply(), pressColor(), t, List.of(),
                    "the clock was pressed but no move was made"));
        }
        movedSince = false;
        // the press confirmed nothing to come: it is not the next move's
        pressedSinceMove = false;
        trace.dropPresses();
    }

    /**
     * The press's grace ran out with a move on its way on the board: INCOMPLETE_MOVE is prepared,
     * once, and raised if the move goes on ({@link #raiseIncomplete}).
     */
    void unfinished(long t, Occupancy seen, Judgement judgement) {
        if (incompleteReported || polled) return;
        incompleteReported = true;
        trace.markPressedIncomplete();
        Position p = game.position();
        Move m = judgement.underway(game, seen);
        List<Integer> squares = new ArrayList<>();
        if (m != null) {
            squares.addAll(List.of(m.from(), m.to()));
            squares.addAll(Bits.squares(m.captured() & (seen.white() | seen.black())));
        } else {
            squares.addAll(Bits.differing(seen, p));
        }
        incomplete = ArbiterEvent.info(EventType.INCOMPLETE_MOVE, game.ply() + 1, p.sideToMove(), t, squares,
                m != null && m.isCapture() ? "the clock was pressed with captured pieces still on the board"
                        : "the clock was pressed with the move unfinished");
        incompleteAt = t;
    }

    /** The INCOMPLETE_MOVE of a press with the move unfinished, if the move went on after it (until {@code movedUntil}). */
    void raiseIncomplete(long movedUntil) {
        ArbiterEvent e = incomplete;
        incomplete = null;
        if (e != null && movedUntil > incompleteAt) alerts.emit(e);
    }

    /**
     * The previous move was committed without a press, and now its opponent moves: the player did
     * not press the clock (information; only with a clock in use, and not for a resumed game's first move).
     *
     * @param sameScan the second ply of two seen in one scan: the press for the first may come with
     *                 the board's later report, so its absence proves nothing
     */
    void notPressed(long t, boolean sameScan) {
        boolean raised = notPressedRaised;
        if (releaseNotPressed) notPressedRaised = releaseNotPressed = false;
        if (sameScan || !movedSince || movedBegan < firstPressAt || !clock.ranSince(movedBegan) || game.ply() <= resumedAtPly || raised) return;
        // the clock still runs for that player: the opponent's press cannot register until he presses
        notPressedRaised = true;
        int ply = game.ply();
        Color lastMover = game.position().sideToMove().opposite();
        alerts.emit(ArbiterEvent.info(EventType.CLOCK_NOT_PRESSED, ply, lastMover, t, List.of(),
                Rulebook.name(lastMover) + " did not press the clock after ply " + ply + " before the opponent moved"));
    }

    /**
     * Who pressed: the clock's side once known; before that, the lever only goes down on the side of
     * the player whose clock runs: the last mover's while his move is unconfirmed, else the player to move's.
     */
    Color presser(boolean right) {
        Color c = clock.colorOf(right);
        if (c != null) return c;
        Color toMove = game.position().sideToMove();
        return movedSince ? toMove.opposite() : toMove;
    }

    /**
     * Whether the press just read is the player to move's, for a board that shows his move and the
     * reply: his colour by the clock's side, or, while that is not known, no press since his move
     * began (until he presses his clock runs, and only his side of the lever is up).
     */
    boolean firstPlysPress() {
        Color by = clock.colorOf(right);
        return by != null ? by == game.position().sideToMove() : !pressedSinceMove;
    }

    /** The press bookkeeping as the judgement reads it. */
    Judgement.Presses facts() {
        List<MoveTrace.Press> since = trace.presses();
        return new Judgement.Presses(pressedSinceMove, last, movedSince, clock.inUse(),
                since.isEmpty() ? null : since.get(since.size() - 1).by());
    }

    /** FLAG_FALL, with what it means for the moves the player completed (SWR 10.5). */
    void flag(long t, boolean right) {
        Color c = clock.colorOf(right);
        String who = c == null ? (right ? "the right player's" : "the left player's") : Rulebook.name(c) + "'s";
        ClockWatch.FlagVerdict verdict = c == null ? null : clock.flagVerdict(movesCompleted(c), clock.shown(right));
        alerts.emit(ArbiterEvent.info(EventType.FLAG_FALL, game.ply(), c, t, List.of(),
                who + " flag fell" + (verdict == null ? "" : ": " + verdict.text())));
    }

    /** Moves a colour completed for the time control: the last only once a press stopped his clock (SWR 10.5). */
    private int movesCompleted(Color c) {
        boolean lastUnpressed = game.ply() > 0 && movedSince && game.position().sideToMove() != c;
        return game.movesBy(c) - (lastUnpressed ? 1 : 0);
    }

    private Color pressColor() {
        return clock.colorOf(right);
    }
}
