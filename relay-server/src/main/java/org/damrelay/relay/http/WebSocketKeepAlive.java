package org.damrelay.relay.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * After an IdleStateHandler: pings a quiet connection, closes one that did not answer, answers
 * pings and swallows pongs so the handlers after it see only data frames.
 */
final class WebSocketKeepAlive extends ChannelDuplexHandler {

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent e) {
            if (e.state() == IdleState.READER_IDLE) {
                ctx.writeAndFlush(new CloseWebSocketFrame(1001, "idle: no pong")).addListener(ChannelFutureListener.CLOSE);
            } else if (e.state() == IdleState.ALL_IDLE) {
                ctx.writeAndFlush(new PingWebSocketFrame());
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof PingWebSocketFrame ping) {
            ctx.writeAndFlush(new PongWebSocketFrame(ping.content()));
            return;
        }
        if (msg instanceof PongWebSocketFrame pong) {
            pong.release();
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
