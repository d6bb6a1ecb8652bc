package org.damrelay.driver.dgt.protocol;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Incremental decoder of host-to-board bytes, for an emulator or for reading the host side of a
 * capture. Unknown bytes and bus commands with a bad checksum are skipped and counted (a real board
 * ignores them too).
 */
public final class HostCommandDecoder {
    private final Consumer<HostCommand> out;
    private final byte[] buf = new byte[256];
    private int pos;
    private int expected; // total bytes of the command being collected; 0 = between commands
    private long unknownBytes, badChecksums;

    public HostCommandDecoder(Consumer<HostCommand> out) {
        this.out = out;
    }

    public void feed(byte[] bytes) {
        feed(bytes, 0, bytes.length);
    }

    public void feed(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            accept(bytes[i] & 0xff);
        }
    }

    public long unknownBytes() {
        return unknownBytes;
    }

    public long badChecksums() {
        return badChecksums;
    }

    private void accept(int b) {
        if (expected == 0 || (b & 0x80) != 0) {
            if (expected != 0) {
                unknownBytes += pos; // no command byte after the first has the MSB set: a new command starts here
            }
            start(b);
            return;
        }
        buf[pos++] = (byte) b;
        if (pos == 2 && buf[0] == Command.CLOCK_MESSAGE) {
            expected = 2 + b;
            if (b < 3 || expected > buf.length) {
                unknownBytes += pos;
                pos = 0;
                expected = 0;
                return;
            }
        }
        if (pos == expected) {
            complete();
        }
    }

    private void start(int b) {
        pos = 0;
        expected = 0;
        if ((b & 0x80) != 0 && BusCommand.of(b) != null) {
            buf[pos++] = (byte) b;
            expected = 4;
        } else if (b == Command.CLOCK_MESSAGE) {
            buf[pos++] = (byte) b;
            expected = -1; // known after the size byte
        } else if (Command.of(b) != null) {
            out.accept(new HostCommand.Single(Command.of(b)));
        } else {
            unknownBytes++;
        }
    }

    private void complete() {
        int n = pos;
        pos = 0;
        expected = 0;
        if ((buf[0] & 0x80) != 0) {
            if (SevenBit.checksum(buf, 0, 3) != buf[3]) {
                badChecksums++;
                return;
            }
            out.accept(new HostCommand.Bus(BusCommand.of(buf[0]), SevenBit.join(buf[1], buf[2])));
            return;
        }
        // 0x2b, size, 0x03, command, data..., 0x00
        if (buf[2] != 0x03 || buf[n - 1] != 0x00) {
            unknownBytes += n;
            return;
        }
        byte[] data = Arrays.copyOfRange(buf, 4, n - 1);
        out.accept(new HostCommand.ClockMessage(buf[3] & 0x7f, data));
    }
}
