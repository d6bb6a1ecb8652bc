package org.damrelay.bench;

/** One benchmark: the rig it needs and what it does on it, bounded in count and time. */
interface Scenario {

    /** Spectator counts are multiplied by {@code scale} (1 = the published target). */
    Rig.Setup setup(double scale, java.nio.file.Path workDir, java.util.List<String> relayJvm);

    void run(Rig rig, BenchReport out) throws Exception;

    static int scaled(int n, double scale) {
        return Math.max(1, (int) Math.round(n * scale));
    }
}
