package org.damrelay.draughts.notation;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits PDN text into tokens. Real files vary: move numbers glued to moves ({@code 12.32-28}),
 * black's numbers ({@code 4...}), blanks inside a move ({@code 1- 6}, {@code 27x 7}), NAGs as
 * {@code $1} or {@code !?}, both result families. Anything else is an ERROR token that names it,
 * so the reader can report it with its game.
 */
final class PdnLexer {

    enum Kind { TAG, BAD_TAG, MOVE_NUMBER, MOVE, NAG, COMMENT, VARIATION_START, VARIATION_END, RESULT, ERROR }

    /** For a TAG, text is the name and value the (unescaped) value; otherwise value is null. */
    record Token(Kind kind, String text, String value, int line) {}

    // A result must not run on into a move such as 1-10 or 1-1x...
    private static final Pattern RESULT = Pattern.compile("(?:2-0|0-2|1-1|0-0|1-0|0-1|1/2-1/2|\u00bd-\u00bd)(?![0-9/xX:-])");
    private static final Pattern MOVE_NUMBER = Pattern.compile("[0-9]+\\.+");
    private static final Pattern MOVE = Pattern.compile("[0-9]+(?:[ \\t]*[-xX:][ \\t]*[0-9]+)+");
    private static final Pattern TAG = Pattern.compile("\\[\\s*([A-Za-z0-9_]+)\\s*\"((?:[^\"\\\\\\r\\n]|\\\\.)*)\"\\s*]");
    private static final Pattern NAG = Pattern.compile("\\$[0-9]+|[!?]+");
    private static final Pattern WORD = Pattern.compile("[^\\s\\[\\]{}();]+");

    private final String text;
    private final Matcher matcher;
    private int pos;
    private int line = 1;

    PdnLexer(String text) {
        this.text = text;
        this.matcher = RESULT.matcher(text);
    }

    /** The next token, or null at the end of the text. */
    Token next() {
        skipBlanks();
        if (pos >= text.length()) return null;
        int startLine = line;
        char c = text.charAt(pos);
        switch (c) {
            case '(' -> { pos++; return new Token(Kind.VARIATION_START, "(", null, startLine); }
            case ')' -> { pos++; return new Token(Kind.VARIATION_END, ")", null, startLine); }
            case '*' -> { pos++; return new Token(Kind.RESULT, "*", null, startLine); }
            case '{' -> {
                int end = text.indexOf('}', pos);
                if (end < 0) {
                    pos = text.length();
                    return new Token(Kind.ERROR, "comment opened on line " + startLine + " is never closed", null, startLine);
                }
                return advance(Kind.COMMENT, end + 1, startLine);
            }
            case '[' -> {
                if (matches(TAG)) {
                    String name = matcher.group(1), value = matcher.group(2).replaceAll("\\\\(.)", "$1");
                    pos = matcher.end();
                    return new Token(Kind.TAG, name, value, startLine);
                }
                int end = text.indexOf('\n', pos);
                end = end < 0 ? text.length() : end;
                return advance(Kind.BAD_TAG, "malformed tag " + text.substring(pos, end).strip(), end, startLine);
            }
            default -> { }
        }
        if (matches(RESULT)) return advance(Kind.RESULT, matcher.end(), startLine);
        if (matches(MOVE_NUMBER)) return advance(Kind.MOVE_NUMBER, matcher.end(), startLine);
        if (matches(MOVE)) return advance(Kind.MOVE, matcher.end(), startLine);
        if (matches(NAG)) return advance(Kind.NAG, matcher.end(), startLine);
        if (c == '.') { // a detached "..." after a move number
            int end = pos;
            while (end < text.length() && text.charAt(end) == '.') end++;
            pos = end;
            return next();
        }
        int end = matches(WORD) ? matcher.end() : pos + 1;
        String word = text.substring(pos, end);
        pos = end;
        return new Token(Kind.ERROR, "unexpected \"" + word + "\"", null, startLine);
    }

    private boolean matches(Pattern p) {
        matcher.usePattern(p);
        matcher.region(pos, text.length());
        return matcher.lookingAt();
    }

    private Token advance(Kind kind, int end, int startLine) {
        return advance(kind, text.substring(pos, end), end, startLine);
    }

    private Token advance(Kind kind, String tokenText, int end, int startLine) {
        for (int i = pos; i < end; i++) if (text.charAt(i) == '\n') line++;
        pos = end;
        return new Token(kind, tokenText, null, startLine);
    }

    /** Skips white space, ';' line comments and '%' escape lines (PDN 3.0 / PGN export format). */
    private void skipBlanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            boolean lineStart = pos == 0 || text.charAt(pos - 1) == '\n';
            if (c == '\n') {
                line++;
                pos++;
            } else if (Character.isWhitespace(c) || c == '\uFEFF') {
                pos++;
            } else if (c == ';' || (c == '%' && lineStart)) {
                while (pos < text.length() && text.charAt(pos) != '\n') pos++;
            } else {
                return;
            }
        }
    }
}
