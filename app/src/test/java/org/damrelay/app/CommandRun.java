package org.damrelay.app;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs the damrelay command line in-process and keeps what it printed. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new Damrelay());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CommandRun(code, out.toString(), err.toString());
    }

    String lastLine() {
        String[] lines = out.strip().split("\\R");
        return lines[lines.length - 1];
    }

    /** shared/ (spec, corpus), from the surefire property or relative to the module. */
    static Path shared() {
        String prop = System.getProperty("damrelay.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "corpus"))) return Path.of(prop);
        for (String candidate : new String[] {"../../shared", "../shared"}) {
            if (Files.isDirectory(Path.of(candidate, "corpus"))) return Path.of(candidate);
        }
        throw new IllegalStateException("shared/ not found: set -Ddamrelay.shared");
    }
}
