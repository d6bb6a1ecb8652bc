package org.damrelay.relay.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.damrelay.relay.config.EngineConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running engine, spoken to in the Hub protocol over its standard input and output. Its
 * lines are read by a thread of its own into a queue, so every wait here has a deadline: an
 * engine that dies or hangs becomes an {@link EngineFailure}, never a blocked caller. Used by one
 * thread at a time (the service's worker).
 */
final class EngineProcess implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EngineProcess.class);
    /** What the reader puts when the engine's output ends. */
    private static final String END = new String("end of output");
    /** Lines of nonsense in one search before the engine counts as broken. */
    private static final int MAX_GARBAGE = 100;

    /** What the engine said of itself at start: "Scan 3.1", and the variants it offers. */
    record Identity(String name, Set<String> variants) {}

    /** The engine's last word on a position: its score for the side to move (hundredths of a man), its line, its depth. */
    record Analysis(int score, List<String> pv, int depth) {}

    /** The engine does not play the variant asked for; it was stopped. */
    static final class VariantNotOffered extends Exception {
        VariantNotOffered(String message) {
            super(message);
        }
    }

    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> out = new LinkedBlockingQueue<>();
    private final EngineConfig config;
    private volatile String lastError = "";
    /** Known once the init exchange is over. */
    private Identity identity;

    private EngineProcess(Process process, EngineConfig config) {
        this.process = process;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.config = config;
    }

    Identity identity() { return identity; }

    /**
     * Starts the engine and runs the Hub init exchange for {@code variant} ("normal", "frisian"):
     * {@code hub} answered up to {@code wait} (its id and parameters), the configured parameters and
     * the variant set, {@code init} answered by {@code ready}.
     */
    static EngineProcess start(EngineConfig config, Path executable, String variant) throws EngineFailure, VariantNotOffered {
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(config.args());
        ProcessBuilder pb = new ProcessBuilder(command);
        Path dir = executable.toAbsolutePath().getParent();
        if (dir != null) pb.directory(dir.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new EngineFailure("cannot start " + executable + ": " + e.getMessage());
        }
        EngineProcess e = new EngineProcess(p, config);
        try {
            return e.init(variant);
        } catch (EngineFailure f) {
            e.close();
            throw new EngineFailure(f.getMessage() + e.lastWords());
        } catch (VariantNotOffered | RuntimeException f) {
            e.close();
            throw f;
        }
    }

    private EngineProcess init(String variant) throws EngineFailure, VariantNotOffered {
        Thread reader = new Thread(this::read, "engine-output-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        Thread errors = new Thread(this::readErrors, "engine-errors-" + process.pid());
        errors.setDaemon(true);
        errors.start();
        long timeoutMs = (long) (config.answerTimeoutSeconds() * 1000);
        send("hub");
        String name = "", version = "", current = null;
        Set<String> variants = null;
        for (HubLine l = next(deadline(timeoutMs), "its id and parameters (hub ... wait)"); !l.command().equals("wait");
             l = next(deadline(timeoutMs), "its id and parameters (hub ... wait)")) {
            if (l.command().equals("id")) {
                name = l.args().getOrDefault("name", "");
                version = l.args().getOrDefault("version", "");
            } else if (l.command().equals("param") && "variant".equals(l.arg("name"))) {
                variants = new LinkedHashSet<>(Arrays.asList(l.args().getOrDefault("values", "").trim().split("\\s+")));
                current = l.arg("value");
            }
        }
        String said = (name + " " + version).trim();
        Identity id = new Identity(said.isEmpty() ? "engine" : said, variants == null ? Set.of("normal") : Set.copyOf(variants));
        // an engine that names no variants plays international draughts only
        if (!id.variants().contains(variant)) {
            throw new VariantNotOffered(id.name() + " offers " + String.join(", ", id.variants()) + ", not " + variant);
        }
        for (Map.Entry<String, String> p : config.params().entrySet()) {
            send(new HubLine("set-param", Map.of("name", p.getKey(), "value", p.getValue())).format());
        }
        if (variants != null && !variant.equals(current)) {
            send(new HubLine("set-param", Map.of("name", "variant", "value", variant)).format());
        }
        send("init");
        waitFor("ready", deadline(timeoutMs), "ready after init");
        identity = id;
        return this;
    }

    /** Searches the position (Hub: side to move then squares 1..50) within the configured budget. */
    Analysis analyse(String position) throws EngineFailure {
        send(new HubLine("pos", Map.of("pos", position)).format());
        send(config.level());
        send("go analyze");
        long budgetMs = config.depth() > 0 ? 0 : (long) (config.moveTimeSeconds() * 1000);
        long deadline = deadline(budgetMs + (long) (config.answerTimeoutSeconds() * 1000));
        Analysis last = null;
        int garbage = 0;
        boolean stopped = false;
        while (true) {
            String raw;
            try {
                raw = nextRaw(deadline);
            } catch (EngineFailure silent) {
                if (stopped) throw silent;
                // past its budget and the grace: asked to stop; it must still say done
                send("stop");
                stopped = true;
                deadline = deadline(2000);
                continue;
            }
            HubLine l;
            try {
                l = HubLine.parse(raw);
            } catch (IllegalArgumentException e) {
                if (++garbage > MAX_GARBAGE) throw new EngineFailure("more than " + MAX_GARBAGE + " lines of nonsense in one search, e.g. " + e.getMessage());
                continue;
            }
            switch (l.command()) {
                case "info" -> {
                    Analysis a = analysis(l);
                    if (a != null) last = a;
                    else if (++garbage > MAX_GARBAGE) throw new EngineFailure("more than " + MAX_GARBAGE + " unreadable info lines in one search");
                }
                case "done" -> {
                    return last;
                }
                case "error" -> log.warn("engine {}: error {}", identity.name(), l.args().getOrDefault("message", ""));
                default -> {
                    if (++garbage > MAX_GARBAGE) throw new EngineFailure("more than " + MAX_GARBAGE + " unknown lines in one search");
                }
            }
        }
    }

    /** An info line's score, line and depth; null when its score is missing or no number of men. */
    static Analysis analysis(HubLine info) {
        String s = info.arg("score");
        if (s == null) return null;
        double men;
        try {
            men = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
        // Scan's largest scores are +/-99.xx (the game's end near); beyond is not a score
        if (!Double.isFinite(men) || Math.abs(men) >= 1000) return null;
        int depth = 0;
        try {
            depth = Math.max(0, Integer.parseInt(info.args().getOrDefault("depth", "0")));
        } catch (NumberFormatException ignored) {
            // a score without a readable depth is still a score
        }
        return new Analysis((int) Math.round(men * 100), HubBoard.line(info.arg("pv")), depth);
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                // a line that never ends is no protocol: cut, not buffered without bound
                out.add(line.length() > 64 * 1024 ? line.substring(0, 64 * 1024) : line);
            }
        } catch (IOException e) {
            // the process went: its end is told below
        }
        out.add(END);
    }

    /** Keeps the engine's last line on its error output (Scan: "unable to open file ..."), for the alert's words. */
    private void readErrors() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) lastError = line.length() > 200 ? line.substring(0, 200) : line.strip();
            }
        } catch (IOException e) {
            // the process went
        }
    }

    /** "; it said: ..." with its last error line, or nothing. */
    String lastWords() {
        String said = lastError;
        return said.isEmpty() ? "" : "; it said: " + said;
    }

    private void send(String line) throws EngineFailure {
        try {
            in.write(line);
            in.write('\n');
            in.flush();
        } catch (IOException e) {
            throw new EngineFailure(ended("would not take \"" + line + "\""));
        }
    }

    private static long deadline(long ms) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    }

    private String nextRaw(long deadline) throws EngineFailure {
        String line;
        try {
            line = out.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineFailure("interrupted");
        }
        if (line == null) throw new EngineFailure("no answer in time");
        if (line == END) {
            out.add(END);
            throw new EngineFailure(ended("stopped"));
        }
        return line;
    }

    /** The next line that reads as Hub; lines of nonsense between are skipped. */
    private HubLine next(long deadline, String awaited) throws EngineFailure {
        while (true) {
            String raw;
            try {
                raw = nextRaw(deadline);
            } catch (EngineFailure f) {
                throw new EngineFailure(f.getMessage() + " (waiting for " + awaited + ")");
            }
            try {
                return HubLine.parse(raw);
            } catch (IllegalArgumentException e) {
                log.debug("engine: not Hub: {}", e.getMessage());
            }
        }
    }

    private void waitFor(String command, long deadline, String awaited) throws EngineFailure {
        while (!next(deadline, awaited).command().equals(command)) {
            // the engine may say more before it is ready (Scan prints what it loads)
        }
    }

    /** "exited with code 3", once the process is gone; else what it did. */
    private String ended(String what) {
        try {
            if (process.waitFor(1, TimeUnit.SECONDS)) return "exited with code " + process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return what;
    }

    @Override
    public void close() {
        if (!process.isAlive()) return;
        try {
            in.write("quit\n");
            in.flush();
        } catch (IOException ignored) {
            // gone already
        }
        try {
            in.close();
            if (!process.waitFor(1, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly();
            }
        } catch (IOException ignored) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
