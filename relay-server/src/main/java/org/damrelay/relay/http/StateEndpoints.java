package org.damrelay.relay.http;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;
import java.util.List;
import java.util.function.ToIntFunction;
import org.damrelay.proto.EventList;
import org.damrelay.proto.EventState;
import org.damrelay.proto.EventSummary;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameSummary;
import org.damrelay.proto.RoundState;
import org.damrelay.proto.RoundSummary;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Pdn;

/**
 * The read-only HTTP views of the games, as spectators see them (after the broadcast delay):
 * JSON per event, round and game (the messages of state.proto), PDN per game and per round.
 * Core thread only; null = not found (an unknown event, round or game).
 */
public final class StateEndpoints {

    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();

    private final GameBook book;
    private final ToIntFunction<GameInfo> spectators;

    /** @param spectators how many connections follow a game (its own, its round's and its event's subscribers) */
    public StateEndpoints(GameBook book, ToIntFunction<GameInfo> spectators) {
        this.book = book;
        this.spectators = spectators;
    }

    public String gameJson(String gameId) {
        GameRecord g = book.game(gameId);
        return g == null ? null : json(g.spectatorSnapshot());
    }

    public String roundJson(String eventId, int round) {
        List<GameRecord> games = round(eventId, round);
        if (games == null) return null;
        RoundState.Builder r = RoundState.newBuilder().setEventId(eventId).setRound(round);
        for (GameRecord g : games) r.addGames(g.spectatorSnapshot());
        return json(r);
    }

    /** Every event: id and name, for a viewer's start page. */
    public String eventsJson() {
        EventList.Builder list = EventList.newBuilder();
        for (String id : book.directory().eventIds()) {
            EventConfig e = book.directory().event(id);
            list.addEvents(EventSummary.newBuilder().setEventId(e.id()).setName(e.name()).setSite(e.site()).setLanguage(e.language()));
        }
        return json(list);
    }

    /** The event with its rounds' delays and dates and its games' headers (no moves). */
    public String eventJson(String eventId) {
        EventConfig e = book.directory().event(eventId);
        if (e == null) return null;
        EventState.Builder s = EventState.newBuilder().setEventId(e.id()).setName(e.name()).setSite(e.site())
                .setLanguage(e.language()).setArbiter(e.arbiter());
        for (EventConfig.RoundConfig r : e.rounds()) {
            s.addRounds(RoundSummary.newBuilder().setNumber(r.number()).setDelaySeconds(r.delaySeconds())
                    .setDate(r.date() == null ? "" : r.date()));
        }
        for (GameInfo info : book.directory().games(eventId, 0)) {
            GameRecord g = book.game(info.getGameId());
            if (g == null) continue;
            GameSnapshot snap = g.spectatorSnapshot();
            s.addGames(GameSummary.newBuilder().setInfo(snap.getInfo()).setVersion(snap.getVersion())
                    .setPlies(snap.getPliesCount()).setResult(snap.getResult()).setSpectators(spectators.applyAsInt(info))
                    .setPaused(paused(g)));
        }
        return json(s);
    }

    /** The board that feeds the game is blocked by a refused event (the arbiter's "Blocked boards"). */
    private boolean paused(GameRecord g) {
        GameInfo info = g.info();
        EventDirectory.Source src = new EventDirectory.Source(info.getEventId(), info.getSourceDriver(), info.getSourceBoard());
        // a board feeds one game at a time: the games of its earlier rounds are not held up by it
        return book.cursors().containsKey(src) && book.directory().gameFor(src).orElse("").equals(g.id()) && book.cursor(src).blocked();
    }

    public String gamePdn(String gameId) {
        GameRecord g = book.game(gameId);
        if (g == null) return null;
        return Pdn.write(g.spectatorSnapshot(), book.directory().event(g.info().getEventId()));
    }

    public String roundPdn(String eventId, int round) {
        List<GameRecord> games = round(eventId, round);
        if (games == null) return null;
        EventConfig e = book.directory().event(eventId);
        StringBuilder sb = new StringBuilder();
        for (GameRecord g : games) sb.append(Pdn.write(g.spectatorSnapshot(), e));
        return sb.toString();
    }

    /** The games of a round, or null when the event does not exist or the round has no games (a 404, not an empty answer). */
    private List<GameRecord> round(String eventId, int round) {
        if (book.directory().event(eventId) == null) return null;
        List<GameRecord> out = book.directory().games(eventId, round).stream()
                .map(info -> book.game(info.getGameId())).filter(g -> g != null).toList();
        return out.isEmpty() ? null : out;
    }

    static String json(MessageOrBuilder m) {
        try {
            return JSON.print(m);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }
}
