package org.damrelay.driver.capture;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes every byte of a line to a capture (format: shared/spec/capture-format.md). Buffered, and
 * flushed whenever the last flush is a second old on the capture clock, so a crash loses at most
 * the last second; no fsync per record. Thread-safe.
 */
public final class CaptureWriter implements LineRecorder, Closeable {
    private static final Logger log = LoggerFactory.getLogger(CaptureWriter.class);
    public static final String HEADER = "# dgt-capture v1";
    /** The metadata key that says whether the line is a bus, and its value for one. */
    public static final String MODE = "mode", MODE_BUS = "bus";
    public static final long FLUSH_EVERY_MILLIS = 1000;
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final Writer out;
    private final Path path;
    private long lastFlushMillis;
    private long lastMillis;
    private boolean closed;
    private IOException failure;

    public CaptureWriter(Writer out) throws IOException {
        this(out, null);
    }

    private CaptureWriter(Writer out, Path path) throws IOException {
        this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out);
        this.path = path;
        this.out.write(HEADER);
        this.out.write('\n');
        this.out.flush();
    }

    /**
     * A new capture file for one session in the directory, named by the start time (UTC) and the
     * line (device name or serial number), e.g. {@code 20261121-091500-ttyACM0.dgtcap}.
     */
    public static CaptureWriter newSession(Path directory, String lineName, ZonedDateTime start) throws IOException {
        Files.createDirectories(directory);
        String base = start.withZoneSameInstant(ZoneOffset.UTC).format(FILE_TIME) + "-" + sanitize(lineName);
        Path p = directory.resolve(base + ".dgtcap");
        for (int i = 2; Files.exists(p); i++) {
            p = directory.resolve(base + "-" + i + ".dgtcap");
        }
        Writer w = Files.newBufferedWriter(p, StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        CaptureWriter cw = new CaptureWriter(w, p);
        cw.metadata("started", start.withZoneSameInstant(ZoneOffset.UTC).toString());
        cw.metadata("line", lineName);
        return cw;
    }

    static String sanitize(String name) {
        String s = name.replaceAll("^.*/", "").replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() ? "line" : s;
    }

    /** The file, when made by {@link #newSession}. */
    public Path path() {
        return path;
    }

    /** A {@code # key: value} comment, e.g. {@code board: serial 12345}. */
    /** Records the line's mode (bus or single board): a bus capture replays as a bus only with it. */
    public void mode(boolean bus) {
        metadata(MODE, bus ? MODE_BUS : "single-board");
    }

    public synchronized void metadata(String key, String value) {
        if (key.contains(":") || key.contains("\n") || value.contains("\n")) {
            throw new IllegalArgumentException("metadata key/value must be one line and the key without ':': " + key);
        }
        line("# " + key + ": " + value);
    }

    @Override public synchronized void received(long t, byte[] bytes, int offset, int length) {
        record(t, '<', bytes, offset, length);
    }

    @Override public synchronized void sent(long t, byte[] bytes) {
        record(t, '>', bytes, 0, bytes.length);
    }

    @Override public synchronized void linkUp(long t, String lineName) {
        line("# link-up: " + time(t) + " " + lineName);
    }

    @Override public synchronized void linkDown(long t, String reason) {
        line("# link-down: " + time(t) + " " + reason.replace('\n', ' '));
        flush(t);
    }

    @Override public synchronized void tick(long t) {
        if (t - lastFlushMillis >= FLUSH_EVERY_MILLIS) {
            flush(t);
        }
    }

    private void record(long t, char direction, byte[] bytes, int offset, int length) {
        if (length == 0) {
            return;
        }
        StringBuilder sb = new StringBuilder(16 + 3 * length);
        sb.append(time(t)).append(' ').append(direction);
        for (int i = offset; i < offset + length; i++) {
            sb.append(' ').append(HEX[(bytes[i] >> 4) & 0xf]).append(HEX[bytes[i] & 0xf]);
        }
        line(sb.toString());
        tick(t);
    }

    /** Times never go back in a capture, even if a caller's clock does. */
    private long time(long t) {
        lastMillis = Math.max(lastMillis, Math.max(0, t));
        return lastMillis;
    }

    private void line(String s) {
        if (closed) {
            return;
        }
        try {
            out.write(s);
            out.write('\n');
        } catch (IOException e) {
            failed(e);
        }
    }

    private void flush(long t) {
        lastFlushMillis = t;
        if (closed) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            failed(e);
        }
    }

    /** A failing disk must not stop the live line: the error is logged once and kept here. */
    private void failed(IOException e) {
        if (failure == null) {
            failure = e;
            log.error("capture {} can no longer be written; the line goes on unrecorded", path == null ? "" : path, e);
        }
    }

    /** The first write error, or null while the capture is intact. */
    public synchronized IOException failure() {
        return failure;
    }

    @Override public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            out.close();
        }
    }
}
