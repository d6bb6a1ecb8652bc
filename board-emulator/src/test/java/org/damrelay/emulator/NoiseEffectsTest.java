package org.damrelay.emulator;

import static org.damrelay.emulator.NoiseSource.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

/** Each noise source, switched on alone, shows its effect in what the board reports; switched off, it does not. */
class NoiseEffectsTest {

    /** A game played on the emulated board, with the reports in order. */
    private record Run(List<Move> moves, List<BoardEvent> events) {
        List<BoardEvent.FieldChanged> fields() {
            return events.stream().filter(BoardEvent.FieldChanged.class::isInstance).map(BoardEvent.FieldChanged.class::cast).toList();
        }

        List<BoardEvent.ClockRead> presses() {
            return events.stream().filter(BoardEvent.ClockRead.class::isInstance).map(BoardEvent.ClockRead.class::cast).skip(2).toList(); // set, started
        }
    }

    private static List<Move> game(Predicate<List<Move>> wanted) {
        for (long seed = 1; seed <= 200; seed++) {
            List<Move> moves = RandomGames.play(Position.start(), seed, 200);
            if (wanted.test(moves)) return moves;
        }
        throw new AssertionError("no random game has the wanted feature");
    }

    private static Run run(List<Move> moves, NoiseSource source, double level) {
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.only(source, level)).withSeed(7).withClockTickMs(0);
        return new Run(moves, new Emulator(config).play(Position.start(), moves).events());
    }

    private static boolean promotes(List<Move> moves) {
        Position p = Position.start();
        for (Move m : moves) {
            if (!p.pieceAt(m.from()).isKing() && Squares.isPromotionSquare(m.to(), p.pieceAt(m.from()).color())) return true;
            p = p.apply(m);
        }
        return false;
    }

    private static int field(int square) {
        return Fields.ofSquare(square);
    }

    /** Index of the first report on the field after index from that matches. */
    private static int next(List<BoardEvent.FieldChanged> f, int from, int field, Predicate<Sensed> what) {
        for (int i = Math.max(0, from); i < f.size(); i++) if (f.get(i).field() == field && what.test(f.get(i).now())) return i;
        return -1;
    }

    /** For the opening quiet plies: how many show the destination before the origin is emptied. */
    private static int destinationFirst(Run r, int plies) {
        List<BoardEvent.FieldChanged> f = r.fields();
        int at = 0, count = 0;
        for (Move m : r.moves().subList(0, plies)) {
            int gone = next(f, at, field(m.from()), s -> s == Sensed.EMPTY);
            int came = next(f, at, field(m.to()), Sensed::isOccupied);
            if (came < gone) count++;
            at = Math.max(gone, came) + 1;
        }
        return count;
    }

    private static int openingQuietPlies(List<Move> moves) {
        int n = 0;
        while (n < moves.size() && !moves.get(n).isCapture()) n++;
        return n;
    }

    @Test
    void slideShowsTheDestinationBeforeTheOriginEmpties() {
        List<Move> moves = game(m -> openingQuietPlies(m) >= 6);
        int n = openingQuietPlies(moves);
        assertEquals(0, destinationFirst(run(moves, SLIDE, 0), n));
        assertTrue(destinationFirst(run(moves, SLIDE, 1), n) >= n / 3);
    }

    @Test
    void holdKeepsThePieceOffTheBoardForOverHalfASecondMore() {
        List<Move> moves = game(m -> openingQuietPlies(m) >= 4);
        for (double level : new double[] {0, 1}) {
            List<BoardEvent.FieldChanged> f = run(moves, HOLD, level).fields();
            Move m = moves.get(0);
            long gap = f.get(next(f, 0, field(m.to()), Sensed::isOccupied)).t() - f.get(next(f, 0, field(m.from()), s -> s == Sensed.EMPTY)).t();
            if (level == 0) assertTrue(gap < 800, "no hold: " + gap); else assertTrue(gap > 550, "hold: " + gap);
        }
    }

    private static long reportsOnPassedSquares(Run r, boolean kingsOnly) {
        List<BoardEvent.FieldChanged> f = r.fields();
        Position p = Position.start();
        long count = 0;
        List<Integer> passed = new ArrayList<>();
        for (Move m : r.moves()) {
            if (!kingsOnly || p.pieceAt(m.from()).isKing()) {
                for (int i = 0; i + 1 < m.path().size(); i++) {
                    if (!kingsOnly && i > 0) passed.add(m.path().get(i));
                    if (kingsOnly) for (int s : CaptureGeometry.between(m.path().get(i), m.path().get(i + 1))) if (!m.captures(s)) passed.add(s);
                }
            }
            p = p.apply(m);
        }
        for (BoardEvent.FieldChanged e : f) if (e.now().isOccupied() && passed.contains(Fields.squareOf(e.field()))) count++;
        return count;
    }

    @Test
    void dragShowsAKingOnTheSquaresItPasses() {
        List<Move> moves = game(m -> {
            Position p = Position.start();
            int longKingMoves = 0;
            for (Move x : m) {
                if (p.pieceAt(x.from()).isKing() && !x.isCapture() && CaptureGeometry.between(x.from(), x.to()).size() >= 2) longKingMoves++;
                p = p.apply(x);
            }
            return longKingMoves >= 5;
        });
        assertTrue(reportsOnPassedSquares(run(moves, DRAG, 1), true) > reportsOnPassedSquares(run(moves, DRAG, 0), true) + 3);
    }

    @Test
    void stepsPutsAMultiCaptureDownOnEachLandingSquare() {
        List<Move> moves = game(m -> m.stream().filter(x -> x.path().size() > 2).count() >= 3);
        assertTrue(reportsOnPassedSquares(run(moves, STEPS, 1), false) > reportsOnPassedSquares(run(moves, STEPS, 0), false));
    }

    /** For each capture of at least n pieces: the captured squares in the order they were reported emptied. */
    private static List<List<Integer>> removalOrders(Run r, int n) {
        List<BoardEvent.FieldChanged> f = r.fields();
        List<List<Integer>> out = new ArrayList<>();
        int at = 0;
        for (Move m : r.moves()) {
            int arrived = next(f, at, field(m.to()), Sensed::isOccupied);
            if (m.from() == m.to()) arrived = at;
            List<int[]> removed = new ArrayList<>();
            int last = arrived;
            for (int s : m.capturedSquares()) {
                int i = next(f, at, field(s), x -> x == Sensed.EMPTY);
                removed.add(new int[] {i, s});
                last = Math.max(last, i);
            }
            if (m.captureCount() >= n) {
                removed.sort((a, b) -> Integer.compare(a[0], b[0]));
                out.add(removed.stream().map(a -> a[1]).toList());
            }
            at = Math.max(last, next(f, at, field(m.from()), x -> x == Sensed.EMPTY)) + 1;
        }
        return out;
    }

    private static List<List<Integer>> pathOrders(List<Move> moves, int n) {
        return moves.stream().filter(m -> m.captureCount() >= n).map(CaptureGeometry::capturedInOrder).toList();
    }

    @Test
    void reverseTakesCapturedPiecesOffInReverseOrder() {
        List<Move> moves = game(m -> m.stream().filter(x -> x.captureCount() >= 2).count() >= 2);
        assertEquals(pathOrders(moves, 2), removalOrders(run(moves, REVERSE, 0), 2));
        List<List<Integer>> reversed = pathOrders(moves, 2).stream().map(l -> { List<Integer> c = new ArrayList<>(l); Collections.reverse(c); return (List<Integer>) c; }).toList();
        assertEquals(reversed, removalOrders(run(moves, REVERSE, 1), 2));
    }

    @Test
    void crissCrossTakesThemOffNeitherInOrderNorReversed() {
        List<Move> moves = game(m -> m.stream().anyMatch(x -> x.captureCount() >= 3));
        List<List<Integer>> orders = removalOrders(run(moves, CRISS_CROSS, 1), 3), path = pathOrders(moves, 3);
        for (int i = 0; i < orders.size(); i++) {
            List<Integer> rev = new ArrayList<>(path.get(i));
            Collections.reverse(rev);
            assertNotEquals(path.get(i), orders.get(i));
            assertNotEquals(rev, orders.get(i));
        }
    }

    @Test
    void captureFirstTakesTheCapturedPieceOffBeforeTheManMoves() {
        List<Move> moves = game(m -> m.stream().filter(x -> x.captureCount() == 1).count() >= 3);
        for (double level : new double[] {0, 1}) {
            Run r = run(moves, CAPTURE_FIRST, level);
            List<BoardEvent.FieldChanged> f = r.fields();
            Position p = Position.start();
            int at = 0, first = 0, singles = 0;
            for (Move m : moves) {
                int gone = next(f, at, field(m.from()), x -> x == Sensed.EMPTY);
                int arrived = next(f, at, field(m.to()), Sensed::isOccupied);
                int end = Math.max(gone, arrived);
                if (m.captureCount() == 1 && !p.pieceAt(m.from()).isKing()) {
                    singles++;
                    int removed = next(f, at, field(m.capturedSquares().get(0)), x -> x == Sensed.EMPTY);
                    if (removed < gone) first++;
                    end = Math.max(end, removed);
                } else {
                    for (int s : m.capturedSquares()) end = Math.max(end, next(f, at, field(s), x -> x == Sensed.EMPTY));
                }
                at = end + 1;
                p = p.apply(m);
            }
            assertEquals(level == 0 ? 0 : singles, first);
        }
    }

    /** Captured pieces still reported on the board at a clock press of the capturing side. */
    private static int capturedStillThereAtPress(Run r) {
        int count = 0;
        Sensed[] board = null;
        int ply = 0, readings = 0;
        Position p = Position.start();
        for (BoardEvent e : r.events()) {
            if (e instanceof BoardEvent.BoardDumped d) board = d.fields();
            if (e instanceof BoardEvent.FieldChanged c) board[c.field()] = c.now();
            if (e instanceof BoardEvent.ClockRead && ++readings > 2 && ply < r.moves().size()) {
                Move m = r.moves().get(ply++);
                for (int s : m.capturedSquares()) if (board[field(s)].isOccupied()) count++;
                p = p.apply(m);
            }
        }
        return count;
    }

    @Test
    void lateRemovalLeavesCapturedPiecesOnTheBoardAtThePress() {
        List<Move> moves = game(m -> m.stream().filter(Move::isCapture).count() >= 5);
        assertEquals(0, capturedStillThereAtPress(run(moves, LATE_REMOVAL, 0)));
        assertTrue(capturedStillThereAtPress(run(moves, LATE_REMOVAL, 1)) > 0);
    }

    /** Reports of a field going from a king to a man of the same colour. */
    private static long crownsOff(Run r) {
        Sensed[] board = new Sensed[100];
        long n = 0;
        for (BoardEvent e : r.events()) {
            if (e instanceof BoardEvent.BoardDumped d) board = d.fields();
            if (e instanceof BoardEvent.FieldChanged c) {
                if (Fields.isKing(board[c.field()]) && Fields.uncrowned(board[c.field()]) == c.now()) n++;
                board[c.field()] = c.now();
            }
        }
        return n;
    }

    private static boolean capturesAKing(List<Move> moves) {
        Position p = Position.start();
        for (Move m : moves) {
            for (int s : m.capturedSquares()) if (p.pieceAt(s).isKing()) return true;
            p = p.apply(m);
        }
        return false;
    }

    @Test
    void uncrownFirstShowsACapturedKingAsAManBeforeItGoes() {
        List<Move> moves = game(NoiseEffectsTest::capturesAKing);
        assertEquals(0, crownsOff(run(moves, UNCROWN_FIRST, 0)));
        assertTrue(crownsOff(run(moves, UNCROWN_FIRST, 1)) > 0);
    }

    @Test
    void crownFallsShowsAKingAsAManForAWhile() {
        List<Move> moves = game(m -> promotes(m));
        assertEquals(0, crownsOff(run(moves, CROWN_FALLS, 0)));
        assertTrue(crownsOff(run(moves, CROWN_FALLS, 1)) > 0);
    }

    /** For the first promotion: how many clock presses came between the man's arrival and its crown. */
    private static int pressesBeforeCrown(Run r) {
        Position p = Position.start();
        int promotion = -1;
        for (Move m : r.moves()) {
            if (!p.pieceAt(m.from()).isKing() && Squares.isPromotionSquare(m.to(), p.pieceAt(m.from()).color())) { promotion = m.to(); break; }
            p = p.apply(m);
        }
        int f = field(promotion), presses = -1;
        boolean arrived = false;
        for (BoardEvent e : r.events()) {
            if (e instanceof BoardEvent.FieldChanged c && c.field() == f) {
                if (Fields.isKing(c.now()) && arrived) return presses;
                if (c.now() == Sensed.WHITE_MAN || c.now() == Sensed.BLACK_MAN) { arrived = true; presses = 0; }
            }
            if (e instanceof BoardEvent.ClockRead && arrived) presses++;
        }
        return -1;
    }

    @Test
    void crownTimingFollowsThePlan() {
        List<Move> moves = game(m -> promotes(m));
        assertEquals(0, pressesBeforeCrown(run(moves, CROWN_AFTER_CLOCK, 0)));
        assertEquals(1, pressesBeforeCrown(run(moves, CROWN_AFTER_CLOCK, 1)));
        assertEquals(2, pressesBeforeCrown(run(moves, CROWN_AFTER_REPLY, 1)));
    }

    /** Fidgets: reports on fields that the game's moves never touch, or returns to the same state. */
    private static long reportsCount(Run r) {
        return r.fields().size();
    }

    @Test
    void fidgetsAddReportsThatChangeNothing() {
        List<Move> moves = RandomGames.play(Position.start(), 5, 60);
        for (NoiseSource s : List.of(ADJUST, HOVER, KNOCK, FLICKER, UNKNOWN_CODE)) {
            Run quiet = run(moves, s, 0), noisy = run(moves, s, 1);
            assertTrue(reportsCount(noisy) > reportsCount(quiet), s + " adds reports");
            Timeline a = new Timeline(quiet.events()), b = new Timeline(noisy.events());
            assertArrayEquals(a.reportedBoardAt(a.endMillis()), b.reportedBoardAt(b.endMillis()), s + " ends where the game ends");
        }
    }

    @Test
    void unknownCodeAndLightSquareShowWhatNoPieceCodeOrPlayingSquareExplains() {
        List<Move> moves = RandomGames.play(Position.start(), 6, 40);
        assertTrue(run(moves, UNKNOWN_CODE, 1).fields().stream().anyMatch(e -> e.now() == Sensed.UNKNOWN));
        assertTrue(run(moves, UNKNOWN_CODE, 0).fields().stream().noneMatch(e -> e.now() == Sensed.UNKNOWN));
        assertTrue(run(moves, LIGHT_SQUARE, 1).fields().stream().anyMatch(e -> !Fields.isDark(e.field())));
        assertTrue(run(moves, LIGHT_SQUARE, 0).fields().stream().noneMatch(e -> !Fields.isDark(e.field())));
    }

    @Test
    void hoverPutsAPieceOnANeighbourAndBack() {
        List<Move> moves = RandomGames.play(Position.start(), 8, 30);
        List<BoardEvent.FieldChanged> f = run(moves, HOVER, 1).fields();
        boolean seen = false;
        for (int i = 0; i + 3 < f.size() && !seen; i++) {
            seen = f.get(i).now() == Sensed.EMPTY && f.get(i + 1).now().isOccupied() && f.get(i + 2).field() == f.get(i + 1).field()
                    && f.get(i + 2).now() == Sensed.EMPTY && f.get(i + 3).field() == f.get(i).field();
        }
        assertTrue(seen);
    }

    private static long shortestGapBetweenPresses(Run r) {
        List<BoardEvent.ClockRead> p = r.presses();
        long min = Long.MAX_VALUE;
        for (int i = 1; i < p.size(); i++) min = Math.min(min, p.get(i).t() - p.get(i - 1).t());
        return min;
    }

    @Test
    void fastPliesPutTwoPressesWithinAScanWindow() {
        List<Move> moves = game(m -> openingQuietPlies(m) >= 6);
        assertTrue(shortestGapBetweenPresses(run(moves, FAST_PLIES, 0)) > 1000);
        assertTrue(shortestGapBetweenPresses(run(moves, FAST_PLIES, 1)) < 300);
    }

    @Test
    void pressNoiseShowsInTheClockReadings() {
        List<Move> moves = RandomGames.play(Position.start(), 9, 30);
        assertEquals(moves.size(), run(moves, NO_PRESS, 0).presses().size());
        assertEquals(0, run(moves, NO_PRESS, 1).presses().size());
        List<BoardEvent.ClockRead> twice = run(moves, DOUBLE_PRESS, 1).presses();
        assertEquals(2 * moves.size(), twice.size());
        assertEquals(twice.get(0).clock().rightLeverHigh(), twice.get(1).clock().rightLeverHigh(), "the second press changes nothing");
        // Late: the last report before each press is at least 1.5 s old; early: the mover's piece lands after the press.
        for (double level : new double[] {0, 1}) {
            Run late = run(moves, LATE_PRESS, level), early = run(moves, EARLY_PRESS, level);
            assertEquals(level == 1, minQuietBeforePress(late) >= 1200, "late press " + level);
            assertEquals(level == 1, reportsRightAfterPress(early) > 0, "early press " + level);
        }
    }

    private static long minQuietBeforePress(Run r) {
        long min = Long.MAX_VALUE, lastField = 0;
        for (BoardEvent e : r.events().subList(3, r.events().size())) {
            if (e instanceof BoardEvent.FieldChanged) lastField = e.t();
            if (e instanceof BoardEvent.ClockRead) min = Math.min(min, e.t() - lastField);
        }
        return min;
    }

    private static long reportsRightAfterPress(Run r) {
        long n = 0, press = Long.MIN_VALUE / 2;
        for (BoardEvent e : r.events().subList(3, r.events().size())) {
            if (e instanceof BoardEvent.ClockRead) press = e.t();
            if (e instanceof BoardEvent.FieldChanged c && c.now().isOccupied() && e.t() - press < 700) n++;
        }
        return n;
    }

    @Test
    void unplugDropsTheLinkAndSendsTheWholeBoardWhenItIsBack() {
        List<Move> moves = RandomGames.play(Position.start(), 10, 20);
        assertTrue(run(moves, UNPLUG, 0).events().stream().noneMatch(BoardEvent.LinkChanged.class::isInstance));
        List<BoardEvent> events = run(moves, UNPLUG, 1).events();
        List<BoardEvent.LinkChanged> links = events.stream().filter(BoardEvent.LinkChanged.class::isInstance).map(BoardEvent.LinkChanged.class::cast).toList();
        assertEquals(2 * moves.size(), links.size());
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof BoardEvent.LinkChanged l && l.connected()) assertInstanceOf(BoardEvent.BoardDumped.class, events.get(i + 1));
        }
        boolean down = false;
        for (BoardEvent e : events) {
            if (e instanceof BoardEvent.LinkChanged l) down = !l.connected();
            else if (down) fail("nothing is reported while the cable is out: " + e);
        }
    }

    /** Fields that went empty and came back with the same piece, with no other field reported in between. */
    private static long liftedAndPutBack(Run r, Predicate<Sensed> piece) {
        List<BoardEvent.FieldChanged> f = r.fields();
        Sensed[] board = ((BoardEvent.BoardDumped) r.events().get(0)).fields();
        long n = 0;
        for (int i = 0; i + 1 < f.size(); i++) {
            BoardEvent.FieldChanged a = f.get(i), b = f.get(i + 1);
            if (a.now() == Sensed.EMPTY && b.field() == a.field() && b.now() == board[a.field()] && piece.test(b.now())) n++;
            board[a.field()] = a.now();
        }
        return n;
    }

    @Test
    void adjustLiftsAPieceOfTheSideToMoveAndKnockAnyPieceAndBothComeBack() {
        List<Move> moves = RandomGames.play(Position.start(), 5, 60);
        assertEquals(0, liftedAndPutBack(run(moves, ADJUST, 0), Sensed::isOccupied));
        assertTrue(liftedAndPutBack(run(moves, ADJUST, 1), Sensed::isOccupied) >= moves.size() / 2);
        assertTrue(liftedAndPutBack(run(moves, KNOCK, 1), Sensed::isOccupied) >= moves.size() / 2);
        // Adjusting is the mover's own piece: white's pieces on white's turns, black's on black's, so both colours.
        assertTrue(liftedAndPutBack(run(moves, ADJUST, 1), s -> s == Sensed.WHITE_MAN) > 0);
        assertTrue(liftedAndPutBack(run(moves, ADJUST, 1), s -> s == Sensed.BLACK_MAN) > 0);
    }

    @Test
    void flickerTogglesOneFieldSeveralTimesInAFewSeconds() {
        List<Move> moves = RandomGames.play(Position.start(), 5, 30);
        for (double level : new double[] {0, 1}) {
            List<BoardEvent.FieldChanged> f = run(moves, FLICKER, level).fields();
            boolean toggling = false;
            for (int i = 0; i < f.size() && !toggling; i++) {
                int field = f.get(i).field();
                long t0 = f.get(i).t();
                long empties = f.stream().filter(e -> e.field() == field && e.t() >= t0 && e.t() < t0 + 3000 && e.now() == Sensed.EMPTY).count();
                toggling = empties >= 3;
            }
            assertEquals(level == 1, toggling, "flicker " + level);
        }
    }
}
