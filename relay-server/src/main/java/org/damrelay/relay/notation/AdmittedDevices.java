package org.damrelay.relay.notation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.RelayFrame;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.ingest.DriverSession;

/**
 * The notation devices admitted now, per game: normally one, a reload briefly makes two. A device
 * is in from its accepted hello until it disconnects or its game's credential ends, when it is
 * closed with the reason its page shows. Core thread only.
 */
final class AdmittedDevices {

    private final Map<String, List<Device>> devices = new HashMap<>();

    /** An admitted device, and the same connection as the ingest path sees a driver. */
    static final class Device implements DriverSession {
        final DeviceSession session;
        private final NotatedGames games;

        Device(DeviceSession session, NotatedGames games) {
            this.session = session;
            this.games = games;
        }

        @Override public String eventId() { return session.eventId(); }
        @Override public String driverId() { return NotationService.DRIVER_PREFIX + session.gameId(); }
        @Override public TokenStore.Identity identity() { return new TokenStore.Identity(eventId(), driverId(), ""); }
        @Override public void close(int code, String reason) { session.close(code, reason); }

        /** The ingest path's answers, on the core thread: an ack brings the new state, a refusal its reason. */
        @Override
        public void send(RelayFrame frame) {
            GameRecord g = games.game(session.gameId());
            if (frame.hasError()) {
                session.send(DeviceMessage.newBuilder().setError(RelayError.newBuilder()
                        .setCode(frame.getError().getCode().name())
                        .setMessage("entry " + frame.getError().getSeq() + ": " + frame.getError().getMessage())).build());
            }
            if (g != null) session.send(games.state(g));
        }
    }

    /** Not a driver session of the ingest path: the ingest answers the device that sent the entry. */
    void admit(DeviceSession d, GameRecord g, NotatedGames games) {
        d.admit(g.info().getEventId(), g.id());
        devices.computeIfAbsent(g.id(), k -> new ArrayList<>()).add(new Device(d, games));
    }

    /** The admitted device of this connection, null if it was never admitted or has been closed. */
    Device of(DeviceSession d) {
        for (Device dev : devices.getOrDefault(d.gameId(), List.of())) if (dev.session == d) return dev;
        return null;
    }

    void disconnected(DeviceSession d) {
        List<Device> list = devices.get(d.gameId());
        if (list == null) return;
        list.removeIf(dev -> dev.session == d);
        if (list.isEmpty()) devices.remove(d.gameId());
    }

    /** Tells every admitted device of the game the same message. */
    void tell(String gameId, DeviceMessage m) {
        for (Device dev : devices.getOrDefault(gameId, List.of())) dev.session.send(m);
    }

    boolean any(String gameId) {
        return devices.containsKey(gameId);
    }

    /** The game's devices are closed with the reason their page shows; none of them is admitted any more. */
    void close(String gameId, int code, String reason) {
        List<Device> list = devices.remove(gameId);
        if (list == null) return;
        for (Device dev : list) dev.session.close(code, reason);
    }
}
