package org.damrelay.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of the benchmark (the relay or a generator), optionally pinned to one core with
 * {@code taskset}, on the same class path as this one. Talks in lines: a command on its stdin,
 * an answer line starting {@code @@} on its stdout (anything else there is passed to the log).
 */
final class ChildJvm implements AutoCloseable {

    private final String name;
    private final Process process;
    private final BufferedReader out;
    private final PrintStream in;

    ChildJvm(String name, Integer core, List<String> jvmOptions, Class<?> main, List<String> args, Path log)
            throws IOException {
        this.name = name;
        List<String> cmd = new ArrayList<>();
        if (core != null && Pinning.tasksetAvailable()) cmd.addAll(List.of("taskset", "-c", String.valueOf(core)));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(args);
        Files.createDirectories(log.getParent());
        process = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        in = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
    }

    long pid() { return process.pid(); }

    boolean alive() { return process.isAlive(); }

    /** The next answer line (without the marker); fails when the process ends first. */
    String answer() throws IOException {
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith(GeneratorMain.REPLY)) return line.substring(GeneratorMain.REPLY.length());
        }
        throw new IOException(name + " ended without answering (exit " + exitCode() + "); see its log");
    }

    String ask(String command) throws IOException {
        in.println(command);
        return answer();
    }

    private String exitCode() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    /** Resident memory in KB from /proc/PID/status (VmRSS), or -1 where there is no /proc. */
    long rssKb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", String.valueOf(pid()), "status"))) {
                if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    @Override
    public void close() {
        in.close();  // EOF on stdin: the child stops by itself
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
