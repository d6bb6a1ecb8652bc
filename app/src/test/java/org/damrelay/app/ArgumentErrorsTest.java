package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A mistake in the arguments: what was wrong in one line and where the help is, not ~150 lines of usage. */
class ArgumentErrorsTest {

    private static List<String> errLines(CommandRun run) {
        return run.err().lines().toList();
    }

    @Test
    void aMissingRequiredArgumentIsOneLineAndAHint() {
        CommandRun run = CommandRun.of("emulate");
        assertEquals(2, run.exitCode());
        List<String> err = errLines(run);
        assertEquals(2, err.size(), run.err());
        assertTrue(err.get(0).startsWith("damrelay emulate: Missing required argument") && err.get(0).contains("--pdn=FILE")
                && err.get(0).contains("--scenario=FILE"), run.err());
        assertEquals("Try 'damrelay emulate --help' for its options.", err.get(1));
        assertEquals("", run.out(), "no usage printed");
    }

    @Test
    void aMissingFolderOfEventNewNamesItsCommand() {
        CommandRun run = CommandRun.of("event", "new", "--boards", "4");
        assertEquals(2, run.exitCode());
        List<String> err = errLines(run);
        assertEquals(2, err.size(), run.err());
        assertTrue(err.get(0).startsWith("damrelay event new: Missing required parameter: 'DIR'"), run.err());
        assertEquals("Try 'damrelay event new --help' for its options.", err.get(1));
    }

    @Test
    void aMisspeltOptionGetsASuggestion() {
        CommandRun run = CommandRun.of("relay", "--confg", "x.yaml");
        assertEquals(2, run.exitCode());
        List<String> err = errLines(run);
        assertTrue(err.get(0).startsWith("damrelay relay: Unknown option") && err.get(0).contains("'--confg'"), run.err());
        assertTrue(run.err().contains("--config"), "the option meant: " + run.err());
        assertTrue(err.size() <= 5, run.err());
        assertEquals("Try 'damrelay relay --help' for its options.", err.get(err.size() - 1));
    }

    @Test
    void helpIsStillTheWholeHelp() {
        CommandRun run = CommandRun.of("emulate", "--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().lines().count() > 20, run.out());
    }
}
