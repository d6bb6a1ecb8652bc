package org.damrelay.relay.game;

import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IngestError;

/** What the relay decides about one incoming event: accept it (in canonical form) or refuse it. */
public sealed interface Verdict {

    record Accepted(GameEvent event) implements Verdict {}

    record Refused(IngestError.Code code, String message) implements Verdict {}

    static Verdict refuse(IngestError.Code code, String message) {
        return new Refused(code, message);
    }
}
