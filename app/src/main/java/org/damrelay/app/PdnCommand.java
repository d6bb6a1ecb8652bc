package org.damrelay.app;

import picocli.CommandLine.Command;

/** Groups the PDN tools. */
@Command(name = "pdn", mixinStandardHelpOptions = true, description = "PDN file tools.",
        subcommands = {PdnCheckCommand.class})
public final class PdnCommand {
}
