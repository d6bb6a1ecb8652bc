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
import picocli.CommandLine;
import picocli.CommandLine.Command;

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
        System.exit(new CommandLine(new Damrelay()).execute(args));
    }
}
