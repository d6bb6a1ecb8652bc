package org.damrelay.relay.http;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.util.function.Supplier;
import org.damrelay.relay.core.RelayCore;

/**
 * A WebSocket endpoint that speaks canonical JSON of one request message (/arbiter, /notate): text
 * frames only, each parsed into a request, anything else closes with 4400; the peer must say hello
 * in time; answers are printed as JSON.
 */
public abstract class JsonEndpoint<R extends Message> extends WebSocketEndpoint {

    public static final int MALFORMED = 4400, HELLO_TIMEOUT = 4408;

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final String path;
    private final Supplier<Message.Builder> requests;

    /** @param requests a new builder of the request message, e.g. {@code ArbiterRequest::newBuilder} */
    protected JsonEndpoint(RelayCore core, String kind, String path, Supplier<Message.Builder> requests) {
        super(core, kind);
        this.path = path;
        this.requests = requests;
    }

    /** A request parsed from a text frame. */
    protected abstract void requestRead(R request);

    /** Any thread. */
    protected void sendJson(Message m) {
        if (!channel.isActive()) return;
        try {
            channel.writeAndFlush(new TextWebSocketFrame(PRINTER.print(m)));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        super.handlerAdded(ctx);
        expectHello(ctx, HELLO_TIMEOUT);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void frameRead(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (!(frame instanceof TextWebSocketFrame text)) {
            close(MALFORMED, "malformed frame: " + path + " takes JSON text frames");
            return;
        }
        Message.Builder b = requests.get();
        try {
            PARSER.merge(text.text(), b);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            close(MALFORMED, "malformed frame: not JSON of " + b.getDescriptorForType().getName() + ": " + e.getMessage());
            return;
        }
        requestRead((R) b.build());
    }
}
