package org.damrelay.relay.event;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Player;
import org.damrelay.relay.config.BoardPairing;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.PairingsLoader;
import org.damrelay.relay.config.RelayConfig;

/**
 * Events, their games (one per board per round) and which physical board feeds which game.
 * Owned by the relay's core thread: pairing edits and board swaps replace entries in place.
 */
public final class EventDirectory {

    /** A physical board: the driver that reads it and its serial or bus address. */
    public record Source(String eventId, String driver, String board) {}

    private final Map<String, EventConfig> events = new HashMap<>();
    private final Map<String, GameInfo> games = new TreeMap<>();
    private final Map<Source, String> bySource = new HashMap<>();

    public static EventDirectory from(RelayConfig config) {
        EventDirectory d = new EventDirectory();
        for (EventConfig e : config.events()) {
            d.events.put(e.id(), e);
            List<BoardPairing> boards = new ArrayList<>(e.boards());
            if (e.pairings() != null && !e.pairings().isBlank()) boards.addAll(PairingsLoader.load(config.resolve(e.pairings())));
            for (BoardPairing b : boards) d.put(toInfo(e.id(), b));
        }
        return d;
    }

    public static String gameId(String eventId, int round, int board) {
        return eventId + "-r" + round + "-b" + board;
    }

    public static GameInfo toInfo(String eventId, BoardPairing b) {
        if (b.round() < 1 || b.board() < 1) {
            throw new IllegalArgumentException("event " + eventId + ": round and board must be >= 1 (got round "
                    + b.round() + ", board " + b.board() + ")");
        }
        GameInfo.Builder g = GameInfo.newBuilder().setGameId(gameId(eventId, b.round(), b.board())).setEventId(eventId)
                .setRound(b.round()).setBoard(b.board())
                .setWhite(player(b.white())).setBlack(player(b.black()))
                .setMatch(nz(b.match())).setTimeControl(nz(b.timeControl()))
                .setVariant(b.variant() == null || b.variant().isBlank() ? "INTERNATIONAL" : b.variant().toUpperCase())
                .setDrawRules(nz(b.drawRules())).setStartFen(nz(b.startFen()))
                .setSourceDriver(nz(b.driver())).setSourceBoard(nz(b.sourceBoard()));
        return g.build();
    }

    private static Player player(BoardPairing.PlayerEntry p) {
        if (p == null) return Player.getDefaultInstance();
        return Player.newBuilder().setName(nz(p.name())).setRating(Math.max(0, p.rating())).setFedId(nz(p.fedId()))
                .setTeam(nz(p.team())).build();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** Adds or replaces a game; a board swap is a replace with another source. */
    public void put(GameInfo info) {
        GameInfo old = games.put(info.getGameId(), info);
        if (old != null) bySource.remove(new Source(old.getEventId(), old.getSourceDriver(), old.getSourceBoard()), old.getGameId());
        if (!info.getSourceDriver().isEmpty() && !info.getSourceBoard().isEmpty()) {
            // a physical board feeds one game at a time: the newest pairing wins
            bySource.put(new Source(info.getEventId(), info.getSourceDriver(), info.getSourceBoard()), info.getGameId());
        }
    }

    public EventConfig event(String id) { return events.get(id); }
    public GameInfo game(String id) { return games.get(id); }
    public List<String> eventIds() { return events.keySet().stream().sorted().toList(); }

    public Optional<String> gameFor(Source source) {
        return Optional.ofNullable(bySource.get(source));
    }

    /** The games of an event, or of one of its rounds (round 0 = all), by round then board. */
    public List<GameInfo> games(String eventId, int round) {
        List<GameInfo> out = new ArrayList<>();
        for (GameInfo g : games.values()) {
            if (g.getEventId().equals(eventId) && (round == 0 || g.getRound() == round)) out.add(g);
        }
        out.sort(Comparator.comparingInt(GameInfo::getRound).thenComparingInt(GameInfo::getBoard));
        return out;
    }

    public List<GameInfo> allGames() {
        return List.copyOf(games.values());
    }

    public int delaySeconds(GameInfo g) {
        EventConfig e = events.get(g.getEventId());
        return e == null ? 0 : e.delaySeconds(g.getRound());
    }
}
