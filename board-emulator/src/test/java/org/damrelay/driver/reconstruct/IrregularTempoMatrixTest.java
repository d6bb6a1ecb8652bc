package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.replay.CaptureReconstruction;
import org.damrelay.driver.replay.TimelineCapture;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.Fields;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.Scenario;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.damrelay.driver.replay.ReplayLog;

/**
 * Issue 21: every irregular kind of arbiter-events.md, answered by the opponent after 0.3 to 6 s,
 * with the clock pressed after it, not at all, or before the move was complete; in international
 * and Frisian draughts. Each is played by the emulator's hand (scenario format, {@code after MS}),
 * written to the serial bytes a driver would have captured, and replayed through the decoder, the
 * session and the real {@link Reconstructor}. The stream must record the irregular move, then the
 * reply, then IRREGULAR_MOVE_STANDS, and nothing that loses or invents a ply.
 */
class IrregularTempoMatrixTest {
    private static final EmulatorConfig QUIET = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(0);
    /**
     * {@code -Dmatrix.noise=default|heavy}: the hand's noise (knocks, hovering, flicker...) on every
     * case, for a look beyond the clean matrix; information events are then not checked.
     */
    private static final String NOISE = System.getProperty("matrix.noise", "none");
    private static final EmulatorConfig HAND = NOISE.equals("none") ? QUIET
            : EmulatorConfig.defaults().withNoise(NOISE.equals("heavy") ? NoiseProfile.heavy() : NoiseProfile.defaults()).withClockTickMs(0);
    private static final long[] DELAYS_MS = {300, 700, 1500, 3000, 6000};
    private static final String[] PRESS_MODES = {"press", "nopress", "press-early"};
    /** Corrections of a ply shown before a later board told what it was (a capture shown ahead, a quiet move with a piece taken off after it), over every cell run (issue 44: rare enough to count). */
    private static final Map<String, AtomicInteger> CORRECTIONS = new ConcurrentSkipListMap<>();

    @AfterAll
    static void corrections() {
        System.out.println("IrregularTempoMatrixTest: corrections of a ply shown before a later board told what it was, by case: " + CORRECTIONS);
    }

    /** Events that decide the record: they must come exactly as expected. */
    private static final Set<EventType> RECORD = EnumSet.of(EventType.MOVE, EventType.ILLEGAL_MOVE, EventType.IRREGULAR_MOVE_STANDS,
            EventType.MOVE_RETRACTED, EventType.MOVE_REPLACED, EventType.POSITION_UNKNOWN, EventType.POSITION_RECOVERED,
            EventType.GAME_STARTED, EventType.JOINED_MID_GAME);

    /**
     * One irregular kind staged: the start, the legal plies before it, the irregular ply (a move: the
     * press mode is appended to it; else steps, with a press step after them or before them), steps
     * after it that belong to it, who made it, and the press modes that can be staged for it.
     */
    record Case(String name, Variant variant, String start, List<String> before, String irregular, List<String> after,
                IllegalKind kind, Color mover, List<String> modes) {
        Case(String name, Variant variant, String start, List<String> before, String irregular, List<String> after,
                IllegalKind kind, Color mover) {
            this(name, variant, start, before, irregular, after, kind, mover, List.of(PRESS_MODES));
        }

        String staged(String mode) {
            if (irregular.startsWith("move ")) return irregular + (mode.equals("press") ? "" : " " + mode);
            String press = "press " + mover.name().toLowerCase();
            return switch (mode) {
                case "press" -> irregular + "\n" + press;
                case "nopress" -> irregular;
                default -> press + "\n" + irregular;
            };
        }

        @Override public String toString() {
            return name + (variant == Variant.FRISIAN ? " (frisian)" : "");
        }
    }

    static List<Case> cases() {
        Variant i = Variant.INTERNATIONAL, f = Variant.FRISIAN;
        return List.of(
                new Case("capture missed", i, "W:W32,46,47:B3,25,28", List.of(), "move 46-41", List.of(), IllegalKind.CAPTURE_MISSED, Color.WHITE),
                new Case("capture not maximal", i, "W:W34,37,46:B12,22,25,29,32", List.of(), "move 34x23", List.of(),
                        IllegalKind.CAPTURE_NOT_MAXIMAL, Color.WHITE),
                new Case("short capture", i, "W:W37,46:B12,22,25,32", List.of(), "move 37x28x17", List.of(),
                        IllegalKind.CAPTURE_NOT_MAXIMAL, Color.WHITE),
                new Case("wrong piece removed", i, "W:W32,46,47:B3,25,28", List.of(), "move 32x23 remove 25", List.of(),
                        IllegalKind.WRONG_PIECES_REMOVED, Color.WHITE),
                new Case("too few removed", i, "W:W37,46:B12,22,25,32", List.of(), "move 37x8 remove 32,22", List.of(),
                        IllegalKind.WRONG_PIECES_REMOVED, Color.WHITE),
                new Case("too many removed", i, "W:W32,46,47:B3,25,28", List.of(), "move 32x23 remove 28,25", List.of(),
                        IllegalKind.WRONG_PIECES_REMOVED, Color.WHITE),
                new Case("one too many, taken off after the capture looked complete", i, "W:W32,46,47:B3,25,28", List.of(),
                        "move 32x23", List.of("remove 25"), IllegalKind.WRONG_PIECES_REMOVED, Color.WHITE),
                new Case("removed without capture", i, "W:W32,46,47:B3,14,25", List.of(), "remove 14", List.of(),
                        IllegalKind.REMOVED_WITHOUT_CAPTURE, Color.WHITE),
                // a press while the piece is in the air, then a piece taken off: the press ended a legal move (not done)
                new Case("moved and removed without capture", i, "W:W32,46,47:B3,14,25", List.of(), "move 32-28 remove 14", List.of(),
                        IllegalKind.REMOVED_WITHOUT_CAPTURE, Color.WHITE, List.of("press", "nopress")),
                new Case("opponent's piece moved", i, null, List.of("move 32-28", "move 19-23"), "move 18-22 by white", List.of(),
                        IllegalKind.OPPONENT_PIECE_MOVED, Color.WHITE),
                new Case("moved twice", i, null, List.of("move 32-28 nopress"), "move 33-29 by white after 1500", List.of(),
                        IllegalKind.MOVED_TWICE, Color.WHITE),
                // the second press of the same player cannot register (the lever is down on his side): the reply tells
                new Case("moved twice after pressing", i, null, List.of("move 32-28"), "move 33-29 by white after 1500", List.of(),
                        IllegalKind.MOVED_TWICE, Color.WHITE),
                new Case("uncrowned king moved", i, "W:W7,46,47,48,49:B11,15,16", List.of("move 7-2 nocrown", "move 15-20"),
                        "move 2-13", List.of(), IllegalKind.UNCROWNED_KING_MOVED, Color.WHITE),
                new Case("man moved backwards", i, "W:W28,46,47:B4,5", List.of(), "move 28-33", List.of(), IllegalKind.OTHER, Color.WHITE),
                new Case("capture missed", f, "W:W32,46,47:B3,25,28", List.of(), "move 46-41", List.of(), IllegalKind.CAPTURE_MISSED, Color.WHITE),
                new Case("capture of less value", f, "W:W32,33,45:B27,K28,5", List.of(), "move 32x21", List.of(),
                        IllegalKind.CAPTURE_NOT_MAXIMAL, Color.WHITE),
                new Case("wrong piece removed", f, "W:W32,46,47:B3,25,28", List.of(), "move 32x23 remove 25", List.of(),
                        IllegalKind.WRONG_PIECES_REMOVED, Color.WHITE),
                new Case("removed without capture", f, "W:W32,46,47:B3,14,25", List.of(), "remove 14", List.of(),
                        IllegalKind.REMOVED_WITHOUT_CAPTURE, Color.WHITE),
                new Case("opponent's piece moved", f, null, List.of("move 32-28", "move 19-23"), "move 18-22 by white", List.of(),
                        IllegalKind.OPPONENT_PIECE_MOVED, Color.WHITE),
                new Case("moved twice", f, null, List.of("move 32-28 nopress"), "move 33-29 by white after 1500", List.of(),
                        IllegalKind.MOVED_TWICE, Color.WHITE),
                new Case("king move limit", f, "W:WK50,36:B15,K1",
                        List.of("move 50-44", "move 1-7", "move 44-50", "move 7-1", "move 50-44", "move 1-7"),
                        "move 44-39", List.of(), IllegalKind.KING_MOVE_LIMIT, Color.WHITE),
                new Case("man moved backwards", f, "W:W28,46,47:B4,5", List.of(), "move 28-33", List.of(), IllegalKind.OTHER, Color.WHITE));
    }

    static Stream<Arguments> matrix() {
        List<Arguments> out = new ArrayList<>();
        for (Case c : cases()) {
            for (long delay : DELAYS_MS) {
                for (String mode : c.modes()) out.add(Arguments.of(c, delay, mode));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, reply after {1} ms, {2}")
    @MethodSource("matrix")
    void theIrregularMoveAndTheReplyAreRecorded(Case c, long delay, String mode) throws Exception {
        play(c, delay, mode, List.of(), HAND, false);
    }

    /** Issue 37: play goes on after the reply (time trouble): the gaps between the reply and the next two moves. */
    private static final long[] REPLY_MS = {300, 1000, 3000};
    private static final long[] NEXT_MS = {500, 1000, 2000, 3000};

    static Stream<Arguments> goingOn() {
        List<Arguments> out = new ArrayList<>();
        for (Case c : cases()) {
            for (long delay : REPLY_MS) {
                for (long next : NEXT_MS) {
                    for (String mode : c.modes()) out.add(Arguments.of(c, delay, mode, next));
                }
            }
        }
        return out.stream();
    }

    /**
     * The game goes on after the reply, at the tempo of time trouble: the irregular move's player
     * moves again {@code next} ms after the reply, the opponent 600 ms after that; the clock's
     * readings reach the line 0.1-1 s after the lever, unevenly. Every ply is recorded in order.
     */
    @ParameterizedTest(name = "{0}, reply after {1} ms, {2}, next move after {3} ms")
    @MethodSource("goingOn")
    void playGoingOnAfterTheReplyLosesNoPly(Case c, long delay, String mode, long next) throws Exception {
        long seed = (c.toString() + delay + mode + next).hashCode();
        EmulatorConfig hand = HAND.withSeed(seed).withClockLatency(new EmulatorConfig.Latency(100, 1000));
        play(c, delay, mode, List.of(next, 600L), hand, true);
    }

    /** Stages the case, the reply after {@code delay} and then one more move after each of {@code then}; checks the record. */
    private static void play(Case c, long delay, String mode, List<Long> then, EmulatorConfig hand, boolean timed) throws Exception {
        StringBuilder script = new StringBuilder();
        if (c.variant() == Variant.FRISIAN) script.append("variant frisian\n");
        if (c.start() != null) script.append("start ").append(c.start()).append('\n');
        c.before().forEach(l -> script.append(l).append('\n'));
        script.append(c.staged(mode)).append('\n');
        c.after().forEach(l -> script.append(l).append('\n'));
        String reply = reply(script.toString(), c.mover().opposite());
        if (reply == null) throw new AssertionError("no reply in the case " + c);
        // with play going on, each ply names its player: after pieces merely removed the scenario's turn has not passed
        String by = then.isEmpty() ? "" : " by " + c.mover().opposite().name().toLowerCase();
        script.append("move ").append(reply).append(by).append(" after ").append(delay).append('\n');
        List<String> more = new ArrayList<>();
        if (!then.isEmpty()) {
            // the game as the rules have it after the reply (a promoted man is a king, crowned or not)
            Position p = CaptureReconstruction.replay(CaptureReader.read(new StringReader(TimelineCapture.of(
                    new ScenarioRunner(Variant.INTERNATIONAL).run(ScenarioParser.parse(script.toString()), QUIET)))),
                    ReconstructConfig.defaults(c.variant()).withStart(ScenarioParser.parse(script.toString()).start()), e -> {}).position();
            for (long gap : then) {
                Move m = goingOn(c.variant(), p);
                if (m == null) break; // the game is over
                more.add(m.isCapture() ? m.from() + "x" + m.to() : m.from() + "-" + m.to());
                script.append("move ").append(more.get(more.size() - 1)).append(" by ").append(p.sideToMove().name().toLowerCase())
                        .append(" after ").append(gap).append('\n');
                p = p.apply(m);
            }
        }
        Color side;

        Scenario scenario = ScenarioParser.parse(script.toString());
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(scenario, hand);
        List<ArbiterEvent> events = new ArrayList<>();
        ReconstructConfig config = ReconstructConfig.defaults(c.variant()).withStart(scenario.start());
        // the emulated clock's own setting: its presses are checked against it (no CLOCK_MISMATCH is allowed)
        if (timed) config = config.withTimeControl(hand.base(), hand.increment());
        Reconstructor r = CaptureReconstruction.replay(CaptureReader.read(new StringReader(TimelineCapture.of(timeline))), config, ReplayLog.tee(events::add));

        int n = c.before().size() + 1;
        List<String> expected = new ArrayList<>();
        for (int ply = 1; ply < n; ply++) expected.add("MOVE " + ply);
        expected.add("ILLEGAL_MOVE." + c.kind() + " " + n + " " + c.mover());
        expected.add("MOVE " + (n + 1) + " " + c.mover().opposite() + " " + reply);
        expected.add("IRREGULAR_MOVE_STANDS " + n);
        side = c.mover();
        for (int i = 0; i < more.size(); i++) {
            expected.add("MOVE " + (n + 2 + i) + " " + side + " " + more.get(i));
            side = side.opposite();
        }
        List<String> got = new ArrayList<>();
        for (ArbiterEvent e : events) {
            if (!RECORD.contains(e.type())) continue;
            if (e.correction()) {
                // a ply shown before a later board told what it was, corrected in the open: the record is what the corrections leave
                CORRECTIONS.computeIfAbsent(c.toString(), k -> new AtomicInteger()).incrementAndGet();
                got.remove(got.size() - 1);
                if (e.type() == EventType.MOVE_REPLACED) got.add("MOVE " + e.ply() + " " + e.side() + " " + e.move());
                continue;
            }
            if (e.type() == EventType.MOVE && e.ply() < n) got.add("MOVE " + e.ply());
            else if (e.type() == EventType.MOVE) got.add("MOVE " + e.ply() + " " + e.side() + " " + e.move());
            else if (e.type() == EventType.ILLEGAL_MOVE) got.add("ILLEGAL_MOVE." + e.subtype() + " " + e.ply() + " " + e.side());
            else got.add(e.type() + " " + e.ply());
        }
        String all = events.stream().map(Recorded::summary).toList() + "\n" + script;
        assertEquals(expected, got, all);
        assertEquals(n + 1 + more.size(), r.game().ply(), "no ply lost: " + all);
        assertTrue(!NOISE.equals("none") || events.stream().allMatch(e -> allowed(e, c, mode, script.toString())),
                "only the information events this tempo calls for: " + all);
        Position board = boardAtEnd(timeline, Color.WHITE);
        for (Color s : Color.values()) {
            assertEquals(board.pieces(s), r.position().pieces(s), "the record ends where the board is: " + all);
        }
    }

    /** Information events a press mode may add beside the record. */
    private static boolean allowed(ArbiterEvent e, Case c, String mode, String script) {
        if (RECORD.contains(e.type())) return true;
        return switch (e.type()) {
            case UNCROWNED_KING, KING_CROWNED, DRAW_RULE_STARTED, NO_LEGAL_MOVES -> true;
            // no press after the irregular ply: with no press, or a press before a removal (it confirmed nothing)
            case CLOCK_NOT_PRESSED -> mode.equals("nopress") || script.contains("nopress") || mode.equals("press-early") && !c.irregular().startsWith("move ");
            case INCOMPLETE_MOVE, CAPTURE_EXECUTION -> mode.equals("press-early");
            default -> false;
        };
    }

    /** The opponent's reply on the board the irregular ply left: a capture if there is one (a recapture), else a man's move. */
    private static String reply(String script, Color replier) {
        Timeline t = new ScenarioRunner(Variant.INTERNATIONAL).run(ScenarioParser.parse(script), QUIET);
        Variant v = script.startsWith("variant frisian") ? Variant.FRISIAN : Variant.INTERNATIONAL;
        Position p = boardAtEnd(t, replier);
        Move m = v.legalMoves(p).stream()
                .min(Comparator.comparing((Move x) -> !x.isCapture()).thenComparing(x -> p.pieceAt(x.from()).isKing()))
                .orElse(null);
        if (m == null) return null;
        return m.isCapture() ? m.from() + "x" + m.to() : m.from() + "-" + m.to();
    }

    /**
     * A move to go on with: a man's, not promoting; null when only a king can move (a king just
     * promoted may not be crowned yet: playing it is an irregular move of its own).
     */
    private static Move goingOn(Variant v, Position p) {
        return v.legalMoves(p).stream()
                .filter(x -> !p.pieceAt(x.from()).isKing())
                .min(Comparator.comparing((Move x) -> Squares.isPromotionSquare(x.to(), p.sideToMove())))
                .orElse(null);
    }

    /** The pieces the board reported last, as a position with {@code toMove} to move. */
    private static Position boardAtEnd(Timeline t, Color toMove) {
        Position p = Position.empty(toMove);
        Sensed[] fields = t.reportedBoardAt(t.endMillis());
        for (int s = 1; s <= Squares.COUNT; s++) {
            Sensed x = fields[Fields.ofSquare(s)];
            if (x == Sensed.WHITE_MAN || x == Sensed.WHITE_KING) p = p.with(s, Piece.of(Color.WHITE, x == Sensed.WHITE_KING));
            if (x == Sensed.BLACK_MAN || x == Sensed.BLACK_KING) p = p.with(s, Piece.of(Color.BLACK, x == Sensed.BLACK_KING));
        }
        return p;
    }
}
