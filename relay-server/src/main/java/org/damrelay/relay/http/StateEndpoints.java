package org.damrelay.relay.http;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.util.List;
import java.util.StringJoiner;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Pdn;

/**
 * The read-only HTTP views of the games, as spectators see them (after the broadcast delay):
 * JSON per event, round and game, PDN per game and per round. Core thread only; null = not found.
 */
public final class StateEndpoints {

    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();

    private final GameBook book;

    public StateEndpoints(GameBook book) {
        this.book = book;
    }

    public String gameJson(String gameId) {
        GameRecord g = book.game(gameId);
        return g == null ? null : json(g.spectatorSnapshot());
    }

    public String roundJson(String eventId, int round) {
        if (book.directory().event(eventId) == null) return null;
        StringJoiner j = new StringJoiner(",", "{\"eventId\":\"" + eventId + "\",\"round\":" + round + ",\"games\":[", "]}");
        for (GameInfo info : book.directory().games(eventId, round)) {
            GameRecord g = book.game(info.getGameId());
            if (g != null) j.add(json(g.spectatorSnapshot()));
        }
        return j.toString();
    }

    /** Every event: id and name, for a viewer's start page. */
    public String eventsJson() {
        StringJoiner j = new StringJoiner(",", "{\"events\":[", "]}");
        for (String id : book.directory().eventIds()) {
            EventConfig e = book.directory().event(id);
            j.add("{\"eventId\":" + quote(e.id()) + ",\"name\":" + quote(e.name()) + ",\"site\":" + quote(e.site()) + "}");
        }
        return j.toString();
    }

    /** The event with its rounds' delays and its games' headers (no moves). */
    public String eventJson(String eventId) {
        EventConfig e = book.directory().event(eventId);
        if (e == null) return null;
        StringJoiner rounds = new StringJoiner(",", "[", "]");
        for (EventConfig.RoundConfig r : e.rounds()) {
            rounds.add("{\"number\":" + r.number() + ",\"delaySeconds\":" + r.delaySeconds() + "}");
        }
        StringJoiner games = new StringJoiner(",", "[", "]");
        for (GameInfo info : book.directory().games(eventId, 0)) {
            GameRecord g = book.game(info.getGameId());
            if (g == null) continue;
            GameSnapshot s = g.spectatorSnapshot();
            games.add("{\"info\":" + json(s.getInfo()) + ",\"version\":" + s.getVersion() + ",\"plies\":"
                    + s.getPliesCount() + ",\"result\":\"" + s.getResult().name() + "\"}");
        }
        return "{\"eventId\":" + quote(e.id()) + ",\"name\":" + quote(e.name()) + ",\"site\":" + quote(e.site())
                + ",\"rounds\":" + rounds + ",\"games\":" + games + "}";
    }

    public String gamePdn(String gameId) {
        GameRecord g = book.game(gameId);
        if (g == null) return null;
        EventConfig e = book.directory().event(g.info().getEventId());
        return Pdn.write(g.spectatorSnapshot(), e == null ? "" : e.name(), e == null ? "" : e.site());
    }

    public String roundPdn(String eventId, int round) {
        EventConfig e = book.directory().event(eventId);
        if (e == null) return null;
        StringBuilder sb = new StringBuilder();
        List<GameInfo> games = book.directory().games(eventId, round);
        for (GameInfo info : games) {
            GameRecord g = book.game(info.getGameId());
            if (g != null) sb.append(Pdn.write(g.spectatorSnapshot(), e.name(), e.site()));
        }
        return sb.toString();
    }

    static String json(com.google.protobuf.MessageOrBuilder m) {
        try {
            return JSON.print(m);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
