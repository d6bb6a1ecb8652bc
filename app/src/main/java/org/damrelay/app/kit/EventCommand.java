package org.damrelay.app.kit;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code damrelay event new DIR ...}: the organiser's kit (EventKit). */
@Command(name = "event", mixinStandardHelpOptions = true, description = "Set up an event for the relay.",
        subcommands = {EventCommand.New.class, CommandLine.HelpCommand.class})
public final class EventCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 2;
    }

    @Command(name = "new", mixinStandardHelpOptions = true,
            description = {"Writes a ready-to-edit event folder: relay.yaml (commented, token digests only), pairings.csv, "
                    + "tokens.txt (the secrets for the hall, owner-only) and README.md; then prints the line that starts its relay."})
    static final class New implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "DIR", description = "the folder to create (or an empty one)")
        Path dir;

        @Option(names = "--id", description = "the event's id in addresses and game ids, [a-z0-9_-] (default: from the folder's name)")
        String id;

        @Option(names = "--name", description = "the event's name, as spectators and the PDN see it (default: the id)")
        String name;

        @Option(names = "--site", defaultValue = "", description = "where it is played (the PDN's Site)")
        String site;

        @Option(names = "--boards", defaultValue = "10", description = "boards per round (default ${DEFAULT-VALUE})")
        int boards;

        @Option(names = "--rounds", defaultValue = "1", description = "rounds (default ${DEFAULT-VALUE})")
        int rounds;

        @Option(names = "--date", paramLabel = "YYYY-MM-DD", description = "the first round's date (the PDN's Date)")
        String date;

        @Option(names = "--drivers", defaultValue = "1", description = "hall laptops reading boards, each with its own token: hall-a, hall-b, ... (default ${DEFAULT-VALUE})")
        int drivers;

        @Option(names = "--time-control", paramLabel = "TC", defaultValue = "", description = "the PDN TimeControl tag, e.g. 5400+60 (default: clocks not checked)")
        String timeControl;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
            EventKit.Written w;
            try {
                LocalDate day = date == null ? null : LocalDate.parse(date);
                String eventId = id != null ? id : slug(dir.toAbsolutePath().normalize().getFileName());
                // the launchers say which script runs damrelay, so the start line names it by its full path
                w = EventKit.write(dir, new EventKit.Spec(eventId, name, site, boards, rounds, day, drivers, timeControl),
                        System.getenv("DAMRELAY_LAUNCHER"));
            } catch (DateTimeParseException e) {
                err.println("damrelay event new: --date " + date + " is not a date YYYY-MM-DD");
                return 2;
            } catch (IllegalArgumentException | IOException e) {
                err.println("damrelay event new: " + e.getMessage());
                return 2;
            }
            out.println("damrelay event new: wrote " + w.dir());
            out.println("  " + w.config().getFileName() + "    the relay's config: event, rounds, token digests (edit the dates and delays)");
            out.println("  " + w.pairings().getFileName() + "  players per board: names, ratings, membership numbers; sensors no for a board notated on a phone");
            out.println("  " + w.tokens().getFileName() + "    the tokens for the hall (owner-only; keep it off shared drives)");
            out.println("  " + w.readme().getFileName() + "     what next");
            out.println("start the relay (from any folder; the same line is in README.md):");
            out.println("  " + w.startLine());
            return 0;
        }

        /** The folder's name as an event id: lower case, anything else a dash. */
        static String slug(Path name) {
            String s = name == null ? "" : name.toString().toLowerCase().replaceAll("[^a-z0-9_-]+", "-").replaceAll("^-+|-+$", "");
            return s.isEmpty() ? "event" : s;
        }
    }
}
