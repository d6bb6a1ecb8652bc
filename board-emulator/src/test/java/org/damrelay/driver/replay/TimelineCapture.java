package org.damrelay.driver.replay;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.speaker.BoardSpeaker;

/** An emulated timeline written as the capture a live driver would have recorded of it. */
public final class TimelineCapture {
    private TimelineCapture() {}

    public static String of(Timeline timeline) {
        PieceCodes codes = PieceCodes.standard();
        StringWriter text = new StringWriter();
        try (CaptureWriter w = new CaptureWriter(text)) {
            w.linkUp(0, "emulated");
            for (BoardEvent e : timeline.events()) {
                long t = e.t();
                byte[] bytes;
                if (e instanceof BoardEvent.BoardDumped d) {
                    bytes = BoardMessage.BoardDump.of(d.fields(), codes).encode();
                } else if (e instanceof BoardEvent.FieldChanged f) {
                    bytes = new BoardMessage.FieldUpdate(f.field(), codes.codeOf(f.now())).encode();
                } else if (e instanceof BoardEvent.ClockRead c) {
                    bytes = BoardSpeaker.clockTimes(c.clock()).encode();
                } else if (e instanceof BoardEvent.LinkChanged l) {
                    if (l.connected()) w.linkUp(t, "emulated"); else w.linkDown(t, "unplugged");
                    continue;
                } else {
                    continue;
                }
                w.received(t, bytes, 0, bytes.length);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }
}
