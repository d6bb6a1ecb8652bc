package org.damrelay.driver.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;

/**
 * The replay comparison (docs/reconstruction.md): with {@code -Dreplay.out=DIR}, every
 * reconstruction a test wraps with {@link #tee} also writes each event it emits, every field of
 * it, one per line to {@code DIR/<TestClass>.<testMethod>-<n>.events} (n counts the replays of one
 * test method, in order). Run the same tests before and after a change of the reconstruction and
 * {@code diff -r} the two directories: a refactoring must leave them identical, byte for byte.
 * Without the property the listener is returned as it is.
 */
public final class ReplayLog {
    private static final String DIR = System.getProperty("replay.out", "");
    private static final Map<String, Integer> SEEN = new HashMap<>();

    private ReplayLog() {}

    public static ArbiterListener tee(ArbiterListener listener) {
        if (DIR.isEmpty()) return listener;
        Path file = Path.of(DIR).resolve(nextName() + ".events");
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return e -> {
            try {
                Files.writeString(file, line(e) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
            listener.onEvent(e);
        };
    }

    /** The test method that asked (the outermost test class's frame), numbered by its replays so far. */
    private static synchronized String nextName() {
        List<StackWalker.StackFrame> frames = StackWalker.getInstance().walk(s -> s.collect(Collectors.toList()));
        String name = "unknown";
        for (StackWalker.StackFrame f : frames) {
            String cls = f.getClassName().replaceAll("\\$.*", "");
            if (cls.endsWith("Test") && !f.getMethodName().startsWith("lambda$")) {
                name = cls.substring(cls.lastIndexOf('.') + 1) + "." + f.getMethodName();
            }
        }
        int n = SEEN.merge(name, 1, Integer::sum);
        return name + "-" + String.format("%03d", n);
    }

    /** Every field of the event, in the record's order; positions as FEN. */
    public static String line(ArbiterEvent e) {
        return e.type() + "|" + e.subtype() + "|ply=" + e.ply() + "|" + e.side() + "|t=" + e.t() + "|" + e.squares()
                + "|" + e.text() + "|" + e.move() + "|" + fen(e.before()) + "|" + fen(e.after()) + "|" + e.clock()
                + "|" + e.draws() + "|" + e.article() + "|" + e.check();
    }

    private static String fen(Position p) {
        return p == null ? "-" : Fen.write(p);
    }
}
