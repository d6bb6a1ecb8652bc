package org.damrelay.relay.http;

import java.util.List;

/**
 * Which origins may read the relay's HTTP answers from a browser (the viewer served from a CDN):
 * no configured origins = any ("*"); otherwise the request's origin is echoed when it is listed,
 * and an unlisted origin gets no CORS header, so the browser keeps the answer from its page.
 */
public record CorsPolicy(List<String> allowedOrigins) {

    public CorsPolicy {
        allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
    }

    /** The Access-Control-Allow-Origin value for a request from {@code origin}, or null for none. */
    public String allowOrigin(String origin) {
        if (allowedOrigins.isEmpty()) return "*";
        return origin != null && allowedOrigins.contains(origin) ? origin : null;
    }

    /** Whether the answer depends on the Origin header (caches must then key on it). */
    public boolean variesByOrigin() {
        return !allowedOrigins.isEmpty();
    }
}
