package org.damrelay.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The one command-line entry point; each capability contributes its subcommands. */
@Command(name = "damrelay", mixinStandardHelpOptions = true, version = "damrelay 0.1.0",
        description = "Live relay of electronic draughts boards.",
        subcommands = {CommandLine.HelpCommand.class,
                PerftCommand.class,
                PdnCommand.class,
                org.damrelay.relay.cli.RelayCommand.class})
public final class Damrelay {
    public static void main(String[] args) {
        System.exit(new CommandLine(new Damrelay()).execute(args));
    }
}
