package org.damrelay.app;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the damrelay command line in-process and keeps what it printed. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Damrelay.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CommandRun(code, out.toString(), err.toString());
    }

    String lastLine() {
        String[] lines = out.strip().split("\\R");
        return lines[lines.length - 1];
    }
}
