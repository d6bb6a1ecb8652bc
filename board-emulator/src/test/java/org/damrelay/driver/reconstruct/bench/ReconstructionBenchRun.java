package org.damrelay.driver.reconstruct.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Runs {@link ReconstructionBench} inside the build's reactor classpath (so the current draughts
 * module is used, not an installed one). Skipped unless -Ddamrelay.bench=true: it measures, it
 * does not test.
 */
@EnabledIfSystemProperty(named = "damrelay.bench", matches = "true")
class ReconstructionBenchRun {
    @Test
    void run() throws Exception {
        ReconstructionBench.main(new String[0]);
    }
}
