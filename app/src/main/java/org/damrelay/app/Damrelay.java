package org.damrelay.app;

import org.damrelay.app.demo.DemoCommand;
import org.damrelay.app.kit.EventCommand;
import org.damrelay.driver.cli.BoardCommand;
import org.damrelay.driver.cli.CaptureDumpCommand;
import org.damrelay.driver.cli.DriverCommand;
import org.damrelay.driver.cli.ReplayCommand;
import org.damrelay.emulator.cli.EmulateCommand;
import org.damrelay.relay.cli.JournalCommand;
import org.damrelay.relay.cli.RelayCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** The one command-line entry point; each capability contributes its subcommands. */
@Command(name = "damrelay", mixinStandardHelpOptions = true, version = "damrelay 0.1.0",
        description = "Live relay of electronic draughts boards.",
        subcommands = {
                CommandLine.HelpCommand.class,
                PerftCommand.class,
                PdnCommand.class,
                BoardCommand.class,
                CaptureDumpCommand.class,
                EmulateCommand.class,
                ReplayCommand.class,
                RelayCommand.class,
                JournalCommand.class,
                DriverCommand.class,
                DemoCommand.class,
                EventCommand.class,
        })
public final class Damrelay {
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line as main runs it: a mistake in the arguments is a short error, the help only on --help. */
    public static CommandLine commandLine() {
        return new CommandLine(new Damrelay()).setParameterExceptionHandler(Damrelay::shortError);
    }

    /**
     * What was wrong in one line (picocli's message: "Missing required argument ...", "Unknown
     * option ..."), a suggestion for a misspelt one, and where the help is, instead of the whole
     * usage after which the error had scrolled away.
     */
    static int shortError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName();
        err.println(name + ": " + e.getMessage().replaceFirst("^Error: ", ""));
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + name + " --help' for its options.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
