package org.damrelay.bench.screen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Squares;

/**
 * The games as one spectator on /ws sees them, message by message (docs/protocol.md): a MOVE adds
 * a ply, MOVE_REPLACED replaces the last one, MOVE_RETRACTED takes it back, an ILLEGAL_MOVE adds
 * an irregular one, as the relay's record folds them. Against the moves actually played it keeps,
 * per ply, when the screen first showed the right move, and it counts what a spectator sees
 * corrected: a shown ply replaced or taken back, above all a shown capture.
 */
public final class ScreenRecord {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What one game's screen went through. */
    public record Counts(int shown, int capturesShown, int wrongShown, int corrections, int correctionsOfCapture,
                         int illegal, int arbiterCorrections) {
        Counts plus(Counts o) {
            return new Counts(shown + o.shown, capturesShown + o.capturesShown, wrongShown + o.wrongShown,
                    corrections + o.corrections, correctionsOfCapture + o.correctionsOfCapture, illegal + o.illegal,
                    arbiterCorrections + o.arbiterCorrections);
        }
    }

    private static final class Game {
        final List<Move> played;
        /** The plies on screen; null for an irregular move's position (ILLEGAL_MOVE). */
        final List<Move> shown = new ArrayList<>();
        /** Per ply, System.nanoTime() when the screen first showed the played move there; 0: not yet. */
        final long[] firstRight;
        int shownCount, capturesShown, wrongShown, corrections, correctionsOfCapture, illegal, arbiterCorrections;

        Game(List<Move> played) {
            this.played = List.copyOf(played);
            this.firstRight = new long[played.size()];
        }

        void add(long nanos, Move m) {
            shown.add(m);
            shownCount++;
            int i = shown.size() - 1;
            if (m != null && m.isCapture()) capturesShown++;
            if (i >= played.size()) return;
            if (m != null && m.equals(played.get(i))) {
                if (firstRight[i] == 0) firstRight[i] = nanos;
            } else {
                wrongShown++;
            }
        }

        void restore(long nanos, List<Move> plies) {
            shown.clear();
            shown.addAll(plies);
            for (int i = 0; i < plies.size() && i < played.size(); i++) {
                if (played.get(i).equals(plies.get(i)) && firstRight[i] == 0) firstRight[i] = nanos;
            }
        }

        void removeLast() {
            if (shown.isEmpty()) return;
            Move gone = shown.remove(shown.size() - 1);
            corrections++;
            if (gone != null && gone.isCapture()) correctionsOfCapture++;
        }

        Counts counts() {
            return new Counts(shownCount, capturesShown, wrongShown, corrections, correctionsOfCapture, illegal, arbiterCorrections);
        }
    }

    private final Map<String, Game> games = new LinkedHashMap<>();

    /** @param played per game id, the moves played on its board in order */
    public ScreenRecord(Map<String, List<Move>> played) {
        played.forEach((id, moves) -> games.put(id, new Game(moves)));
    }

    /**
     * One text frame the spectator received at {@code nanos} (System.nanoTime()). Messages of other
     * games, subscriptions and errors change nothing; a frame that is not JSON is an IOException.
     */
    public synchronized void accept(long nanos, String text) throws IOException {
        JsonNode m = JSON.readTree(text);
        if (m == null) throw new IOException("an empty frame");
        JsonNode snapshot = m.get("snapshot");
        if (snapshot != null) {
            Game g = games.get(snapshot.path("info").path("gameId").asText());
            if (g == null) return;
            // at subscribe, or after a stall: it stands for the whole record, and is no news of its own
            List<Move> plies = new ArrayList<>();
            for (JsonNode p : snapshot.path("plies")) plies.add(move(p.get("move")));
            g.restore(nanos, plies);
            return;
        }
        JsonNode update = m.get("update");
        if (update == null) return;
        Game g = games.get(update.path("gameId").asText());
        if (g == null) return;
        if (update.has("correction")) g.arbiterCorrections++;
        JsonNode e = update.get("event");
        if (e == null) return;
        switch (e.path("type").asText()) {
            case "MOVE" -> g.add(nanos, move(e.get("move")));
            case "MOVE_REPLACED" -> {
                g.removeLast();
                g.add(nanos, move(e.get("move")));
            }
            case "MOVE_RETRACTED" -> g.removeLast();
            case "ILLEGAL_MOVE" -> {
                g.illegal++;
                g.add(nanos, null);
            }
            default -> { }
        }
    }

    /** When the screen first showed ply {@code ply} (1 = white's first) of the game as played; 0: never. */
    public synchronized long firstShown(String gameId, int ply) {
        Game g = games.get(gameId);
        return g == null || ply < 1 || ply > g.firstRight.length ? 0 : g.firstRight[ply - 1];
    }

    /** How many plies of the game the screen shows now, in the order played. */
    public synchronized int rightPlies(String gameId) {
        Game g = games.get(gameId);
        if (g == null) return 0;
        int n = 0;
        while (n < g.shown.size() && n < g.played.size() && g.played.get(n).equals(g.shown.get(n))) n++;
        return n;
    }

    public synchronized Counts counts(String gameId) {
        Game g = games.get(gameId);
        return g == null ? new Counts(0, 0, 0, 0, 0, 0, 0) : g.counts();
    }

    public synchronized Counts total() {
        Counts c = new Counts(0, 0, 0, 0, 0, 0, 0);
        for (Game g : games.values()) c = c.plus(g.counts());
        return c;
    }

    /** A MoveData as the relay writes it (proto3 JSON: empty lists left out); null when absent. */
    static Move move(JsonNode m) throws IOException {
        if (m == null || m.isNull() || !m.has("from") || !m.has("to")) return null;
        int from = m.get("from").asInt(), to = m.get("to").asInt();
        long captured = 0;
        for (JsonNode c : m.path("captured")) captured |= Squares.bit(c.asInt());
        List<Integer> path = new ArrayList<>();
        for (JsonNode p : m.path("path")) path.add(p.asInt());
        if (path.size() < 2) path = Arrays.asList(from, to);
        try {
            return new Move(from, to, captured, path);
        } catch (IllegalArgumentException bad) {
            throw new IOException("a move the relay sent does not parse: " + m + " (" + bad.getMessage() + ")");
        }
    }
}
