package org.damrelay.relay.http;

import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.config.RelayConfig;

/**
 * Every plain HTTP request: WebSocket upgrades to /ingest, /ws, /arbiter and /notate (with the origin and
 * per-address checks), health, metrics, JSON state, PDN and the viewer's static files.
 */
public final class HttpRouter extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Pattern GAME_JSON = Pattern.compile("/api/games/([a-z0-9_-]+)");
    private static final Pattern EVENT_JSON = Pattern.compile("/api/events/([a-z0-9_-]+)");
    private static final Pattern ROUND_JSON = Pattern.compile("/api/events/([a-z0-9_-]+)/rounds/(\\d+)");
    private static final Pattern GAME_PDN = Pattern.compile("/pdn/([a-z0-9_-]+)\\.pdn");
    private static final Pattern ROUND_PDN = Pattern.compile("/pdn/([a-z0-9_-]+)/round/(\\d+)\\.pdn");

    /**
     * The handlers a WebSocket path gets after its handshake. An edge relay has no ingest or arbiter
     * (null); only an origin answers its edges ({@code clusterOrigin}); {@code clusterHealth} is
     * the cluster's part of /health (null for a single relay).
     */
    public record Endpoints(Supplier<ChannelHandler> ingest, Supplier<ChannelHandler> spectator, Supplier<ChannelHandler> arbiter,
                            JsonPost arbiterHttp, ClusterOrigin clusterOrigin, Supplier<Health> clusterHealth, ChannelGroup webSockets, IdleSweeps idleSweeps,
                            ConnectionLimiter limiter, Supplier<ChannelHandler> notation, java.util.function.BooleanSupplier hasState) {

        /** Endpoints of a relay that always has its state (a single relay, an origin). */
        public Endpoints(Supplier<ChannelHandler> ingest, Supplier<ChannelHandler> spectator, Supplier<ChannelHandler> arbiter,
                         JsonPost arbiterHttp, ClusterOrigin clusterOrigin, Supplier<Health> clusterHealth, ChannelGroup webSockets,
                         IdleSweeps idleSweeps, ConnectionLimiter limiter, Supplier<ChannelHandler> notation) {
            this(ingest, spectator, arbiter, arbiterHttp, clusterOrigin, clusterHealth, webSockets, idleSweeps, limiter, notation, () -> true);
        }
    }

    private final RelayCore core;
    private final Endpoints endpoints;
    private final StaticFiles files;
    private final StateEndpoints state;
    private final CorsPolicy corsPolicy;

    public HttpRouter(RelayCore core, Endpoints endpoints, StaticFiles files, StateEndpoints state) {
        this.core = core;
        this.corsPolicy = new CorsPolicy(core.config().limits().allowedOrigins());
        this.endpoints = endpoints;
        this.files = files;
        this.state = state;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws Exception {
        if (!forwardedClientAdmitted(ctx, req)) {
            Responses.error(ctx, HttpResponseStatus.TOO_MANY_REQUESTS, "too many connections from your address");
            return;
        }
        if (!req.decoderResult().isSuccess()) {
            badRequest(ctx, "does not parse: " + req.decoderResult().cause());
            return;
        }
        String path;
        try {
            path = new QueryStringDecoder(req.uri()).path();
        } catch (IllegalArgumentException e) {
            badRequest(ctx, "its URI does not decode: " + e.getMessage());
            return;
        }
        boolean upgrade = "websocket".equalsIgnoreCase(req.headers().get(HttpHeaderNames.UPGRADE));
        if (ConnectionLimiter.forAuthenticationOnly(ctx.channel()) && !forAuthentication(req, path, upgrade)) {
            // past its address's limit or in the reserve under the total cap: kept for the hall's drivers, arbiters and /health
            if (ConnectionLimiter.inReserve(ctx.channel())) {
                Responses.error(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, "the relay is full: only drivers, arbiters and /health are served now");
            } else {
                Responses.error(ctx, HttpResponseStatus.TOO_MANY_REQUESTS,
                        "too many connections from your address: only drivers, arbiters and /health are served to it now");
            }
            return;
        }
        if (upgrade) {
            upgrade(ctx, req, path);
            return;
        }
        if (path.startsWith("/cluster/")) {
            cluster(ctx, req, path);
            return;
        }
        Responses.Cors cors = Responses.Cors.of(corsPolicy, req.headers().get(HttpHeaderNames.ORIGIN));
        if (req.method() == HttpMethod.POST && path.equals("/api/arbiter") && endpoints.arbiterHttp() == null) {
            Responses.error(ctx, HttpResponseStatus.NOT_FOUND, "this is an edge relay, for spectators: the arbiter uses the origin", cors);
            return;
        }
        if (req.method() == HttpMethod.POST && path.equals("/api/arbiter")) {
            boolean keep = HttpUtil.isKeepAlive(req);
            endpoints.arbiterHttp().handle(req.headers().get(HttpHeaderNames.AUTHORIZATION), req.content().toString(StandardCharsets.UTF_8),
                            ClientAddress.of(ctx.channel()))
                    .orTimeout(10, TimeUnit.SECONDS)
                    .whenComplete((a, err) -> {
                        if (err != null) Responses.error(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, "no answer: " + err);
                        else Responses.text(ctx, keep, HttpResponseStatus.valueOf(a.status()), "application/json", a.json(), cors);
                    });
            return;
        }
        if (req.method() != HttpMethod.GET && req.method() != HttpMethod.HEAD) {
            Responses.error(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, "only GET here (POST /api/arbiter for the arbiter)");
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        if (path.equals("/health")) {
            // a load balancer reads the status code: DOWN must not be a 200 that keeps drivers coming
            String problem = core.ingestProblem();
            Health health = problem == null ? Health.UP : Health.down(problem);
            if (endpoints.clusterHealth() != null) health = health.and(endpoints.clusterHealth().get());
            Responses.text(ctx, keepAlive, health.httpStatus(), "application/json", health.json(), cors);
            return;
        }
        if (path.equals("/api/viewer")) {
            // which relays the viewer's pages may send a token to besides this one (SecurityHeaders)
            List<String> trusted = ctx.pipeline().get(SecurityHeaders.class).trustedOrigins();
            Responses.text(ctx, keepAlive, HttpResponseStatus.OK, "application/json", "{\"trustedRelays\":["
                    + trusted.stream().map(o -> "\"" + o + "\"").collect(Collectors.joining(",")) + "]}", cors);
            return;
        }
        if (path.equals("/metrics")) {
            Responses.text(ctx, keepAlive, HttpResponseStatus.OK, "text/plain; version=0.0.4; charset=utf-8", core.metrics().scrape());
            return;
        }
        String seen = req.headers().get(HttpHeaderNames.IF_NONE_MATCH);
        Matcher m;
        if (path.equals("/api/events")) {
            fromCore(ctx, keepAlive, cors, seen, "application/json", state::eventsJson, Caching.LIVE);
        } else if ((m = ROUND_JSON.matcher(path)).matches()) {
            String e = m.group(1);
            int r = roundNumber(ctx, m.group(2));
            if (r < 0) return;
            fromCore(ctx, keepAlive, cors, seen, "application/json", () -> state.roundJson(e, r), Caching.LIVE);
        } else if ((m = EVENT_JSON.matcher(path)).matches()) {
            String e = m.group(1);
            fromCore(ctx, keepAlive, cors, seen, "application/json", () -> state.eventJson(e), Caching.LIVE);
        } else if ((m = GAME_JSON.matcher(path)).matches()) {
            String g = m.group(1);
            fromCore(ctx, keepAlive, cors, seen, "application/json", () -> state.gameJson(g), Caching.LIVE);
        } else if ((m = ROUND_PDN.matcher(path)).matches()) {
            String e = m.group(1);
            int r = roundNumber(ctx, m.group(2));
            if (r < 0) return;
            fromCore(ctx, keepAlive, cors, seen, "application/x-draughts-pdn; charset=utf-8", () -> state.roundPdn(e, r), Caching.DOWNLOAD);
        } else if ((m = GAME_PDN.matcher(path)).matches()) {
            String g = m.group(1);
            fromCore(ctx, keepAlive, cors, seen, "application/x-draughts-pdn; charset=utf-8", () -> state.gamePdn(g), Caching.DOWNLOAD);
        } else {
            StaticFiles.File f = files.find(path);
            if (f == null) Responses.error(ctx, HttpResponseStatus.NOT_FOUND, "not found: " + path, cors);
            else Responses.tagged(ctx, keepAlive, seen, f.contentType(), f.bytes(), cors, Caching.forFile(f.contentType()));
        }
    }

    /** A request that cannot be taken: a 400 and a rate-limited line, never a trace (a scan of a hall laptop's port is routine). */
    private void badRequest(ChannelHandlerContext ctx, String what) {
        PeerErrors.badRequest(ctx, what, core.metrics());
        Responses.error(ctx, HttpResponseStatus.BAD_REQUEST, "bad request: " + (what.length() > 200 ? what.substring(0, 200) : what));
    }

    /** What a connection admitted for authentication only may ask ({@link ConnectionLimiter#forAuthenticationOnly}). */
    private static boolean forAuthentication(FullHttpRequest req, String path, boolean upgrade) {
        if (upgrade) return path.equals("/ingest") || path.equals("/arbiter") || path.equals("/notate");
        return path.equals("/health") || req.method() == HttpMethod.POST && path.equals("/api/arbiter");
    }

    /**
     * An origin's answers to its edges, only with the cluster's token; computed on the origin
     * log's own thread, never the core's (an edge's resync must not stall ingest).
     */
    private void cluster(ChannelHandlerContext ctx, FullHttpRequest req, String path) {
        ClusterOrigin origin = endpoints.clusterOrigin();
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        if (origin == null) {
            Responses.error(ctx, HttpResponseStatus.NOT_FOUND, "not found: " + path + " (only an origin relay answers its edges)");
            return;
        }
        if (!origin.authorized(req.headers().get(HttpHeaderNames.AUTHORIZATION))) {
            // a guess at the cluster's credential is a failed authentication like a driver's: counted, logged, slowed per address
            long delay = core.authThrottle().failed(ClientAddress.of(ctx.channel()), "/cluster/",
                    "wrong or missing cluster.token for " + path, System.currentTimeMillis());
            Runnable refuse = () -> Responses.error(ctx, HttpResponseStatus.UNAUTHORIZED, "the cluster's token (cluster.token) is needed for " + path);
            if (delay <= 0) refuse.run();
            else ctx.executor().schedule(refuse, delay, TimeUnit.MILLISECONDS);
            return;
        }
        QueryStringDecoder q = new QueryStringDecoder(req.uri());
        byte[] body = req.method() == HttpMethod.POST ? ByteBufUtil.getBytes(req.content()) : null;
        CompletableFuture.supplyAsync(() -> {
            try {
                if (path.equals("/cluster/state") && body != null) return CompletableFuture.completedFuture(origin.state(body));
                if (path.equals("/cluster/entries") && req.method() == HttpMethod.GET) {
                    long after = Long.parseLong(param(q, "after", "")), waitMs = Long.parseLong(param(q, "waitMs", "0"));
                    if (after < 0 || waitMs < 0) throw new IllegalArgumentException("bad cluster request " + path + ": after and waitMs must be 0 or more");
                    return origin.entries(Long.parseLong(param(q, "epoch", "")), after, waitMs);
                }
                return CompletableFuture.<byte[]>completedFuture(null);
            } catch (InvalidProtocolBufferException | NumberFormatException e) {
                throw new IllegalArgumentException("bad cluster request " + path + ": " + e.getMessage());
            }
        }, origin.executor()).thenCompose(f -> f).whenComplete((answer, err) -> {
            Throwable cause = err instanceof CompletionException ? err.getCause() : err;
            if (cause instanceof IllegalArgumentException bad) Responses.error(ctx, HttpResponseStatus.BAD_REQUEST, bad.getMessage());
            else if (cause != null) Responses.error(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, "cluster answer failed: " + cause);
            else if (answer == null) Responses.error(ctx, HttpResponseStatus.NOT_FOUND, "not found: " + req.method() + " " + path);
            else Responses.send(ctx, keepAlive, HttpResponseStatus.OK, "application/x-protobuf", answer);
        });
    }

    private static String param(QueryStringDecoder q, String name, String otherwise) {
        return q.parameters().getOrDefault(name, List.of(otherwise)).get(0);
    }

    /** A round number from the URL, or -1 after answering 400 (it does not fit: no such round, and no stack trace either). */
    private static int roundNumber(ChannelHandlerContext ctx, String digits) {
        if (digits.length() > 9) {
            Responses.error(ctx, HttpResponseStatus.BAD_REQUEST, "round number " + digits + " out of range");
            return -1;
        }
        return Integer.parseInt(digits);
    }

    /**
     * Behind a trusted reverse proxy the client is the last address its X-Forwarded-For names
     * (the one the proxy itself appended): that address is counted and limited, and is the one
     * the authentication limit sees. From any other peer the header is ignored.
     */
    private boolean forwardedClientAdmitted(ChannelHandlerContext ctx, FullHttpRequest req) {
        ConnectionLimiter limiter = endpoints.limiter();
        if (!limiter.trusted(ClientAddress.peer(ctx.channel()))) return true;
        String xff = req.headers().get("X-Forwarded-For");
        if (xff == null || xff.isBlank()) return true;
        String[] hops = xff.split(",");
        // an address literal only: a name here would cost a DNS lookup on the event loop
        InetAddress client = NetUtil.createInetAddressFromIpAddressString(hops[hops.length - 1].strip());
        if (client == null) return true; // counted as the proxy, which is not limited
        ctx.channel().attr(ClientAddress.FORWARDED).set(client);
        return limiter.admitForwarded(ctx.channel(), client);
    }

    /** State lives on the core thread: compute there, write from there (Netty hands the write to the channel's loop). */
    private void fromCore(ChannelHandlerContext ctx, boolean keepAlive, Responses.Cors cors, String ifNoneMatch, String type,
                          Supplier<String> body, Caching caching) {
        core.execute(() -> {
            String s = body.get();
            if (s == null) Responses.error(ctx, HttpResponseStatus.NOT_FOUND, "no such event, round or game", cors);
            else Responses.tagged(ctx, keepAlive, ifNoneMatch, type, s, cors, caching);
        });
    }

    private void upgrade(ChannelHandlerContext ctx, FullHttpRequest req, String path) {
        Supplier<ChannelHandler> handler = switch (path) {
            case "/ingest" -> endpoints.ingest();
            case "/ws" -> endpoints.spectator();
            case "/arbiter" -> endpoints.arbiter();
            case "/notate" -> endpoints.notation();
            default -> null;
        };
        if (handler == null) {
            // an edge relay has /ws only: drivers and the arbiter belong to the origin
            Responses.error(ctx, HttpResponseStatus.NOT_FOUND, "no WebSocket endpoint at " + path);
            return;
        }
        if (!endpoints.hasState().getAsBoolean()) {
            // an edge that has not had the origin's state yet would show an empty game, or tell a
            // returning spectator that moves it holds were lost: it asks the page to come back instead
            Responses.error(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, "starting: no state from the origin yet, try again shortly");
            return;
        }
        RelayConfig.Limits limits = core.config().limits();
        List<String> origins = limits.allowedOrigins();
        String origin = req.headers().get(HttpHeaderNames.ORIGIN);
        if (!path.equals("/ingest") && origins != null && !origins.isEmpty() && (origin == null || !origins.contains(origin))) {
            Responses.error(ctx, HttpResponseStatus.FORBIDDEN, "origin " + origin + " not allowed");
            return;
        }
        String scheme = ctx.pipeline().get("tls") != null ? "wss://" : "ws://";
        WebSocketServerHandshakerFactory factory = new WebSocketServerHandshakerFactory(
                scheme + req.headers().get(HttpHeaderNames.HOST) + path, null, false, limits.maxFrameBytes());
        WebSocketServerHandshaker handshaker = factory.newHandshaker(req);
        if (handshaker == null) {
            WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(ctx.channel());
            return;
        }
        String key = req.headers().get(HttpHeaderNames.SEC_WEBSOCKET_KEY);
        if (key == null || key.isBlank() || req.method() != HttpMethod.GET) {
            badRequest(ctx, "a WebSocket upgrade to " + path + " without " + (key == null || key.isBlank() ? "Sec-WebSocket-Key" : "GET"));
            return;
        }
        ChannelPipeline p = ctx.pipeline();
        // answers to pipelined requests wait in order for the one before; a WebSocket has no such answers
        if (p.get(InOrder.NAME) != null) p.remove(InOrder.NAME);
        p.addLast("keepalive", new WebSocketKeepAlive(endpoints.idleSweeps()));
        // a message split over frames (FIN=0 and continuations, RFC 6455 5.4) is one message, up to the frame limit
        p.addLast("fragments", new WebSocketFrameAggregator(limits.maxFrameBytes()));
        p.addLast("endpoint", handler.get());
        io.netty.channel.ChannelFuture shaken;
        try {
            shaken = handshaker.handshake(ctx.channel(), req);
        } catch (io.netty.handler.codec.http.websocketx.WebSocketHandshakeException e) {
            for (String name : List.of("keepalive", "fragments", "endpoint")) if (p.get(name) != null) p.remove(name);
            badRequest(ctx, "a WebSocket upgrade to " + path + " that cannot be taken: " + e.getMessage());
            return;
        }
        shaken.addListener(f -> {
            if (f.isSuccess()) {
                p.remove(this);
                if (p.get(RequestDeadline.NAME) != null) p.remove(RequestDeadline.NAME);
                endpoints.webSockets().add(ctx.channel());
            }
        });
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        PeerErrors.caught(ctx, cause, "http", core.metrics());
    }
}
