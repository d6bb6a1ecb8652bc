package org.damrelay.relay.event;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.proto.DrawCount;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Player;
import org.damrelay.relay.config.BoardPairing;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.PairingsLoader;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.proto.wire.GameWire;

/**
 * Events, their games (one per board per round) and which physical board feeds which game.
 * Owned by the relay's core thread: pairing edits and board swaps replace entries in place.
 */
public final class EventDirectory {

    /** The source driver of a game notated on a phone: this prefix and the game id (relay.notation). */
    public static final String NOTATION_DRIVER_PREFIX = "notation:";

    /** A driver's physical board, as opposed to no source or a notation device. */
    public static boolean sensorSource(String sourceDriver) {
        return !sourceDriver.isEmpty() && !sourceDriver.startsWith(NOTATION_DRIVER_PREFIX);
    }

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
            for (BoardPairing b : boards) d.put(toInfo(e, b));
        }
        return d;
    }

    public static String gameId(String eventId, int round, int board) {
        return eventId + "-r" + round + "-b" + board;
    }

    /**
     * A pairing as the game's description: a setting left blank is the round's, and a blank there
     * the variant's default.
     *
     * @throws IllegalArgumentException naming the event, round and board, and what is wrong
     */
    public static GameInfo toInfo(EventConfig event, BoardPairing b) {
        String eventId = event.id();
        if (b.round() < 1 || b.board() < 1) {
            throw new IllegalArgumentException("event " + eventId + ": round and board must be >= 1 (got round "
                    + b.round() + ", board " + b.board() + ")");
        }
        EventConfig.RoundConfig r = event.round(b.round());
        GameInfo.Builder g = GameInfo.newBuilder().setGameId(gameId(eventId, b.round(), b.board())).setEventId(eventId)
                .setRound(b.round()).setBoard(b.board())
                .setWhite(player(b.white())).setBlack(player(b.black()))
                .setMatch(nz(b.match())).setStartFen(nz(b.startFen()))
                .setSourceDriver(nz(b.driver())).setSourceBoard(nz(b.sourceBoard()))
                .setSensorBoard(sensorSource(nz(b.driver())));
        try {
            GameSettings settings = GameSettings.parse(
                    or(b.variant(), r == null ? null : r.variant()),
                    or(b.drawRules(), r == null ? null : r.drawRules()),
                    or(b.agreedDrawLimit(), r == null ? null : r.agreedDrawLimit()),
                    or(b.timeControl(), r == null ? null : r.timeControl()),
                    or(b.increment(), r == null ? null : r.increment()));
            GameWire.withSettings(g, settings);
            for (String c : nz(b.startCounts()).split(",")) {
                if (c.isBlank()) continue;
                String[] kv = c.split("=", 2);
                if (kv.length != 2 || !kv[1].strip().matches("\\d+")) {
                    throw new IllegalArgumentException("start count \"" + c.strip() + "\" is not RULE=MOVES, e.g. SIXTEEN_MOVES=9");
                }
                g.addStartCounts(DrawCount.newBuilder().setRule(kv[0].strip().toUpperCase()).setCount(Integer.parseInt(kv[1].strip())));
            }
            GameWire.startGame(g.build()); // the start position and its counts must fit the rules
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("event " + eventId + " round " + b.round() + " board " + b.board() + ": " + e.getMessage(), e);
        }
        return g.build();
    }

    private static String or(String own, String round) {
        return own != null && !own.isBlank() ? own : round;
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

    /** The game each board of a driver feeds now, by board. */
    public List<GameInfo> assignments(String eventId, String driverId) {
        List<GameInfo> out = new ArrayList<>();
        for (Map.Entry<Source, String> e : bySource.entrySet()) {
            if (e.getKey().eventId().equals(eventId) && e.getKey().driver().equals(driverId)) out.add(games.get(e.getValue()));
        }
        out.sort(Comparator.comparing(GameInfo::getSourceBoard));
        return out;
    }

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
