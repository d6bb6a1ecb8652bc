package org.damrelay.app.demo;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertSeverity;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.Ply;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.arbiter.AlertSeverities;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Pdn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's terminal and its arbiter. Once a second it reads the games from the relay and
 * shows one line per board (last move, result, the alerts that need the arbiter) between the viewer's addresses,
 * redrawn in place on a terminal; piped, it prints a line when a game ends and a summary now
 * and then. When a board has played its whole game, it enters the game's result through the
 * arbiter API, as the arbiter in the hall would, so the match score moves.
 */
final class DemoMonitor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DemoMonitor.class);
    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();
    /** Piped output: a summary this often, so a log of the terminal shows progress without scrolling a screen a second. */
    private static final long SUMMARY_EVERY_MS = 30_000;
    private static final int WIDTH = 118;

    /** One board as the terminal shows it. */
    record Row(int board, String white, String black, int plies, String lastMove, GameResult result, List<String> openAlerts) {}

    private final Demo demo;
    private final PrintWriter out;
    private final boolean terminal;
    private final List<String> footer;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "demo-monitor");
        t.setDaemon(true);
        return t;
    });
    private final Set<Integer> resultsSent = ConcurrentHashMap.newKeySet();
    private final Map<Integer, GameResult> announced = new HashMap<>();
    private int drawnLines;
    private long lastSummary;

    DemoMonitor(Demo demo, PrintWriter out, boolean terminal, List<String> footer) {
        this.demo = demo;
        this.out = out;
        this.terminal = terminal;
        this.footer = List.copyOf(footer);
    }

    void start() {
        lastSummary = System.currentTimeMillis();
        timer.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    private void tick() {
        try {
            List<Row> rows = rows(demo.relay().core()).get(5, TimeUnit.SECONDS);
            referee(rows);
            show(rows);
        } catch (Exception e) {
            log.warn("demo status: {}", e.toString());
        }
    }

    /** An alert's type as a person reads it on the terminal ("position unknown"), not its wire name. */
    static String words(EventType type) {
        return type.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The games as spectators see them, and the open alerts, read on the relay's core thread. */
    static CompletableFuture<List<Row>> rows(RelayCore core) {
        CompletableFuture<List<Row>> f = new CompletableFuture<>();
        core.execute(() -> {
            Map<String, List<String>> open = new HashMap<>();
            for (Alert a : core.book().alerts()) {
                // the terminal, like the console, counts what needs the arbiter, not the information log
                if (a.getAcknowledged() || AlertSeverities.of(a.getEvent()) != AlertSeverity.ACTION_NEEDED) continue;
                open.computeIfAbsent(a.getGameId(), k -> new ArrayList<>()).add(words(a.getEvent().getType()));
            }
            List<Row> rows = new ArrayList<>();
            for (var info : core.book().directory().games(Demo.EVENT, 1)) {
                GameRecord g = core.book().game(info.getGameId());
                if (g == null) continue;
                GameSnapshot s = g.spectatorSnapshot();
                String last = s.getPliesCount() == 0 ? "" : moveText(s.getPlies(s.getPliesCount() - 1));
                rows.add(new Row(info.getBoard(), info.getWhite().getName(), info.getBlack().getName(), s.getPliesCount(), last,
                        s.getResult(), open.getOrDefault(info.getGameId(), List.of())));
            }
            f.complete(rows);
        });
        return f;
    }

    private static String moveText(Ply p) {
        int ply = p.getPly();
        return (ply + 1) / 2 + (ply % 2 == 1 ? ". " : "... ") + (p.getNotation().isEmpty() ? "(position set)" : p.getNotation());
    }

    /** A board that played its whole game gets the game's result, entered once through POST /api/arbiter. */
    private void referee(List<Row> rows) {
        for (Row r : rows) {
            // the notated board (one past the sensor boards) has its result confirmed on the phone (DemoNotator), not here
            if (r.board() > demo.boards().size()) continue;
            DemoGames.Board b = demo.boards().get(r.board() - 1);
            if (r.result() != GameResult.RESULT_UNSPECIFIED || r.plies() < b.game().plies().size()) continue;
            GameResult result = resultOf(b.game().result());
            if (result == GameResult.RESULT_UNSPECIFIED || !resultsSent.add(r.board())) continue;
            enterResult(Demo.EVENT + "-r1-b" + r.board(), result);
        }
    }

    static GameResult resultOf(String pdn) {
        return switch (pdn == null ? "" : pdn.strip()) {
            case "2-0", "1-0" -> GameResult.WHITE_WINS;
            case "0-2", "0-1" -> GameResult.BLACK_WINS;
            case "1-1", "1/2-1/2" -> GameResult.DRAW;
            case "0-0" -> GameResult.BOTH_LOSE;
            default -> GameResult.RESULT_UNSPECIFIED;
        };
    }

    private void enterResult(String gameId, GameResult result) {
        String body;
        try {
            body = JSON.print(ArbiterRequest.newBuilder().setRequestId("demo-" + gameId)
                    .setResult(EnterResult.newBuilder().setGameId(gameId).setResult(result)).build());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + demo.port() + "/api/arbiter"))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + demo.arbiterToken())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        http.sendAsync(req, HttpResponse.BodyHandlers.ofString()).whenComplete((r, e) -> {
            if (e != null || r.statusCode() != 200) {
                log.warn("result {} for {} not entered: {}", result, gameId, e != null ? e.toString() : r.statusCode() + " " + r.body());
                resultsSent.remove(Integer.parseInt(gameId.substring(gameId.lastIndexOf('b') + 1)));
            } else {
                log.info("result {} entered for {}", Pdn.result(result), gameId);
            }
        });
    }

    /** Match points of the two teams: a board's result counts for the team of each of its players. */
    static int[] score(List<Row> rows) {
        int home = 0, away = 0;
        for (Row r : rows) {
            String p = Pdn.result(r.result());
            if (p.equals("*")) continue;
            int white = p.charAt(0) - '0', black = p.charAt(2) - '0';
            boolean homeWhite = Demo.team(r.board(), true).equals(Demo.HOME);
            home += homeWhite ? white : black;
            away += homeWhite ? black : white;
        }
        return new int[] {home, away};
    }

    static String scoreLine(List<Row> rows) {
        int[] s = score(rows);
        return Demo.HOME + " " + s[0] + " – " + s[1] + " " + Demo.AWAY;
    }

    private synchronized void show(List<Row> rows) {
        if (terminal) {
            List<String> frame = frame(rows);
            if (drawnLines > 0) out.print("\033[" + drawnLines + "A\033[J");
            frame.forEach(out::println);
            drawnLines = frame.size();
        } else {
            for (Row r : rows) {
                if (r.result() != GameResult.RESULT_UNSPECIFIED && announced.put(r.board(), r.result()) != r.result()) {
                    out.printf("board %d finished %s after %s: %s%n", r.board(), Pdn.result(r.result()), r.lastMove(), scoreLine(rows));
                }
            }
            long now = System.currentTimeMillis();
            if (now - lastSummary >= SUMMARY_EVERY_MS) {
                lastSummary = now;
                long playing = rows.stream().filter(r -> r.result() == GameResult.RESULT_UNSPECIFIED).count();
                int alerts = rows.stream().mapToInt(r -> r.openAlerts().size()).sum();
                out.printf("%s  %d of %d boards playing, %s, %d alert%s for the arbiter%n", LocalTime.now().truncatedTo(ChronoUnit.SECONDS),
                        playing, rows.size(), scoreLine(rows), alerts, alerts == 1 ? "" : "s");
            }
        }
        out.flush();
    }

    /** The status block: a heading with the score, one line per board, the addresses again. */
    List<String> frame(List<Row> rows) {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("round 1   " + scoreLine(rows) + "   " + LocalTime.now().truncatedTo(ChronoUnit.SECONDS));
        for (Row r : rows) {
            String state = r.result() != GameResult.RESULT_UNSPECIFIED ? "finished " + Pdn.result(r.result())
                    : r.plies() == 0 ? "waiting for the first move" : "playing";
            int n = r.openAlerts().size();
            String alerts = n == 0 ? "" : "  ! " + n + " for the arbiter, latest: " + r.openAlerts().get(n - 1);
            // one terminal line per board: a wrapped line would break the redraw in place
            lines.add(clip(String.format("  %2d  %-38s %-16s %s%s", r.board(), clip(r.white() + " – " + r.black(), 38), r.lastMove(), state, alerts), WIDTH));
        }
        lines.add("");
        footer.forEach(l -> lines.add(clip(l, WIDTH)));
        return lines;
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "…";
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
