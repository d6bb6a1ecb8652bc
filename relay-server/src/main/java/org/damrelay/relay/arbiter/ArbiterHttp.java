package org.damrelay.relay.arbiter;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.net.InetAddress;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.http.JsonPost;

/**
 * The arbiter's requests over plain HTTP ({@code POST /api/arbiter}, bearer token): one request,
 * one answer, for scripts and tools that do not hold a WebSocket. The token decides the event.
 */
public final class ArbiterHttp implements JsonPost {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final RelayCore core;
    private final ArbiterService service;

    public ArbiterHttp(RelayCore core, ArbiterService service) {
        this.core = core;
        this.service = service;
    }

    @Override
    public CompletableFuture<Answer> handle(String authorization, String body, InetAddress from) {
        String token = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7).trim() : "";
        long now = System.currentTimeMillis();
        TokenStore.Check check = core.tokens().anyEvent(TokenStore.Kind.ARBITER, token);
        if (check instanceof TokenStore.Refused r) {
            long delay = core.authThrottle().failed(from, "POST /api/arbiter", r.reason(), now);
            Answer refused = new Answer(401, "{\"error\":{\"code\":\"UNAUTHENTICATED\",\"message\":" + quote(r.reason()) + "}}");
            // the address's penalty: the wrong token's answer waits, a right one never does
            return CompletableFuture.supplyAsync(() -> refused, CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS));
        }
        TokenStore.Identity identity = ((TokenStore.Granted) check).identity();
        ArbiterRequest.Builder b = ArbiterRequest.newBuilder();
        try {
            PARSER.merge(body, b);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            return CompletableFuture.completedFuture(new Answer(400, "{\"error\":{\"code\":\"BAD_REQUEST\",\"message\":"
                    + quote("not an ArbiterRequest: " + e.getMessage()) + "}}"));
        }
        if (b.getRequestId().isEmpty()) b.setRequestId(UUID.randomUUID().toString());
        ArbiterRequest request = b.build();
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        String eventId = identity.eventId();
        ArbiterSession once = new ArbiterSession() {
            @Override public String eventId() { return eventId; }
            @Override public String arbiter() { return identity.name(); }
            @Override public TokenStore.Identity identity() { return identity; }
            @Override public void send(ArbiterMessage m) {
                if (!m.getRequestId().equals(request.getRequestId())) return;
                try {
                    answer.complete(new Answer(m.hasError() ? 400 : 200, PRINTER.print(m)));
                } catch (InvalidProtocolBufferException e) {
                    answer.completeExceptionally(e);
                }
            }
        };
        core.execute(() -> service.handle(once, request));
        return answer;
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
