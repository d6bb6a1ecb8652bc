package org.damrelay.relay.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.damrelay.records.RecordFile;
import org.damrelay.relay.store.JournalRepair;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code damrelay journal check|repair DIR}: a relay's journal that refuses to start, looked at and repaired. */
@Command(name = "journal", mixinStandardHelpOptions = true,
        description = {"Check or repair the relay's journal (its data directory) while the relay is stopped.",
                "check: every segment, its whole records and its damaged ranges; exit 0 when all is whole, 1 when not.",
                "repair: cut the journal at its first damage, keep the cut bytes aside under a new name, list the"
                        + " board streams whose acknowledged events were set aside (the arbiter resolves them)."})
public final class JournalCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "check|repair")
    String action;

    @Parameters(index = "1", paramLabel = "DIR", description = "the relay's data directory")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(dir)) {
            err.println("damrelay journal: " + dir + " is not a directory");
            return 2;
        }
        try {
            switch (action) {
                case "check" -> {
                    boolean whole = true;
                    for (JournalRepair.SegmentReport r : JournalRepair.check(dir)) {
                        whole &= r.whole();
                        out.println(r.file().getFileName() + ": " + r.records() + " whole records, " + r.size() + " bytes"
                                + (r.tornTail() ? ", torn tail at the end (cut by the relay at start)" : "")
                                + (r.damaged().isEmpty() ? "" : ", damaged: " + ranges(r.damaged())));
                    }
                    return whole ? 0 : 1;
                }
                case "repair" -> {
                    List<JournalRepair.Lost> lost = JournalRepair.repair(dir);
                    if (lost.isEmpty()) out.println("no damage: nothing changed");
                    for (JournalRepair.Lost l : lost) {
                        out.println("kept aside in " + l.aside() + ": " + l.records() + " records the relay no longer replays"
                                + (l.boards().isEmpty() ? "" : "; board streams to resolve: " + String.join(", ", l.boards())));
                    }
                    return 0;
                }
                default -> {
                    err.println("damrelay journal: unknown action \"" + action + "\": check or repair");
                    return 2;
                }
            }
        } catch (IOException e) {
            err.println("damrelay journal: " + e.getMessage());
            return 1;
        }
    }

    private static String ranges(List<RecordFile.Range> ranges) {
        return String.join(", ", ranges.stream().map(r -> "bytes " + r.from() + ".." + r.to()).toList());
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new JournalCommand()).execute(args));
    }
}
