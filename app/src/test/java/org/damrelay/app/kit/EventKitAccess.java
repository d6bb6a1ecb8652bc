package org.damrelay.app.kit;

import java.nio.file.Path;

/** The kit's package-private pieces for the tests in org.damrelay.app. */
public final class EventKitAccess {
    private EventKitAccess() {}

    public static String startLine(String launcher, Path config) {
        return EventKit.startLine(launcher, config);
    }
}
