package org.damrelay.relay.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of the Hub protocol (version 2, Scan 3.1's protocol.txt): a command, then
 * {@code name=value} pairs; a value holding a blank, '=' or '"', or an empty one, is quoted; a
 * pair without "=value" is a flag (its value is empty).
 *
 * @param command the first word
 * @param args    the pairs in the order given (a flag maps to "")
 */
public record HubLine(String command, Map<String, String> args) {

    public HubLine {
        args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
    }

    public String arg(String name) {
        return args.get(name);
    }

    public boolean has(String name) {
        return args.containsKey(name);
    }

    /**
     * Reads a line; what is not Hub (nothing but blanks, a pair without a name, an unclosed quote)
     * is an {@link IllegalArgumentException} naming what is wrong.
     */
    public static HubLine parse(String line) {
        Reader r = new Reader(line);
        String command = r.word();
        if (command.isEmpty()) throw new IllegalArgumentException("no command in \"" + line + "\"");
        Map<String, String> args = new LinkedHashMap<>();
        while (r.more()) {
            String name = r.word();
            if (name.isEmpty()) throw new IllegalArgumentException("a value without a name in \"" + line + "\"");
            String value = "";
            if (r.take('=')) value = r.value(line);
            args.put(name, value);
        }
        return new HubLine(command, args);
    }

    /** The line as an engine reads it: values quoted where they must be, an empty one as a flag. */
    public String format() {
        StringBuilder b = new StringBuilder(command);
        for (Map.Entry<String, String> e : args.entrySet()) {
            b.append(' ').append(e.getKey());
            // an empty value is a flag ("go analyze")
            if (!e.getValue().isEmpty()) b.append('=').append(quoted(e.getValue()));
        }
        return b.toString();
    }

    private static String quoted(String value) {
        boolean plain = !value.isEmpty();
        for (int i = 0; i < value.length() && plain; i++) plain = isWordChar(value.charAt(i));
        return plain ? value : '"' + value + '"';
    }

    private static boolean isWordChar(char c) {
        return !Character.isWhitespace(c) && !Character.isISOControl(c) && c != '=' && c != '"';
    }

    /** A cursor over the line's characters. */
    private static final class Reader {
        private final String s;
        private int at;

        Reader(String s) {
            this.s = s;
        }

        private void blanks() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) at++;
        }

        boolean more() {
            blanks();
            return at < s.length();
        }

        String word() {
            blanks();
            int from = at;
            while (at < s.length() && isWordChar(s.charAt(at))) at++;
            return s.substring(from, at);
        }

        boolean take(char c) {
            blanks();
            if (at < s.length() && s.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        String value(String line) {
            blanks();
            if (take('"')) {
                int close = s.indexOf('"', at);
                if (close < 0) throw new IllegalArgumentException("an unclosed quote in \"" + line + "\"");
                String v = s.substring(at, close);
                at = close + 1;
                return v;
            }
            return word();
        }
    }
}
