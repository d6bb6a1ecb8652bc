package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The digests that tell a driver's re-send from a conflicting event, kept one int per seq. */
class SourceCursorTest {

    @Test
    void everyAppliedSeqKeepsItsDigestAndSeqsNeverNotedAreUnknown() {
        SourceCursor c = new SourceCursor();
        assertEquals(0, c.digest(1), "nothing noted yet");
        // a long game's worth of seqs, from a snapshot's cursor on (seq 40 was the last one it held)
        for (long seq = 41; seq <= 5_040; seq++) {
            if (seq != 300) c.noteDigest(seq, (int) (seq * 31 + 7));
        }
        assertEquals(0, c.digest(40), "before the first noted: unknown, as before a snapshot");
        assertEquals(41 * 31 + 7, c.digest(41));
        assertEquals(4_999 * 31 + 7, c.digest(4_999));
        assertEquals(5_040 * 31 + 7, c.digest(5_040));
        assertEquals(0, c.digest(300), "a seq without a digest (a skipped one) stays unknown");
        assertEquals(0, c.digest(5_041), "not applied yet");
        assertEquals(0, c.digest(-3));
    }
}
