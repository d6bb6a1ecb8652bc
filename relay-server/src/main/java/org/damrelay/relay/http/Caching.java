package org.damrelay.relay.http;

/**
 * How long a browser, nginx or a CDN may keep an answer, by the kind of resource
 * (docs/scaling.md, "A CDN in front"). Every cacheable answer carries a weak ETag (the same
 * content, gzip'd or not, is the same tag, as nginx also does) and {@code Vary: Accept-Encoding},
 * so a shared cache never hands a gzip'd body to a client that did not ask for it.
 */
enum Caching {
    /** Errors, health, metrics, the cluster's own answers: never stored. */
    NONE("no-store"),
    /** The viewer's pages: stored, but asked again each time (a new release shows at once). */
    PAGE("no-cache"),
    /** Scripts, styles, images, message catalogs: five minutes. */
    ASSET("public, max-age=300"),
    /** The games' JSON state: two seconds, so a CDN absorbs a crowd arriving at once; the WebSocket brings what is newer. */
    LIVE("public, max-age=2"),
    /** PDN downloads: ten seconds. */
    DOWNLOAD("public, max-age=10");

    final String header;

    Caching(String header) {
        this.header = header;
    }

    /** A static file's kind by its content type. */
    static Caching forFile(String contentType) {
        return contentType.startsWith("text/html") ? PAGE : ASSET;
    }
}
