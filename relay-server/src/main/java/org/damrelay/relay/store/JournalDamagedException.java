package org.damrelay.relay.store;

import java.io.IOException;
import org.damrelay.records.RecordFile;

/**
 * A journal segment holds a bad record that is not a torn last write: the relay does not start
 * with records silently missing. The message names the file, the offset and the way forward.
 */
public final class JournalDamagedException extends IOException {

    private final transient RecordFile.Damage damage;

    public JournalDamagedException(RecordFile.Damage damage, int wholeRecordsBefore) {
        super("journal damaged: " + damage + " (after " + wholeRecordsBefore + " whole records of that file); the relay"
                + " does not start with acknowledged records missing. See every damaged range with `damrelay journal check "
                + damage.file().getParent() + "`; `damrelay journal repair " + damage.file().getParent()
                + "` keeps the damaged bytes aside and continues from the records before them (docs/relay.md, \"Damaged journal\")");
        this.damage = damage;
    }

    public RecordFile.Damage damage() {
        return damage;
    }
}
