package org.damrelay.relay.store;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The relay's exclusive hold on its data directory ({@code relay.lock}, an OS file lock the kernel
 * drops when the process dies, kill -9 included): two relays appending to one journal would
 * interleave records and each replay the other's as its own. A second relay stops with one line
 * naming the holder, which the lock file's text tells (process, machine, since when).
 */
public final class DataDirLock implements AutoCloseable {

    /** The data directory is held by another relay. */
    public static final class InUse extends IOException {
        InUse(String message) {
            super(message);
        }
    }

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    public static DataDirLock acquire(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("relay.lock");
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null; // held in this very JVM (a test's second relay)
        }
        if (l == null) {
            String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
            ch.close();
            throw new InUse("data directory " + dir.toAbsolutePath() + " is in use by another relay ("
                    + (holder.isEmpty() ? "holder unknown" : holder) + "); stop it first, or give this one a --data of its own");
        }
        try {
            String me = "pid " + ProcessHandle.current().pid() + " on " + host() + " since " + Instant.now();
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(me.getBytes(StandardCharsets.UTF_8)), 0);
            ch.force(false);
        } catch (IOException e) {
            l.release();
            ch.close();
            throw e;
        }
        return new DataDirLock(ch, l);
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return ManagementFactory.getRuntimeMXBean().getName();
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the process is going: the kernel drops the lock with it
        }
    }
}
