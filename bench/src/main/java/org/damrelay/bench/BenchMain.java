package org.damrelay.bench;

import picocli.CommandLine;

/** Entry point of the bench jar: {@code ./damrelay bench SCENARIO} runs this, not the hall's command jar. */
public final class BenchMain {
    private BenchMain() {}

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchCommand()).execute(args));
    }
}
