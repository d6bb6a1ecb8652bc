package org.damrelay.app.uplink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.damrelay.app.Damrelay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code damrelay driver} as a command, against the real relay. */
@Timeout(60)
class DriverCommandRunTest {

    @TempDir Path dir;

    @Test
    void aRefusedTokenEndsTheDriverWithExitCode3AndSaysWhatToCheck() throws Exception {
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start()) {
            StringWriter err = new StringWriter();
            CommandLine cl = new CommandLine(new Damrelay()).setErr(new PrintWriter(err, true));
            int code = cl.execute("driver", "--relay", relay.ingest().toString(), "--token", "not-the-token",
                    "--event", HallRelay.EVENT, "--driver-id", HallRelay.DRIVER,
                    "--port", dir.resolve("no-such-device") + "=5521",
                    "--outbox", dir.resolve("outbox").toString(), "--captures", dir.resolve("captures").toString());
            assertEquals(3, code, err.toString());
            assertTrue(err.toString().contains("4401") && err.toString().contains("--token"), err.toString());
            assertTrue(Files.isDirectory(dir.resolve("outbox")), "the outbox was opened (and is kept)");
        }
    }
}
