package org.damrelay.draughts.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every row of shared/spec/test-positions.md (F10 needs game history: the game package's test).
 * Expected moves are written {@code from-to} or {@code fromxto(captured,...)}.
 */
class RuleTestPositionsTest {

    @ParameterizedTest(name = "international {0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "1  | W:W28 | 28-22 28-23",
            "2  | B:B13 | 13-18 13-19",
            "3  | W:W8 | 8-2 8-3",
            "4  | W:WK28 | 28-22 28-17 28-11 28-6 28-23 28-19 28-14 28-10 28-5 28-32 28-37 28-41 28-46 28-33 28-39 28-44 28-50",
            "5  | B:BK1 | 1-6 1-7 1-12 1-18 1-23 1-29 1-34 1-40 1-45",
            "6  | W:WK23 | 23-18 23-12 23-7 23-1 23-19 23-14 23-10 23-5 23-28 23-32 23-37 23-41 23-46 23-29 23-34 23-40 23-45",
            "7  | W:W28,32:B23 | 28x19(23)",
            "8  | W:W35:B30,K40 | 35x24(30) 35x44(40)",
            "9  | W:WK46:B23 | 46x19(23) 46x14(23) 46x10(23) 46x5(23)",
            "10 | W:WK41:B23 | 41x19(23) 41x14(23) 41x10(23) 41x5(23)",
            "11 | W:W15:B8,19,20 | 15x2(8,19,20)",
            "12 | W:WK47:B9,12,33 | 47x17(9,12,33) 47x21(9,12,33) 47x26(9,12,33)",
            "13 | W:WK41,49:B9,10,12,19,38 | 41x43(9,12,19,38)",
            "14 | B:W27,28,38,39,42:BK25 | 25x33(27,28,39,42)",
            "15 | W:W48:B24,K31,34,K42,43 | 48x19(24,34,43)",
            "16 | W:WK48:B7,8,31,34,K42,44 | 48x50(7,8,34,44)",
            "17 | W:W26:B12,K21,31,32 | 26x8(12,21) 26x28(31,32)",
            "18 | W:W15:B9,10 | 15x13(9,10)",
            "A  | W:WK47:B14,19,29,31,42 | 47x36(42,29,19,31) 47x36(42,29,14,31)",
    })
    void international(String row, String fen, String expected) {
        assertEquals(parse(expected), actual(Variant.INTERNATIONAL, fen), "row " + row + " " + fen);
    }

    @ParameterizedTest(name = "frisian {0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "F1 | W:W28:B18 | 28x8(18)",
            "F2 | W:W28:B29 | 28x30(29)",
            "F3 | W:W28:B38 | 28x48(38)",
            "F4 | W:WK41:B43 | 41x44(43) 41x45(43)",
            "F5 | W:W33,47:B31,41,K39 | 47x27(41,31)",
            "F6 | W:W33,47:B41,K39 | 33x44(39)",
            "F7 | W:WK46,50:B37,44 | 46x32(37) 46x28(37) 46x23(37) 46x19(37) 46x14(37) 46x10(37) 46x5(37)",
            "F8 | W:W46,50:B21,31,41,K34,K44 | 50x30(44,34)",
    })
    void frisian(String row, String fen, String expected) {
        assertEquals(parse(expected), actual(Variant.FRISIAN, fen), "row " + row + " " + fen);
    }

    /** A move as the spec states it: from, to and the captured squares in ascending order. */
    record Expected(int from, int to, Set<Integer> captured) {}

    private static final Pattern MOVE = Pattern.compile("(\\d+)([-x])(\\d+)(?:\\(([\\d,]+)\\))?");

    private static Set<Expected> parse(String moves) {
        Set<Expected> out = new HashSet<>();
        for (String text : moves.trim().split("\\s+")) {
            Matcher m = MOVE.matcher(text);
            if (!m.matches()) throw new IllegalArgumentException("bad expected move " + text);
            Set<Integer> captured = m.group(4) == null ? Set.of()
                    : Arrays.stream(m.group(4).split(",")).map(Integer::valueOf).collect(Collectors.toCollection(TreeSet::new));
            out.add(new Expected(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(3)), captured));
        }
        return out;
    }

    private static Set<Expected> actual(Variant variant, String fen) {
        Position p = Fen.parse(fen);
        List<Move> moves = variant.legalMoves(p);
        Set<Expected> out = moves.stream()
                .map(m -> new Expected(m.from(), m.to(), new TreeSet<>(m.capturedSquares())))
                .collect(Collectors.toSet());
        assertEquals(moves.size(), out.size(), "duplicate moves in " + moves);
        return out;
    }
}
