package org.damrelay.relay.http;

import java.net.InetAddress;
import java.util.concurrent.CompletableFuture;

/**
 * A plain HTTP POST answered with JSON ({@code POST /api/arbiter}): the router hands over the
 * Authorization header, the body and the client's address, and writes back the answer. Declared
 * here, implemented by the service it serves, so that the router knows no service above it.
 */
public interface JsonPost {

    /** An answer: HTTP status and JSON body. */
    record Answer(int status, String json) {}

    /** @param from the client's address, for the failed-authentication limit */
    CompletableFuture<Answer> handle(String authorization, String body, InetAddress from);
}
