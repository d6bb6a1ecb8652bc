package org.damrelay.driver.arbiter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.damrelay.draughts.game.MoveCount;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Variant;

/**
 * One event as one line of JSON, with the field names of arbiter-events.md: type, subtype, ply,
 * side, notation, fen, t, squares, text, article and both clocks (whiteMs, blackMs), and the running draw counts ("draw").
 */
public final class EventJson {
    private final ObjectMapper mapper = new ObjectMapper();
    private final Variant variant;

    public EventJson(Variant variant) {
        this.variant = variant;
    }

    public ObjectNode toNode(ArbiterEvent e) {
        return toNode(e, e.ply());
    }

    /** @param ply the event's ply as the record numbers it (1 = white's first move; see {@code WirePlies}) */
    public ObjectNode toNode(ArbiterEvent e, int ply) {
        ObjectNode n = mapper.createObjectNode();
        n.put("type", e.type().name());
        if (e.subtype() != null) n.put("subtype", e.subtype().name());
        n.put("ply", ply);
        if (e.side() != null) n.put("side", e.side().name().toLowerCase());
        if (e.move() != null) n.put("notation", notation(e));
        if (e.after() != null) n.put("fen", Fen.write(e.after()));
        n.put("t", e.t());
        ArrayNode squares = n.putArray("squares");
        e.squares().forEach(squares::add);
        n.put("text", e.text());
        if (!e.article().isEmpty()) n.put("article", e.article());
        if (!e.draws().isEmpty()) {
            // one object while one count runs, a list when several do (16-move and 25-move in a king ending)
            ArrayNode list = mapper.createArrayNode();
            for (MoveCount c : e.draws()) {
                list.addObject().put("rule", c.rule().name()).put("count", c.moves()).put("limit", c.limit());
            }
            n.set("draw", list.size() == 1 ? list.get(0) : list);
        }
        if (e.clock() != null) {
            n.put("whiteMs", e.clock().white().toMillis());
            n.put("blackMs", e.clock().black().toMillis());
        }
        return n;
    }

    public String toLine(ArbiterEvent e) {
        try {
            return mapper.writeValueAsString(toNode(e));
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A legal move in its position's PDN form (long only when ambiguous); an irregular one as from-to. */
    private String notation(ArbiterEvent e) {
        if (e.before() != null && variant.legalMoves(e.before()).contains(e.move())) {
            return Notation.of(e.before(), e.move(), variant);
        }
        return Notation.shortForm(e.move());
    }
}
