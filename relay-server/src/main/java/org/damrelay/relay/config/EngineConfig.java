package org.damrelay.relay.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import java.util.Map;

/**
 * The evaluation engine spectators see beside the board (docs/engine.md): an external program that
 * speaks the Hub protocol (Scan 3.1: {@code scan hub}), run as a process of its own. An empty
 * {@code path} = no engine, no evaluation.
 *
 * @param path                 the engine's executable; relative to the config's directory. Its working directory is
 *                             the executable's (Scan reads scan.ini and data/ from there)
 * @param args                 its arguments ({@code [hub]} for Scan)
 * @param moveTimeSeconds      the budget per position in seconds (Hub {@code level move-time}), when no depth is set
 * @param depth                the budget per position as a search depth (Hub {@code level depth}); 0 = use the time
 * @param answerTimeoutSeconds how long past its budget an engine may stay silent before it counts as hung (killed, restarted)
 * @param maxBackoffSeconds    the longest wait before restarting an engine that keeps failing (1 s, 2 s, 4 s ... up to this)
 * @param params               engine parameters set before its init (Hub {@code set-param}), e.g. {@code tt-size: 22}
 */
public record EngineConfig(String path, List<String> args, double moveTimeSeconds, int depth, double answerTimeoutSeconds,
                           double maxBackoffSeconds, Map<String, String> params) {

    @JsonCreator
    public EngineConfig {
        path = path == null ? "" : path.strip();
        args = args == null ? List.of() : List.copyOf(args);
        params = params == null ? Map.of() : Map.copyOf(params);
        if (!(moveTimeSeconds > 0 && moveTimeSeconds <= 600)) {
            throw new IllegalArgumentException("engine.moveTimeSeconds must be above 0 and at most 600, not " + moveTimeSeconds);
        }
        if (depth < 0 || depth > 99) throw new IllegalArgumentException("engine.depth must be 0 (use the time) to 99, not " + depth);
        if (!(answerTimeoutSeconds >= 1 && answerTimeoutSeconds <= 3600)) {
            throw new IllegalArgumentException("engine.answerTimeoutSeconds must be 1 to 3600, not " + answerTimeoutSeconds);
        }
        if (!(maxBackoffSeconds >= 1 && maxBackoffSeconds <= 3600)) {
            throw new IllegalArgumentException("engine.maxBackoffSeconds must be 1 to 3600, not " + maxBackoffSeconds);
        }
        for (String name : params.keySet()) {
            if (name.equals("variant")) throw new IllegalArgumentException("engine.params: the relay sets \"variant\" itself, per game");
        }
    }

    /** Whether an engine is configured at all. */
    public boolean enabled() {
        return !path.isEmpty();
    }

    /** The Hub {@code level} line of the budget. */
    public String level() {
        return depth > 0 ? "level depth=" + depth : "level move-time=" + moveTimeSeconds;
    }

    /** The budget in words, for logs and docs. */
    public String budget() {
        return depth > 0 ? "depth " + depth : moveTimeSeconds + " s";
    }

    /** No engine. */
    public static final EngineConfig OFF = new EngineConfig("", List.of(), 1, 0, 30, 60, Map.of());
}
