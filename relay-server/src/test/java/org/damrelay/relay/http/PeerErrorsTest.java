package org.damrelay.relay.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import org.damrelay.relay.metrics.RelayMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class PeerErrorsTest {

    private final RelayMetrics metrics = new RelayMetrics();
    private final Logger logger = (Logger) LoggerFactory.getLogger(PeerErrors.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void listen() {
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(logged);
    }

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                PeerErrors.caught(ctx, cause, "spectator", metrics);
            }
        });
    }

    private long at(Level level) {
        return logged.list.stream().filter(e -> e.getLevel() == level).count();
    }

    @Test
    void aPeerGoingAwayClosesQuietlyAndCounts() {
        EmbeddedChannel ch = channel();
        ch.pipeline().fireExceptionCaught(new IOException("Connection reset by peer"));
        assertFalse(ch.isOpen());
        assertEquals(1.0, metrics.peersGone("spectator"));
        assertEquals(0, at(Level.WARN) + at(Level.INFO));
    }

    @Test
    void anUnexpectedErrorIsAWarningOncePerConnectionNamingTheKind() {
        EmbeddedChannel ch = channel();
        ch.pipeline().fireExceptionCaught(new IllegalStateException("bug"));
        ch.pipeline().fireExceptionCaught(new IllegalStateException("bug again"));
        assertFalse(ch.isOpen());
        assertEquals(1, at(Level.WARN));
        ILoggingEvent warn = logged.list.get(0);
        assertTrue(warn.getFormattedMessage().startsWith("spectator "), warn.getFormattedMessage());
        assertEquals("bug", warn.getThrowableProxy().getMessage());
        assertTrue(metrics.scrape().contains("reason=\"unexpected\""));
        assertEquals(0.0, metrics.peersGone("spectator"));
    }
}
