package org.damrelay.driver.reconstruct;

import java.nio.file.Path;
import org.damrelay.draughts.testing.SharedTree;

/**
 * Kept only because main's LivePtyReconstructionTest (committed after this branch left main) still
 * calls it: after the merge, call {@link SharedTree} there and delete this class.
 */
final class SharedCorpus {
    private SharedCorpus() {}

    static Path root() {
        return SharedTree.root();
    }
}
