package org.damrelay.emulator.speaker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A pseudo-terminal pair made by socat: the host (driver) opens {@link #hostLink()}, the emulator
 * {@link #boardLink()}. Closing it ends socat, which removes both links: to the host that is a
 * pulled cable.
 */
public final class PtyPair implements AutoCloseable {
    public static final String SOCAT = "/usr/bin/socat";

    private final Process socat;
    private final Path hostLink;
    private final Path boardLink;

    private PtyPair(Process socat, Path hostLink, Path boardLink) {
        this.socat = socat;
        this.hostLink = hostLink;
        this.boardLink = boardLink;
    }

    /** Starts socat and waits (at most 5 s) until both links exist. */
    public static PtyPair open(Path hostLink) throws IOException {
        Path boardLink = hostLink.resolveSibling(hostLink.getFileName() + ".board");
        List<String> cmd = List.of(SOCAT, "-d", "-d",
                "pty,raw,echo=0,link=" + hostLink, "pty,raw,echo=0,link=" + boardLink);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!(Files.exists(hostLink) && Files.exists(boardLink))) {
            if (!p.isAlive()) throw new IOException("socat exited with " + p.exitValue() + " making " + hostLink);
            if (System.nanoTime() > deadline) {
                p.destroy();
                throw new IOException("socat did not create " + hostLink + " within 5 s");
            }
            try {
                p.waitFor(20, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                p.destroy();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while starting socat", e);
            }
        }
        return new PtyPair(p, hostLink, boardLink);
    }

    public Path hostLink() { return hostLink; }
    public Path boardLink() { return boardLink; }

    @Override
    public void close() {
        socat.destroy();
        try {
            if (!socat.waitFor(2, TimeUnit.SECONDS)) socat.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
