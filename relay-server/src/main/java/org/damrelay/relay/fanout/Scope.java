package org.damrelay.relay.fanout;

import java.util.List;
import org.damrelay.proto.GameInfo;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;

/** What a spectator subscribed to: one game, one round of an event, or a whole event. */
public sealed interface Scope {

    record Game(String gameId) implements Scope {}

    /** {@code round} 1 and up; a whole event is {@link Event}. */
    record Round(String eventId, int round) implements Scope {}

    record Event(String eventId) implements Scope {}

    static Scope game(String gameId) { return new Game(gameId); }

    /** Round 0 means the whole event, as in the wire's Subscribe. */
    static Scope round(String eventId, int round) { return round == 0 ? new Event(eventId) : new Round(eventId, round); }

    /** The games in this scope now. Core thread (the book lives there). */
    default List<GameInfo> games(GameBook book) {
        if (this instanceof Game g) {
            GameRecord r = book.game(g.gameId());
            return r == null ? List.of() : List.of(r.info());
        }
        if (this instanceof Round r) return book.directory().games(r.eventId(), r.round());
        return book.directory().games(((Event) this).eventId(), 0);
    }

    /** The scopes an update of this game reaches: the game, its round and its event. */
    static List<Scope> reaching(GameInfo info) {
        Scope game = new Game(info.getGameId()), event = new Event(info.getEventId());
        return info.getRound() == 0 ? List.of(game, event) : List.of(game, new Round(info.getEventId(), info.getRound()), event);
    }
}
