package org.damrelay.app;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.damrelay.draughts.notation.PdnException;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Replays every game of PDN files against the rules and reports what cannot be read. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Replays every game of each FILE against the rules (GameType picks the variant).",
                "Prints games and plies read per file and every illegal move or unreadable record;",
                "the exit code is 1 when anything was wrong."})
public final class PdnCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "PDN files")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int games = 0, plies = 0, problems = 0;
        for (Path file : files) {
            String text;
            try {
                text = PdnReader.decode(Files.readAllBytes(file));
            } catch (IOException e) {
                err.println(file + ": cannot read: " + e.getMessage());
                problems++;
                continue;
            }
            List<PdnException> errors = new ArrayList<>();
            List<PdnGame> read = PdnReader.parse(text, errors::add);
            int filePlies = read.stream().mapToInt(g -> g.plies().size()).sum();
            out.printf("%s: %d games, %d plies%s%n", file, read.size(), filePlies,
                    errors.isEmpty() ? "" : ", " + errors.size() + (errors.size() == 1 ? " bad game" : " bad games"));
            for (PdnException e : errors) out.println("  " + e.getMessage());
            games += read.size();
            plies += filePlies;
            problems += errors.size();
        }
        if (files.size() > 1) {
            out.printf("total: %d files, %d games, %d plies, %d problems%n", files.size(), games, plies, problems);
        }
        out.flush();
        err.flush();
        return problems == 0 ? 0 : 1;
    }
}
