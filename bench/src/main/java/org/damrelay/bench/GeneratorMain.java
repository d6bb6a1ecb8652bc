package org.damrelay.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.damrelay.bench.load.SpectatorLoad;

/**
 * A load-generator process: holds a {@link SpectatorLoad} and obeys one-line commands from the
 * orchestrator on stdin, answering each with one line starting {@code @@} on stdout.
 *
 * <p>Arguments: host port count slowEvery inFlight game,game,... source,source,...
 */
public final class GeneratorMain {

    static final String REPLY = "@@ ";

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: GeneratorMain host port count slowEvery inFlight games sources");
            System.exit(2);
        }
        List<InetAddress> sources = new ArrayList<>();
        for (String s : args[6].split(",")) sources.add(InetAddress.getByName(s));
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        try (SpectatorLoad load = new SpectatorLoad(args[0], Integer.parseInt(args[1]), List.of(args[5].split(",")),
                Integer.parseInt(args[2]), sources, Integer.parseInt(args[3]), Integer.parseInt(args[4]))) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                String[] cmd = line.trim().split(" ");
                switch (cmd[0]) {
                    case "connect" -> {
                        // connect T: everyone (again); connect T F: more, until fraction F of them are
                        Duration timeout = Duration.ofSeconds(Long.parseLong(cmd[1]));
                        SpectatorLoad.Round r = cmd.length > 2
                                ? load.connectMore((int) Math.round(Double.parseDouble(cmd[2]) * load.size()), timeout)
                                : load.connectAll(timeout);
                        out.println(REPLY + r.ok() + " " + r.failed() + " " + r.startNanos() + " " + r.endNanos() + " "
                                + (r.firstError() == null ? "-" : r.firstError().replace(' ', '_')));
                    }
                    case "stall" -> {
                        load.stall();
                        out.println(REPLY + "ok");
                    }
                    case "reset" -> {
                        load.reset();
                        out.println(REPLY + "ok");
                    }
                    case "gc" -> {
                        // once, before the measured steps: the connections' objects leave the young generation now,
                        // not in a step's first young collection (81 ms in round 10, every spectator's moves late)
                        System.gc();
                        out.println(REPLY + "ok");
                    }
                    case "count" -> out.println(REPLY + load.updates());
                    // slow N: how many moves since the reset had a delivery over the bound here, and the N worst
                    case "slow" -> out.println(REPLY + load.slowMoves().size() + " " + load.slowMoves().encode(Integer.parseInt(cmd[1])));
                    case "window" -> {
                        SpectatorLoad.Window w = load.window();
                        out.println(REPLY + w.updates() + " " + w.closedAfterSubscribe() + " " + encode(w.latencyMicros()));
                    }
                    case "quit" -> {
                        out.println(REPLY + "bye");
                        return;
                    }
                    default -> out.println(REPLY + "error unknown command " + cmd[0]);
                }
            }
        }
    }

    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), n));
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("generator sent a histogram that does not decode", e);
        }
    }
}
