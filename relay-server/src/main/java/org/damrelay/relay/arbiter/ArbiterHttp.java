package org.damrelay.relay.arbiter;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.relay.RelayCore;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.Tokens;

/**
 * The arbiter's requests over plain HTTP ({@code POST /api/arbiter}, bearer token): one request,
 * one answer, for scripts and tools that do not hold a WebSocket. The token decides the event.
 */
public final class ArbiterHttp {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    /** An answer: HTTP status and JSON body. */
    public record Answer(int status, String json) {}

    private final RelayCore core;
    private final ArbiterService service;

    public ArbiterHttp(RelayCore core, ArbiterService service) {
        this.core = core;
        this.service = service;
    }

    public CompletableFuture<Answer> handle(String authorization, String body) {
        String token = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7).trim() : "";
        Optional<EventConfig> event = core.config().events().stream()
                .filter(e -> Tokens.match(token, e.arbiterTokens()).isPresent()).findFirst();
        if (event.isEmpty()) {
            return CompletableFuture.completedFuture(new Answer(401, "{\"error\":{\"code\":\"UNAUTHENTICATED\",\"message\":\""
                    + (token.isEmpty() ? "missing token" : "unknown or revoked token") + "\"}}"));
        }
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
        String eventId = event.get().id();
        ArbiterSession once = new ArbiterSession() {
            @Override public String eventId() { return eventId; }
            @Override public String arbiter() { return "http"; }
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
