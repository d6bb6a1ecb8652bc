package org.damrelay.driver.capture;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a capture strictly: the header first, then records and comments; blank lines are
 * ignored; anything else, or a time going back, is a {@link CaptureFormatException} naming the line.
 */
public final class CaptureReader {
    private static final Pattern METADATA = Pattern.compile("#\\s*([^:\\s][^:]*):\\s?(.*)");
    private static final Pattern LINK = Pattern.compile("(\\d{1,18})(?: (.*))?");
    private static final Pattern TIME = Pattern.compile("\\d{1,18}");

    private CaptureReader() {}

    /** The longest line a capture may hold: a read() of a serial line is far shorter; a longer line is no capture. */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /** A whole capture: its timed entries in order and its metadata comments (key to values, in order). */
    public record Capture(List<CaptureEntry> entries, Map<String, List<String>> metadata) {
        /** A bus line's capture: the "mode: bus" metadata the driver and the emulator write ({@link CaptureWriter#mode}). */
        public boolean bus() {
            return metadata.getOrDefault(CaptureWriter.MODE, List.of()).contains(CaptureWriter.MODE_BUS);
        }
    }

    /** Reads a capture file; bytes outside ASCII fail on the line that holds them, not before it. */
    public static Capture read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            return read(r);
        }
    }

    public static Capture read(Reader reader) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        List<CaptureEntry> entries = new ArrayList<>();
        Map<String, List<String>> metadata = new LinkedHashMap<>();
        boolean headerSeen = false;
        long last = 0;
        int n = 0;
        for (String raw; (raw = line(in, n + 1)) != null; ) {
            n++;
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            String notText = notText(line);
            if (notText != null) throw new CaptureFormatException(n, notText);
            if (line.isBlank()) {
                continue;
            }
            if (!headerSeen) {
                if (!line.strip().equals(CaptureWriter.HEADER)) {
                    throw new CaptureFormatException(n, "expected the header '" + CaptureWriter.HEADER + "' first, found '" + abbreviate(line) + "'");
                }
                headerSeen = true;
                continue;
            }
            CaptureEntry entry = line.startsWith("#") ? comment(n, line, metadata) : record(n, line);
            if (entry != null) {
                if (entry.tMillis() < last) {
                    throw new CaptureFormatException(n, "time " + entry.tMillis() + " is before the previous record's " + last + " (times must not decrease)");
                }
                last = entry.tMillis();
                entries.add(entry);
            }
        }
        if (!headerSeen) {
            throw new CaptureFormatException(Math.max(1, n), "empty capture: no '" + CaptureWriter.HEADER + "' header");
        }
        return new Capture(List.copyOf(entries), metadata);
    }

    /** One line without its end, at most {@link #MAX_LINE_CHARS} long; null at the end of the input. */
    private static String line(BufferedReader in, int n) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c; (c = in.read()) != -1; ) {
            if (c == '\n') return b.toString();
            if (b.length() == MAX_LINE_CHARS) {
                throw new CaptureFormatException(n, "longer than " + MAX_LINE_CHARS + " characters: not a capture line");
            }
            b.append((char) c);
        }
        return b.length() == 0 ? null : b.toString();
    }

    /** Why a line is not text a capture can hold (null when it is): what a binary, UTF-16 or BOM-prefixed file shows first. */
    private static String notText(String line) {
        if (line.startsWith("\u00ef\u00bb\u00bf")) return "starts with a UTF-8 byte-order mark: a capture is plain ASCII text";
        boolean comment = line.startsWith("#");
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == 0 || c == 0xfe || c == 0xff) return "not ASCII text (binary data, or a UTF-16 file?)";
            // a comment may carry a name in another script; a record is ASCII
            if ((c > 0x7e && !comment) || (c < 0x20 && c != '\t')) {
                return "not ASCII text (binary data?): byte 0x" + Integer.toHexString(c) + " at column " + (i + 1);
            }
        }
        return null;
    }

    private static CaptureEntry comment(int n, String line, Map<String, List<String>> metadata) throws CaptureFormatException {
        Matcher m = METADATA.matcher(line);
        if (!m.matches()) {
            return null;
        }
        String key = m.group(1).strip();
        String value = m.group(2);
        if (key.equals("link-up") || key.equals("link-down")) {
            Matcher l = LINK.matcher(value);
            if (!l.matches()) {
                throw new CaptureFormatException(n, key + " needs '<ms> <detail>', found '" + abbreviate(value) + "'");
            }
            return new CaptureEntry.Link(Long.parseLong(l.group(1)), key.equals("link-up"), l.group(2) == null ? "" : l.group(2));
        }
        List<String> allowed = KNOWN_VALUES.get(key);
        if (allowed != null && !allowed.contains(value.strip())) {
            // a value the replay would not understand must not be replayed as if it said the default
            throw new CaptureFormatException(n, key + " must be " + String.join(" or ", allowed) + ", found '" + abbreviate(value) + "'");
        }
        metadata.computeIfAbsent(key, k -> new ArrayList<>()).add(value.strip());
        return null;
    }

    /** Metadata whose value changes how the capture is read: only these values mean anything. */
    private static final Map<String, List<String>> KNOWN_VALUES = Map.of(
            CaptureWriter.MODE, List.of(CaptureWriter.MODE_BUS, "single-board"),
            "piece-codes", List.of("standard", "swapped"));

    private static CaptureEntry record(int n, String line) throws CaptureFormatException {
        String[] parts = line.split(" ", -1);
        if (!TIME.matcher(parts[0]).matches()) {
            throw new CaptureFormatException(n, "time '" + abbreviate(parts[0]) + "' is not a non-negative integer of milliseconds");
        }
        long t = Long.parseLong(parts[0]);
        if (parts.length < 2 || !(parts[1].equals("<") || parts[1].equals(">"))) {
            throw new CaptureFormatException(n, "direction must be '<' (board to host) or '>' (host to board), found '"
                    + (parts.length < 2 ? "" : abbreviate(parts[1])) + "'");
        }
        if (parts.length < 3) {
            throw new CaptureFormatException(n, "no bytes after the direction");
        }
        byte[] bytes = new byte[parts.length - 2];
        for (int i = 2; i < parts.length; i++) {
            String h = parts[i];
            if (h.length() != 2 || Character.digit(h.charAt(0), 16) < 0 || Character.digit(h.charAt(1), 16) < 0) {
                throw new CaptureFormatException(n, "byte " + (i - 1) + " '" + abbreviate(h)
                        + "' is not two hex digits (bytes are separated by single spaces)");
            }
            bytes[i - 2] = (byte) Integer.parseInt(h, 16);
        }
        return new CaptureEntry.Bytes(t, parts[1].equals("<") ? CaptureEntry.Direction.FROM_BOARD : CaptureEntry.Direction.TO_BOARD, bytes);
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
