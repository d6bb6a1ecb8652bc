package org.damrelay.relay.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.relay.config.EngineConfig;

/**
 * A stand-in for Scan in tests: a separate process that speaks the Hub protocol (version 2) on its
 * standard input and output. Its evaluation is the material count (a man 1, a king 3) for the side
 * to move, its line the rules core's first legal move and the first answer to it, so what it says
 * can be checked. It spends the time budget it is given ({@code level move-time}), as an engine
 * in analysis does. Options (--name=value):
 * <ul>
 *   <li>name, version: what it says in {@code id}</li>
 *   <li>variants: the values of its variant parameter ("normal frisian"); "none": no variant parameter</li>
 *   <li>log: a file it appends "&lt;epoch ms&gt; &lt;position&gt;" to for each position it is given</li>
 *   <li>crash-file: when this file exists at a {@code go}, it deletes it and exits with code 3</li>
 *   <li>slow-ms: waits this long before it answers a search</li>
 *   <li>hold-file: while this file exists, it does not answer a search (a slow answer the test ends)</li>
 *   <li>hang-file: when this file exists at a {@code go}, it never answers (and ignores stop)</li>
 *   <li>garbage: "true" = says nonsense around every answer (unclosed quotes, unknown commands, scores no number)</li>
 * </ul>
 */
public final class StandInEngine {

    public static void main(String[] args) throws IOException, InterruptedException {
        Map<String, String> opt = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 2) opt.put(a.substring(2, eq), a.substring(eq + 1));
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        boolean garbage = "true".equals(opt.get("garbage"));
        long slowMs = Long.parseLong(opt.getOrDefault("slow-ms", "0"));
        String variants = opt.getOrDefault("variants", "normal");
        Variant variant = Variant.INTERNATIONAL;
        String pos = null;
        long moveTimeMs = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            HubLine l;
            try {
                l = HubLine.parse(line);
            } catch (IllegalArgumentException e) {
                out.println("error message=\"" + e.getMessage().replace('"', '\'') + "\"");
                continue;
            }
            switch (l.command()) {
                case "hub" -> {
                    out.println("id name=" + opt.getOrDefault("name", "Stand-in") + " version=" + opt.getOrDefault("version", "1.0")
                            + " author=\"damrelay tests\"");
                    if (!variants.equals("none")) out.println("param name=variant value=normal type=enum values=\"" + variants + "\"");
                    out.println("param name=tt-size value=16 type=int min=16 max=30");
                    if (garbage) out.println("param \"unclosed");
                    out.println("wait");
                }
                case "set-param" -> {
                    if ("variant".equals(l.arg("name"))) variant = "frisian".equals(l.arg("value")) ? Variant.FRISIAN : Variant.INTERNATIONAL;
                }
                case "init" -> out.println("ready");
                // an engine in analysis spends its whole time budget
                case "level" -> moveTimeMs = l.has("move-time") ? (long) (Double.parseDouble(l.arg("move-time")) * 1000) : 0;
                case "ping" -> out.println("pong");
                case "pos" -> {
                    pos = l.arg("pos");
                    String log = opt.get("log");
                    if (log != null) {
                        Files.writeString(Path.of(log), System.currentTimeMillis() + " " + variant + " " + pos + "\n", StandardCharsets.UTF_8,
                                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    }
                }
                case "go" -> {
                    if (marked(opt.get("crash-file"))) {
                        Files.deleteIfExists(Path.of(opt.get("crash-file")));
                        System.err.println("stand-in: crash file found, exiting with code 3");
                        System.exit(3);
                    }
                    if (marked(opt.get("hang-file"))) {
                        Files.deleteIfExists(Path.of(opt.get("hang-file")));
                        // never answers: reads (and ignores) whatever comes until it is killed
                        while (in.readLine() != null) { }
                        return;
                    }
                    if (slowMs + moveTimeMs > 0) Thread.sleep(slowMs + moveTimeMs);
                    // a slow answer the test controls: no answer while the hold file exists
                    while (marked(opt.get("hold-file"))) Thread.sleep(20);
                    if (garbage) {
                        out.println("info depth=1 score=lots pv=\"32-28");
                        out.println("\u0007\u0000 not a command");
                        out.println("info depth=x score=NaN");
                        out.println("bogus=1");
                        out.println("info score=12345.0");
                    }
                    Position p = position(pos);
                    List<Move> moves = variant.legalMoves(p);
                    List<String> pv = new ArrayList<>();
                    if (!moves.isEmpty()) {
                        pv.add(hub(moves.get(0)));
                        List<Move> replies = variant.legalMoves(p.apply(moves.get(0)));
                        if (!replies.isEmpty()) pv.add(hub(replies.get(0)));
                    }
                    int material = material(p, p.sideToMove()) - material(p, p.sideToMove().opposite());
                    out.println("info depth=" + pv.size() + " score=" + material + ".00 nodes=1 time=0.001 pv=\"" + String.join(" ", pv) + "\"");
                    if (garbage) out.println("done move=\"");
                    out.println("done" + (pv.isEmpty() ? "" : " move=" + pv.get(0)));
                }
                case "quit" -> {
                    return;
                }
                default -> { }
            }
        }
    }

    private static boolean marked(String file) {
        return file != null && Files.exists(Path.of(file));
    }

    private static int material(Position p, Color c) {
        return Long.bitCount(p.men(c)) + 3 * Long.bitCount(p.kings(c));
    }

    private static Position position(String hub) {
        Map<Integer, Piece> pieces = new HashMap<>();
        for (int sq = 1; sq <= 50; sq++) {
            char c = hub.charAt(sq);
            if (c == 'e') continue;
            pieces.put(sq, Piece.of(Character.toLowerCase(c) == 'w' ? Color.WHITE : Color.BLACK, Character.isUpperCase(c)));
        }
        return Position.of(pieces, hub.charAt(0) == 'W' ? Color.WHITE : Color.BLACK);
    }

    /** Hub's move format: "32-28", or from x to x every captured square. */
    private static String hub(Move m) {
        if (!m.isCapture()) return m.from() + "-" + m.to();
        StringBuilder b = new StringBuilder().append(m.from()).append('x').append(m.to());
        for (int sq : m.capturedSquares()) b.append('x').append(sq);
        return b.toString();
    }

    /**
     * An engine section that runs this stand-in with the test's own Java and class path.
     *
     * @param options "--name=value" options as above
     */
    public static EngineConfig config(double moveTimeSeconds, double answerTimeoutSeconds, String... options) {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> args = new ArrayList<>(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), StandInEngine.class.getName()));
        args.addAll(List.of(options));
        return new EngineConfig(java, args, moveTimeSeconds, 0, answerTimeoutSeconds, 2, Map.of("tt-size", "18"));
    }
}
