package org.damrelay.draughts.notation;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.damrelay.draughts.game.KingRuns;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * Reads the games of a PDN file. Each main-line move is resolved against the legal moves of its
 * position ({@link Notation#resolve}), in Frisian also against the king-move limit (art. 17); variations are parsed for balance and skipped, comments
 * and NAGs skipped. A record ends at its result token or where the next tag section starts
 * (also inside an unclosed variation, so one broken record cannot swallow the next).
 */
public final class PdnReader {
    private PdnReader() {}

    /** Every game of a file; the first bad record stops reading with a {@link PdnException}. */
    public static List<PdnGame> read(Path file) throws IOException {
        return parse(decode(Files.readAllBytes(file)));
    }

    /** Every game of the text; the first bad record stops reading with a {@link PdnException}. */
    public static List<PdnGame> parse(String text) {
        return parse(text, e -> { throw e; });
    }

    /**
     * Every good game of the text. A bad record is handed to {@code onError} (with the plies read
     * before the error) and reading goes on at the next tag section.
     */
    public static List<PdnGame> parse(String text, Consumer<PdnException> onError) {
        PdnLexer lexer = new PdnLexer(text);
        List<PdnGame> games = new ArrayList<>();
        PdnLexer.Token t = lexer.next();
        int number = 0;
        while (t != null) {
            Record r = new Record(++number);
            // A repeated tag name starts the next record: tag-only records may follow each other.
            // A malformed tag line spoils its record but not the tags after it, which still belong to it.
            String badTag = null;
            while (t != null && (t.kind() == PdnLexer.Kind.BAD_TAG
                    || t.kind() == PdnLexer.Kind.TAG && !r.tags.containsKey(t.text()))) {
                if (t.kind() == PdnLexer.Kind.TAG) r.tags.put(t.text(), t.value());
                else if (badTag == null) badTag = t.text() + " on line " + t.line();
                t = lexer.next();
            }
            try {
                if (badTag != null) throw r.error(badTag, null);
                r.begin();
                int depth = 0;
                boolean ended = false;
                while (t != null && !ended && t.kind() != PdnLexer.Kind.TAG && t.kind() != PdnLexer.Kind.BAD_TAG) {
                    switch (t.kind()) {
                        case ERROR, BAD_TAG -> throw r.error(t.text() + " on line " + t.line(), null);
                        case VARIATION_START -> depth++;
                        case VARIATION_END -> {
                            if (depth == 0) throw r.error("\")\" without \"(\" on line " + t.line(), null);
                            depth--;
                        }
                        case MOVE_NUMBER -> { if (depth == 0) r.numberSeen(t.text()); }
                        case MOVE -> { if (depth == 0) r.move(t); }
                        case RESULT -> {
                            if (depth == 0) {
                                r.result = t.text();
                                ended = true;
                            }
                        }
                        default -> { } // comments, NAGs
                    }
                    t = lexer.next();
                }
                if (depth > 0) throw r.error("variation \"(\" never closed", null);
                if (!r.isBlank()) games.add(r.game());
            } catch (PdnException e) {
                onError.accept(e);
                while (t != null && t.kind() != PdnLexer.Kind.TAG && t.kind() != PdnLexer.Kind.BAD_TAG) t = lexer.next();
            }
        }
        return games;
    }

    /** UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (older PDN files are Latin-1). */
    public static String decode(byte[] bytes) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            return s.startsWith("\uFEFF") ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** One record being read: its tags, then its moves played out from the start position. */
    private static final class Record {
        final int number;
        final Map<String, String> tags = new LinkedHashMap<>();
        Variant variant = Variant.INTERNATIONAL;
        Position start = Position.start();
        Position current;
        /** Frisian art. 17: consecutive non-capturing moves with the same king, per side. */
        KingRuns kingRuns = KingRuns.NONE;
        final List<Move> plies = new ArrayList<>();
        String result;
        int lastNumber;
        int pliesAtNumber;
        boolean blackAtNumber;
        int moveTokens;

        Record(int number) {
            this.number = number;
        }

        void begin() {
            String type = tags.get("GameType");
            if (type != null && !type.isBlank()) {
                try {
                    variant = Variant.forPdnGameType(type);
                } catch (IllegalArgumentException e) {
                    throw error("GameType tag: " + e.getMessage(), e);
                }
            }
            String fen = tags.get("FEN");
            if (fen != null && !fen.isBlank()) {
                try {
                    start = Fen.parse(fen);
                } catch (FenException e) {
                    throw error("FEN tag: " + e.getMessage(), e);
                }
            }
            current = start;
        }

        void numberSeen(String text) {
            try {
                lastNumber = Integer.parseInt(text.replace(".", ""));
            } catch (NumberFormatException e) {
                return; // absurdly long digit runs: count instead
            }
            pliesAtNumber = plies.size();
            blackAtNumber = current.sideToMove() == Color.BLACK;
        }

        void move(PdnLexer.Token t) {
            moveTokens++;
            try {
                Move m = Notation.resolve(current, variant, t.text());
                int blocked = variant == Variant.FRISIAN ? kingRuns.blockedKing(current) : 0;
                if (blocked != 0 && m.from() == blocked && !m.isCapture()) {
                    throw error(moveLabel() + ": " + t.text() + " is a fourth non-capturing move in a row with the king on "
                            + blocked + " while its side still has men (Frisian art. 17 allows three) (line " + t.line() + ")", null);
                }
                kingRuns = kingRuns.after(current, m);
                plies.add(m);
                current = current.apply(m);
            } catch (NotationException e) {
                throw error(moveLabel() + ": " + e.getMessage() + " (line " + t.line() + ")", e);
            }
        }

        /** "move 17 black": counted on from the file's last move number, else from the start. */
        private String moveLabel() {
            int base = lastNumber > 0 ? lastNumber : 1;
            int since = plies.size() - (lastNumber > 0 ? pliesAtNumber : 0);
            boolean black = lastNumber > 0 ? blackAtNumber : start.sideToMove() == Color.BLACK;
            int n = base + (since + (black ? 1 : 0)) / 2;
            return "move " + n + " " + current.sideToMove().name().toLowerCase();
        }

        boolean isBlank() {
            return tags.isEmpty() && moveTokens == 0 && result == null;
        }

        PdnGame game() {
            String r = result != null ? result : tags.getOrDefault("Result", "*");
            return new PdnGame(tags, variant, start, plies, r);
        }

        PdnException error(String what, Throwable cause) {
            PdnGame partial = current == null ? null : game();
            String who = tags.getOrDefault("White", "?") + " - " + tags.getOrDefault("Black", "?");
            return new PdnException(number, partial, "game " + number + " (" + who + "), " + what, cause);
        }
    }
}
