package org.damrelay.bench;

import java.nio.file.Path;
import java.util.List;

/** One benchmark: the rig it needs and what it does on it, bounded in count and time. */
interface Scenario {

    /** Spectator counts are multiplied by {@code scale} (1 = the published target). */
    Rig.Setup setup(double scale, Path workDir, List<String> relayJvm);

    void run(Rig rig, BenchReport out) throws Exception;

    static int scaled(int n, double scale) {
        return Math.max(1, (int) Math.round(n * scale));
    }
}
