package org.damrelay.driver.reconstruct;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/**
 * A hand playing on a simulated sensor board, for tests: "lift 32, put 28, press" becomes
 * BoardObserver calls with the timing of a real board. The sensor scans the 100 fields one by one
 * every 220 ms and reports only changes, so a move can be seen on both squares in one scan and
 * a destination before its origin; the clock reports at once.
 */
final class BoardHand {
    static final long SCAN_MS = 220;

    private final BoardObserver observer;
    private final LongConsumer ticker;
    private final Orientation lies;
    private final Sensed[] physical = new Sensed[100];
    private final Sensed[] reported = new Sensed[100];
    private long t = 1000;
    private long origin;
    private long sample;
    private boolean offline;
    private Sensed inHand = Sensed.EMPTY;
    private boolean leverRight = true; // white (on the right) to move: his side is up, his clock runs
    private boolean pressedRight;
    private Duration left = Duration.ofMinutes(80), right = Duration.ofMinutes(80);
    private boolean leftFlag, rightFlag;
    private long lastPhysical;
    final List<Long> physicalChanges = new ArrayList<>();

    BoardHand(Reconstructor r, Orientation lies) {
        this(r, r::onTick, lies);
    }

    BoardHand(BoardObserver observer, LongConsumer ticker, Orientation lies) {
        this.observer = observer;
        this.ticker = ticker;
        this.lies = lies;
        Arrays.fill(physical, Sensed.EMPTY);
    }

    static BoardHand on(Reconstructor r) {
        return new BoardHand(r, Orientation.NORMAL);
    }

    /** Sets the pieces up and sends a full board, as after a connect. */
    BoardHand setup(Position p) {
        Arrays.fill(physical, Sensed.EMPTY);
        for (int s = 1; s <= Squares.COUNT; s++) {
            Piece piece = p.pieceAt(s);
            if (piece != null) physical[lies.field(s)] = sensed(piece);
        }
        System.arraycopy(physical, 0, reported, 0, 100);
        observer.onBoard(t, reported.clone());
        observer.onClock(t, reading());
        origin = t + 1;
        sample = 0;
        t += 300;
        return this;
    }

    BoardHand lift(int square) {
        inHand = at(square);
        return set(square, Sensed.EMPTY);
    }

    /** Puts down what the hand holds. */
    BoardHand put(int square) {
        return set(square, inHand);
    }

    BoardHand move(int from, int to) {
        return lift(from).put(to);
    }

    BoardHand remove(int... squares) {
        for (int s : squares) set(s, Sensed.EMPTY);
        return this;
    }

    BoardHand place(int square, Sensed s) {
        return set(square, s);
    }

    BoardHand crown(int square) {
        Sensed s = at(square);
        return set(square, s == Sensed.WHITE_MAN ? Sensed.WHITE_KING : Sensed.BLACK_KING);
    }

    BoardHand uncrown(int square) {
        Sensed s = at(square);
        return set(square, s == Sensed.WHITE_KING ? Sensed.WHITE_MAN : Sensed.BLACK_MAN);
    }

    /** A clock press: the lever goes down on the side of whoever pressed (a rocker); the clock reports at once. */
    BoardHand press(boolean rightSide) {
        scanTo(t);
        pressedRight = rightSide;
        leverRight = !rightSide;
        observer.onClock(t, reading());
        t += 100;
        return this;
    }

    /** White presses on the right in these tests unless a test says otherwise. */
    BoardHand press() {
        return press(!pressedRight);
    }

    /** A press that also sets the times the clock shows with it (e.g. with its increment). */
    BoardHand pressWith(boolean rightSide, Duration l, Duration r) {
        left = l;
        right = r;
        return press(rightSide);
    }

    BoardHand times(Duration l, Duration r) {
        scanTo(t);
        left = l;
        right = r;
        observer.onClock(t, reading());
        return this;
    }

    BoardHand flag(boolean rightSide) {
        scanTo(t);
        if (rightSide) rightFlag = true; else leftFlag = true;
        observer.onClock(t, reading());
        return this;
    }

    BoardHand link(boolean up) {
        scanTo(t);
        observer.onLink(t, up);
        return this;
    }

    /** Sends a full board, as the driver does after a reconnect. */
    BoardHand dump() {
        scanTo(t);
        System.arraycopy(physical, 0, reported, 0, 100);
        observer.onBoard(t, reported.clone());
        return this;
    }

    /** Physical changes not reported (the link is down). */
    BoardHand offline(Runnable r) {
        scanTo(t);
        offline = true;
        r.run();
        offline = false;
        origin = t;
        sample = 0;
        System.arraycopy(physical, 0, reported, 0, 100);
        return this;
    }

    BoardHand waitMs(long ms) {
        t += ms;
        return this;
    }

    /** Lets the board settle for two seconds: scans run and the windows expire. */
    /** Long enough for every window: a capture is kept open for the irregular window (3 s) after the board last changed. */
    BoardHand settle() {
        return settle(3500);
    }

    BoardHand settle(long ms) {
        t += ms;
        scanTo(t);
        ticker.accept(t);
        return this;
    }

    long now() {
        return t;
    }

    long lastPhysicalChange() {
        return lastPhysical;
    }

    Sensed at(int square) {
        return physical[lies.field(square)];
    }

    private BoardHand set(int square, Sensed s) {
        scanTo(t);
        physical[lies.field(square)] = s;
        lastPhysical = t;
        physicalChanges.add(t);
        t += 80;
        return this;
    }

    /** Runs the sensor's sampling up to (not including) time {@code until}: field i%100 at origin + i*2.2 ms. */
    private void scanTo(long until) {
        if (offline) return;
        while (true) {
            long ts = origin + sample * SCAN_MS / 100;
            if (ts >= until) return;
            int field = (int) (sample % 100);
            if (physical[field] != reported[field]) {
                reported[field] = physical[field];
                observer.onFieldChange(ts, field, physical[field]);
            }
            sample++;
        }
    }

    private ClockReading reading() {
        return new ClockReading(left, right, leftFlag, rightFlag, true, leverRight, true);
    }

    static Sensed sensed(Piece p) {
        return switch (p) {
            case WHITE_MAN -> Sensed.WHITE_MAN;
            case WHITE_KING -> Sensed.WHITE_KING;
            case BLACK_MAN -> Sensed.BLACK_MAN;
            case BLACK_KING -> Sensed.BLACK_KING;
        };
    }
}
