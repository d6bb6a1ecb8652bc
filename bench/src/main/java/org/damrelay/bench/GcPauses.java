package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses in a JVM's pause log as the rig writes it ({@code -Xlog:gc,safepoint:file=...:time,uptime}):
 * collections, and other safepoints of a millisecond or more;
 * each line is written as its pause ends, with the wall clock first. Which slow move fell into
 * which pause, the server's or a generator's, is then a lookup, not an afternoon with a script.
 */
record GcPauses(String whose, List<Pause> pauses) {

    /** One pause: when it ended, how long it took, and its kind ("young", "full", "safepoint ICBufferFull"). */
    record Pause(Instant end, double millis, String kind) {
        Instant start() { return end.minusNanos((long) (millis * 1e6)); }
    }

    private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\]\\[[^\\]]*\\] GC\\(\\d+\\) Pause (\\w+) .* ([0-9.]+)ms$");
    /** A stop of every Java thread that is not a collection (those have their GC line): deoptimization, inline caches, ... */
    private static final Pattern SAFEPOINT = Pattern.compile("^\\[([^\\]]+)\\]\\[[^\\]]*\\] Safepoint \"(\\w+)\", .* Total: (\\d+) ns$");
    /** Shorter stops are the JVM's routine housekeeping, far under what a step's tail is made of. */
    private static final long SAFEPOINT_MIN_NANOS = 1_000_000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    /** The pauses in {@code log}; none when it is missing or unreadable (a diagnostic never fails a run). */
    static GcPauses read(String whose, Path log) {
        List<Pause> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(log)) {
                Matcher m = LINE.matcher(line), sp = SAFEPOINT.matcher(line);
                try {
                    if (m.matches()) {
                        out.add(new Pause(OffsetDateTime.parse(m.group(1), TIME).toInstant(), Double.parseDouble(m.group(3)),
                                m.group(2).toLowerCase(java.util.Locale.ROOT)));
                    } else if (sp.matches() && !sp.group(2).contains("Collect") && Long.parseLong(sp.group(3)) >= SAFEPOINT_MIN_NANOS) {
                        out.add(new Pause(OffsetDateTime.parse(sp.group(1), TIME).toInstant(), Long.parseLong(sp.group(3)) / 1e6,
                                "safepoint " + sp.group(2)));
                    }
                } catch (DateTimeParseException | NumberFormatException e) {
                    // a line of another shape: not a pause this reader knows
                }
            }
        } catch (IOException e) {
            return new GcPauses(whose, List.of());
        }
        return new GcPauses(whose, List.copyOf(out));
    }

    /** The pauses that overlap [from, to]. */
    List<Pause> during(Instant from, Instant to) {
        return pauses.stream().filter(p -> !p.end().isBefore(from) && !p.start().isAfter(to)).toList();
    }
}
