package org.damrelay.relay.http;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * What {@code /health} says: UP; DEGRADED (serving, with a reason an operator should see: Redis
 * lost and an edge following its origin directly); DOWN, answered with 503 (a journal that
 * failed, an edge that cannot follow its origin at all). A relay's own part and its cluster
 * part each give one; the worse of them is the answer.
 */
public record Health(Status status, String reason) {

    public enum Status { UP, DEGRADED, DOWN }

    public static final Health UP = new Health(Status.UP, "");

    public static Health degraded(String reason) { return new Health(Status.DEGRADED, reason); }

    public static Health down(String reason) { return new Health(Status.DOWN, reason); }

    /** The worse of the two; both reasons when both are bad. */
    public Health and(Health other) {
        if (other == null || other.status == Status.UP) return this;
        if (status == Status.UP) return other;
        Status worse = status.compareTo(other.status) >= 0 ? status : other.status;
        return new Health(worse, reason + "; " + other.reason);
    }

    HttpResponseStatus httpStatus() {
        return status == Status.DOWN ? HttpResponseStatus.SERVICE_UNAVAILABLE : HttpResponseStatus.OK;
    }

    String json() {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("status", status.name());
        if (!reason.isEmpty()) o.put("reason", reason);
        return o.toString();
    }
}
