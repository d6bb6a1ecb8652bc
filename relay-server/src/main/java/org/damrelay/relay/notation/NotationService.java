package org.damrelay.relay.notation;

import org.damrelay.proto.GameInfo;
import org.damrelay.relay.arbiter.ArbiterService;
import org.damrelay.relay.arbiter.BookEntries;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.ingest.IngestService;

/**
 * Digital notation (arbiter manual 2.5): the arbiter issues and revokes one credential per game;
 * a device admitted with it notates that game only. Its parts, by who asks: the arbiter's requests
 * ({@link NotationCredentials}), the device's session ({@link NotationSession}) and its entries
 * ({@link NotationEntries}), over what both read of the game ({@link NotatedGames}) and the devices
 * admitted now ({@link AdmittedDevices}). Here: how they are put together, and the names and close
 * codes the device's page and /ingest rely on.
 */
public final class NotationService {

    /** A notated game's source driver is this plus the game id; /ingest refuses such driver ids. */
    public static final String DRIVER_PREFIX = EventDirectory.NOTATION_DRIVER_PREFIX;
    public static final String DEVICE_BOARD = "phone";
    public static final int UNAUTHENTICATED = 4401, FORBIDDEN = 4403, STOPPED = 4410;
    /** The arbiter switched the game back to its sensor board: the phone's part is over (the page says so in its language). */
    public static final int SWITCHED_TO_SENSOR = 4411;

    private final NotationSession session;
    private final NotationEntries entries;

    public NotationService(RelayCore core, IngestService ingest, ArbiterService arbiter, BookEntries book) {
        NotatedGames games = new NotatedGames(core);
        AdmittedDevices devices = new AdmittedDevices();
        this.session = new NotationSession(core, games, devices, book);
        this.entries = new NotationEntries(core, ingest, games, devices, book);
        core.addLiveListener(session);
        arbiter.notationRequests(new NotationCredentials(ingest, games, devices, book));
    }

    /** The source a notated game's entries come from. */
    public static Source source(GameInfo info) {
        return new Source(info.getEventId(), DRIVER_PREFIX + info.getGameId(), DEVICE_BOARD);
    }

    NotationSession session() { return session; }

    NotationEntries entries() { return entries; }
}
