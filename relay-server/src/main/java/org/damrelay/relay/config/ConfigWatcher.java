package org.damrelay.relay.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-reads the config file when it changes (checked every {@code periodMillis}) and hands the new
 * config on: tokens are added and revoked without a restart. A file that no longer parses is
 * logged and ignored; the config in force stays.
 */
public final class ConfigWatcher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ConfigWatcher.class);

    private final Path file;
    private final Consumer<RelayConfig> onChange;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "config-watch");
        t.setDaemon(true);
        return t;
    });
    private FileTime seen;

    public ConfigWatcher(Path file, long periodMillis, Consumer<RelayConfig> onChange) throws IOException {
        this.file = file;
        this.onChange = onChange;
        this.seen = Files.getLastModifiedTime(file);
        timer.scheduleWithFixedDelay(this::check, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    private void check() {
        try {
            FileTime now = Files.getLastModifiedTime(file);
            if (now.equals(seen)) return;
            seen = now;
            onChange.accept(ConfigLoader.load(file));
        } catch (IOException | IllegalArgumentException e) {
            log.error("config {} changed but cannot be used ({}); the tokens in force stay", file, e.getMessage());
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
