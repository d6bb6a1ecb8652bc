package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.damrelay.driver.capture.CaptureFile;
import org.damrelay.driver.capture.CaptureReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22 item 7: over many kinds of bad capture file, {@code replay} and {@code capture-dump}
 * both answer with one line on stderr naming what is wrong, no stack trace, and the same exit
 * code ({@link CaptureFile#EXIT_BAD_CAPTURE}); where a file cannot be used at all both say the
 * very same thing. A damaged capture still gives what came before the damage.
 */
class CaptureFaultsTest {
    private static final String HEADER = "# dgt-capture v1\n";
    /** A board dump of the start position: real board data. */
    private static final String DUMP;

    static {
        StringBuilder b = new StringBuilder("86 00 67");
        for (int f = 0; f < 100; f++) {
            int row = f / 10, col = f % 10;
            boolean dark = (row + col) % 2 == 1;
            b.append(dark && row < 4 ? " 04" : dark && row > 5 ? " 01" : " 00");
        }
        DUMP = b.toString();
    }

    @TempDir Path dir;

    private Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.ISO_8859_1);
    }

    private Path file(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    private static String good() {
        return HEADER + "0 > 42\n100 < " + DUMP + "\n5000 < 8e 00 05 3f 00\n5200 < 8e 00 05 36 01\n";
    }

    /** Every kind of file that cannot be used at all, by name: both commands say the same one line. */
    private Map<String, Path> unusable() throws Exception {
        Map<String, Path> k = new LinkedHashMap<>();
        Random random = new Random(22);
        k.put("empty", file("empty.capture", ""));
        k.put("header only", file("header.capture", HEADER));
        k.put("header and comments", file("comments.capture", HEADER + "# source: test\n# just a note\n\n"));
        k.put("comments only", file("nohead.capture", "# source: test\n# a note\n"));
        byte[] binary = new byte[4096];
        random.nextBytes(binary);
        k.put("binary", file("random.capture", binary));
        k.put("UTF-16 with BOM", file("utf16.capture", good().getBytes(StandardCharsets.UTF_16)));
        k.put("UTF-16LE", file("utf16le.capture", good().getBytes(StandardCharsets.UTF_16LE)));
        k.put("UTF-8 BOM", file("bom.capture", "\u00ef\u00bb\u00bf" + good()));
        k.put("valid-hex garbage", file("garbage.capture", HEADER + garbageHex(random)));
        k.put("only host bytes", file("host.capture", HEADER + "0 > 42\n10 > 43\n20 > 41\n"));
        k.put("another version", file("v2.capture", "# dgt-capture v2\n100 < " + DUMP + "\n"));
        k.put("text before the header", file("hello.capture", "hello\n" + good()));
        k.put("a PDN file", file("game.capture", "[Event \"x\"]\n1. 32-28 19-23 *\n"));
        // a header value the replay would not understand (issue 38): not replayed as if it said the default
        k.put("mode: banana", file("banana.capture", HEADER + "# mode: banana\n" + good().substring(HEADER.length())));
        k.put("piece-codes: weird", file("weird.capture", HEADER + "# piece-codes: weird\n" + good().substring(HEADER.length())));
        k.put("a device", Path.of("/dev/zero"));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(good().getBytes(StandardCharsets.US_ASCII));
        }
        k.put("gzip", file("packed.capture", gz.toByteArray()));
        k.put("CRLF header only", file("crlf.capture", "# dgt-capture v1\r\n# note\r\n"));
        k.put("NUL bytes", file("nul.capture", "\0\0\0\0" + good()));
        k.put("huge line", file("huge.capture", HEADER + "1 < " + "00 ".repeat(CaptureReader.MAX_LINE_CHARS / 3 + 10) + "\n"));
        k.put("only a half message", file("half.capture", HEADER + "100 < 8e 00\n"));
        k.put("directory", Files.createDirectory(dir.resolve("folder.capture")));
        k.put("missing", dir.resolve("missing.capture"));
        Path notAFolder = file("plain.file", good());
        k.put("unreadable", unreadable(notAFolder));
        k.put("a bad line right after the header", file("badfirst.capture", HEADER + "100 < zz\n"));
        return k;
    }

    /** A file this process cannot read: no permission, or (as root, who may read anything) a path through a plain file. */
    private Path unreadable(Path plain) throws Exception {
        Path locked = file("locked.capture", good());
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        return Files.isReadable(locked) ? plain.resolve("inside.capture") : locked;
    }

    private static String garbageHex(Random random) {
        StringBuilder b = new StringBuilder();
        for (int line = 0; line < 300; line++) {
            b.append(100 + line * 10).append(" <");
            // bytes with the top bit clear never start a message: hex that decodes to nothing
            for (int i = 0; i < 16; i++) b.append(String.format(" %02x", random.nextInt(0x80)));
            b.append('\n');
        }
        return b.toString();
    }

    /** Bad lines after good board data, by name: what came before is used, then one line names the bad one. */
    private Map<String, Path> damaged() throws Exception {
        Map<String, Path> k = new LinkedHashMap<>();
        String g = good();
        k.put("truncated line", file("cut.capture", g + "6000 < 8e 00 05 3"));
        k.put("bad hex", file("badhex.capture", g + "6000 < 8e zz 05\n"));
        k.put("odd hex length", file("odd.capture", g + "6000 < 8e 0 05\n"));
        k.put("three-digit hex", file("three.capture", g + "6000 < 8e0 05\n"));
        k.put("wrong direction marker", file("dir.capture", g + "6000 = 8e 00 05 3f 00\n"));
        k.put("no direction", file("nodir.capture", g + "6000 8e 00 05 3f 00\n"));
        k.put("no bytes", file("nobytes.capture", g + "6000 <\n"));
        k.put("time going back", file("back.capture", g + "10 < 8e 00 05 3f 00\n"));
        k.put("negative time", file("negative.capture", g + "-5 < 8e 00 05 3f 00\n"));
        k.put("time not a number", file("nan.capture", g + "soon < 8e 00 05 3f 00\n"));
        k.put("time too long", file("long.capture", g + "12345678901234567890 < 8e\n"));
        k.put("tab separated", file("tab.capture", g + "6000\t<\t8e 00\n"));
        k.put("double spaces", file("spaces.capture", g + "6000 <  8e 00\n"));
        k.put("leading space", file("leading.capture", g + " 6000 < 8e 00\n"));
        k.put("bad link comment", file("link.capture", g + "# link-up: soon\n"));
        k.put("binary tail", file("tail.capture", g + "6000 < \u00ff\u00fe\u0001\n"));
        k.put("NUL in a record", file("nulrec.capture", g + "6000 < 8e\0 00\n"));
        return k;
    }

    private static void oneClearLine(String kind, String command, CommandRun run) {
        String err = run.err();
        assertEquals(CaptureFile.EXIT_BAD_CAPTURE, run.exitCode(), kind + ", " + command + ": " + err);
        assertEquals(1, err.strip().lines().count(), kind + ", " + command + ": one line, not " + err);
        assertTrue(err.startsWith(command + ": "), kind + ": " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat ") || run.out().contains("\tat "), kind + ": a stack trace: " + err);
        assertFalse(err.contains("Input length"), kind + ": a decoder's words, not ours: " + err);
    }

    @Test
    void aFileThatCannotBeUsedIsOneLineTheSameInBothCommands() throws Exception {
        Map<String, Path> kinds = unusable();
        for (var k : kinds.entrySet()) {
            CommandRun replay = CommandRun.of("replay", k.getValue().toString());
            CommandRun dump = CommandRun.of("capture-dump", k.getValue().toString());
            oneClearLine(k.getKey(), "replay", replay);
            oneClearLine(k.getKey(), "capture-dump", dump);
            assertEquals(replay.err().substring("replay: ".length()), dump.err().substring("capture-dump: ".length()),
                    k.getKey() + ": the same fault, the same words");
            assertTrue(replay.err().contains(k.getValue().getFileName().toString()), k.getKey() + ": names the file: " + replay.err());
            assertEquals("", replay.out(), k.getKey() + ": nothing replayed");
        }
        assertTrue(kinds.size() + damaged().size() >= 30, "kinds of bad file: " + (kinds.size() + damaged().size()));
    }

    @Test
    void whatTheFaultsSay() throws Exception {
        Map<String, Path> k = unusable();
        assertEquals("replay: no board data in " + k.get("header only") + " (only a header and comments, or only what the host sent)",
                CommandRun.of("replay", k.get("header only").toString()).err().strip());
        assertTrue(CommandRun.of("replay", k.get("valid-hex garbage").toString()).err().contains("no board data in"));
        assertTrue(CommandRun.of("capture-dump", k.get("missing").toString()).err().contains("no such capture file"));
        assertTrue(CommandRun.of("capture-dump", k.get("UTF-16 with BOM").toString()).err().contains("UTF-16"));
        assertTrue(CommandRun.of("capture-dump", k.get("directory").toString()).err().contains("directory"));
        assertTrue(CommandRun.of("capture-dump", k.get("empty").toString()).err().contains("empty"));
        assertTrue(CommandRun.of("capture-dump", k.get("UTF-8 BOM").toString()).err().contains("byte-order mark"));
    }

    @Test
    void aDamagedCaptureGivesWhatCameBeforeTheDamageAndOneLine() throws Exception {
        Map<String, Path> kinds = damaged();
        long goodLines = good().lines().count();
        for (var k : kinds.entrySet()) {
            CommandRun replay = CommandRun.of("replay", k.getValue().toString());
            CommandRun dump = CommandRun.of("capture-dump", k.getValue().toString());
            oneClearLine(k.getKey(), "replay", replay);
            oneClearLine(k.getKey(), "capture-dump", dump);
            String line = "capture line " + (goodLines + 1);
            assertTrue(replay.err().contains(line) && dump.err().contains(line), k.getKey() + ": " + replay.err() + " / " + dump.err());
            assertTrue(dump.out().contains("field 63 ."), k.getKey() + ": the field update before the damage is printed: " + dump.out());
        }
    }

    @Test
    void badHeaderValuesAndADeviceSayWhatTheyAre() throws Exception {
        Map<String, Path> k = unusable();
        assertTrue(CommandRun.of("replay", k.get("mode: banana").toString()).err().contains("mode must be bus or single-board"));
        assertTrue(CommandRun.of("replay", k.get("piece-codes: weird").toString()).err().contains("piece-codes must be standard or swapped"));
        String device = CommandRun.of("capture-dump", "/dev/zero").err();
        assertFalse(device.contains("empty"), device);
    }

    @Test
    void aGoodCaptureWithCrlfLineEndsIsNoFault() throws Exception {
        Path crlf = file("good-crlf.capture", good().replace("\n", "\r\n"));
        assertEquals(0, CommandRun.of("capture-dump", crlf.toString()).exitCode());
        assertEquals(0, CommandRun.of("replay", crlf.toString()).exitCode());
    }
}
