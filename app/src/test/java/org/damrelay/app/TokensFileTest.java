package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code event new}'s tokens.txt is owner-only from its first byte: a watcher on another thread
 * looks at the file as soon as it exists, over several runs, and never finds it readable by the
 * group or others (written first and restricted after, another local user read it in 7 of 8 runs).
 */
class TokensFileTest {

    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    @TempDir Path tmp;

    @Test
    void tokensTxtIsNeverSeenReadableByOthers() throws Exception {
        CopyOnWriteArrayList<String> seen = new CopyOnWriteArrayList<>();
        for (int run = 0; run < 8; run++) {
            Path dir = tmp.resolve("ev" + run);
            Path tokens = dir.resolve("tokens.txt");
            AtomicBoolean done = new AtomicBoolean();
            Thread watcher = new Thread(() -> {
                while (!done.get()) {
                    try {
                        Set<PosixFilePermission> p = Files.getPosixFilePermissions(tokens);
                        seen.add(PosixFilePermissions.toString(p));
                        return; // its first sight is what counts
                    } catch (NoSuchFileException e) {
                        Thread.onSpinWait();
                    } catch (Exception e) {
                        seen.add("error " + e);
                        return;
                    }
                }
            });
            watcher.start();
            CommandRun r = CommandRun.of("event", "new", dir.toString(), "--boards", "2");
            done.set(true);
            watcher.join();
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(Files.size(tokens) > 0);
        }
        assertTrue(seen.size() >= 1, "the watcher saw the file: " + seen);
        for (String p : seen) {
            assertTrue(PosixFilePermissions.fromString(p).stream().noneMatch(OTHERS::contains), "first seen as " + p + ": " + seen);
        }
    }
}
