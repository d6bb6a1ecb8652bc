package org.damrelay.relay.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-reads the config file when its bytes change (checked every {@code periodMillis}) and hands
 * the new config on: tokens are added and revoked without a restart. It cannot fail open: a save
 * that cannot be used (a parse error, an unknown key, an empty section, a half-written or binary
 * file, one that would drop every event) keeps the last good config in force, is logged once with
 * the file and the reason and handed to {@code onRejected} (the arbiter's alert); the next good
 * save is taken as usual. Nothing a save holds stops the watcher.
 */
public final class ConfigWatcher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ConfigWatcher.class);

    private final Path file;
    private final Consumer<RelayConfig> onChange;
    private final Function<RelayConfig, String> startCheck;
    private final Consumer<String> onRejected;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "config-watch");
        t.setDaemon(true);
        return t;
    });
    /** The bytes last looked at (good or not): a change is a change of content, not of mtime alone. */
    private byte[] seen;
    private RelayConfig inForce;

    /** @param inForce the config the relay runs with now (read from {@code file} at start) */
    public ConfigWatcher(Path file, RelayConfig inForce, long periodMillis, Consumer<RelayConfig> onChange, Consumer<String> onRejected)
            throws IOException {
        this(file, inForce, periodMillis, c -> null, onChange, onRejected);
    }

    /**
     * @param startCheck what a start checks beyond reading the file (pairings, time controls, TLS files),
     *                   as one line, or null: a save the relay could not start with is refused like one that does not parse
     */
    public ConfigWatcher(Path file, RelayConfig inForce, long periodMillis, Function<RelayConfig, String> startCheck,
                         Consumer<RelayConfig> onChange, Consumer<String> onRejected) throws IOException {
        this.startCheck = startCheck;
        this.file = file;
        this.inForce = inForce;
        this.onChange = onChange;
        this.onRejected = onRejected;
        this.seen = Files.readAllBytes(file);
        timer.scheduleWithFixedDelay(this::check, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    private void check() {
        byte[] now;
        String unreadable = null;
        try {
            now = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            now = new byte[0]; // an editor that saves by delete and rename: read as empty, refused below
        } catch (IOException | RuntimeException e) {
            now = null;
            unreadable = e.toString();
        }
        if (Arrays.equals(now, seen)) return;
        seen = now;
        try {
            if (now == null) throw new IOException("cannot read it: " + unreadable);
            RelayConfig next = ConfigLoader.load(file, now);
            String problem = reloadProblem(inForce, next);
            if (problem == null) problem = startCheck.apply(next);
            if (problem != null) throw new IllegalArgumentException(problem);
            inForce = next;
            onChange.accept(next);
        } catch (Exception | StackOverflowError e) {
            // any failure, whatever threw it (a parser recursing into a file of brackets included):
            // the tokens in force stay, and the watcher keeps going
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            log.error("config {} changed but cannot be used ({}); the last good config stays in force", file, reason);
            try {
                onRejected.accept("config " + file + " cannot be used: " + reason);
            } catch (RuntimeException alertFailed) {
                log.error("the arbiter could not be told: {}", alertFailed.toString());
            }
        }
    }

    /**
     * Why a config that reads well must still not replace the one in force, or null. No event at
     * all is a save gone wrong (a truncated file, an emptied list), not a way to stop a broadcast:
     * that is a stop of the relay.
     */
    static String reloadProblem(RelayConfig inForce, RelayConfig next) {
        if (next.events() == null || next.events().isEmpty() && inForce != null && !inForce.events().isEmpty()) {
            return "events is empty; it would revoke every token";
        }
        return null;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
