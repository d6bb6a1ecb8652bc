package org.damrelay.driver.capture;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;

/**
 * A capture file as the offline commands ({@code replay}, {@code capture-dump}) open it: the one
 * place that turns what can be wrong with the file into one line for a person and one exit code,
 * the same in every command. A bad line after good ones loses nothing before it: the capture up
 * to the damage is returned with the damage, for the command to use and then report.
 */
public final class CaptureFile {
    /** The exit code of a command whose capture cannot be used, whatever is wrong with it. */
    public static final int EXIT_BAD_CAPTURE = 2;

    private CaptureFile() {}

    /** What was read, and the damage that stopped reading (null when the whole capture was good). */
    public record Read(CaptureReader.Capture capture, CaptureFormatException damage) {}

    /** A capture that cannot be used at all: the line to print, and the exit code. */
    public static final class Fault extends Exception {
        public Fault(String message) {
            super(message, null, false, false);
        }

        public int exitCode() {
            return EXIT_BAD_CAPTURE;
        }
    }

    /**
     * Reads a capture for an offline command. Faults: no such file, a directory, no permission, an
     * empty file, not a capture (no header, binary, UTF-16), no board data in it (only a header and
     * comments, or bytes of which no board message decodes).
     */
    public static Read read(Path file) throws Fault {
        if (Files.isDirectory(file)) throw new Fault(file + " is a directory, not a capture file");
        Read read;
        try {
            // a device (/dev/zero) has size 0 too, and is not empty: it is read, and refused as no capture
            if (Files.isRegularFile(file) && Files.size(file) == 0) throw new Fault(file + " is empty: no capture in it");
            read = readUpToDamage(file);
        } catch (NoSuchFileException e) {
            throw new Fault("no such capture file: " + file);
        } catch (AccessDeniedException e) {
            throw new Fault(file + ": permission denied");
        } catch (CaptureFormatException e) {
            throw new Fault(file + ": not a dgt-capture file: " + e.getMessage());
        } catch (FileSystemException e) {
            throw new Fault(file + ": cannot read: " + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason()));
        } catch (IOException e) {
            throw new Fault(file + ": cannot read: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        requireBoardData(file, read);
        return read;
    }

    /** The message for a capture that was replayed up to a bad line: what the command did, then the damage. */
    public static String damaged(Path file, CaptureFormatException damage, String done) {
        return file + ": " + damage.getMessage() + " (" + done + ")";
    }

    private static Read readUpToDamage(Path file) throws IOException {
        try {
            return new Read(CaptureReader.read(file), null);
        } catch (CaptureFormatException bad) {
            List<String> good = new ArrayList<>();
            try (var lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                lines.limit(Math.max(0, bad.lineNumber() - 1)).forEach(good::add);
            } catch (UncheckedIOException e) {
                throw bad;
            }
            try {
                return new Read(CaptureReader.read(new StringReader(String.join("\n", good))), bad);
            } catch (CaptureFormatException none) {
                throw bad; // not even the header: nothing to use
            }
        }
    }

    /**
     * A capture with no bytes from the board, or none that decode as a board message (random hex),
     * has nothing to replay: saying so beats an empty result with exit 0. A damaged capture whose
     * good part is empty is reported as the damage.
     */
    private static void requireBoardData(Path file, Read read) throws Fault {
        long fromBoard = 0;
        int[] messages = {0};
        MessageDecoder decoder = new MessageDecoder(read.capture().bus() ? Framing.BUS : Framing.SINGLE_BOARD, (t, m) -> messages[0]++);
        for (CaptureEntry e : read.capture().entries()) {
            if (e instanceof CaptureEntry.Bytes b && b.direction() == CaptureEntry.Direction.FROM_BOARD) {
                fromBoard += b.bytes().length;
                decoder.feed(b.tMillis(), b.bytes());
            }
        }
        if (messages[0] > 0) return;
        if (read.damage() != null) throw new Fault(file + ": " + read.damage().getMessage() + "; no board data before it");
        throw new Fault("no board data in " + file + (fromBoard == 0 ? " (only a header and comments, or only what the host sent)"
                : " (" + fromBoard + " bytes from the board, none of them a board message)"));
    }
}
