package org.damrelay.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The JDK's jcmd against the relay process: where its memory goes, beyond the RSS total. */
final class Jcmd {

    private static final Pattern TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$");

    private Jcmd() {}

    static String run(long pid, String... command) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(pid)));
        cmd.addAll(List.of(command));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(60, TimeUnit.SECONDS) ? out : "jcmd timed out";
        } catch (IOException e) {
            return "jcmd failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "jcmd interrupted";
        }
    }

    /**
     * Bytes of live objects (the class histogram forces a full GC first), or -1 when jcmd could
     * not tell. The histogram itself is saved to {@code saveTo}.
     */
    static long liveHeapBytes(long pid, Path saveTo) throws IOException {
        String histogram = run(pid, "GC.class_histogram");
        Files.writeString(saveTo, histogram);
        Matcher m = TOTAL.matcher(histogram);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
