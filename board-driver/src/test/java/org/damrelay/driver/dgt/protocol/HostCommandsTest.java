package org.damrelay.driver.dgt.protocol;

import static org.damrelay.driver.dgt.protocol.Recorder.bytes;
import static org.damrelay.driver.dgt.protocol.Recorder.concat;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HostCommandsTest {

    @Test
    void singleBoardCommands() {
        assertArrayEquals(bytes(0x42), HostCommands.single(Command.SEND_BRD));
        assertArrayEquals(bytes(0x4b), HostCommands.single(Command.SEND_UPDATE_NICE));
        assertArrayEquals(bytes(0x55), HostCommands.single(Command.LONG_SERIALNR));
        for (Command c : Command.values()) {
            assertFalse(c.code() == 0x51 || c.code() == 0x53 || c.code() == 0x54, "never an EEPROM-writing scan command");
        }
    }

    @Test
    void busCommandsCarryAddressAndChecksum() {
        assertArrayEquals(bytes(0x87, 0x00, 0x00, 0x07), HostCommands.bus(BusCommand.PING, 0));
        // 300 = 2 * 128 + 44; (0x83 + 2 + 44) & 0x7f = 0x31
        assertArrayEquals(bytes(0x83, 0x02, 0x2c, 0x31), HostCommands.bus(BusCommand.SEND_CHANGES, 300));
        assertThrows(IllegalArgumentException.class, () -> HostCommands.bus(BusCommand.PING, 0x4000));
    }

    @Test
    void clockMessageFraming() {
        assertArrayEquals(bytes(0x2b, 0x04, 0x03, 0x0b, 0x05, 0x00), HostCommands.clockMessage(0x0b, (byte) 5));
        assertArrayEquals(bytes(0x2b, 0x03, 0x03, 0x03, 0x00), HostCommands.clockMessage(0x03));
    }

    @Test
    void boardSideDecoderReadsWhatTheHostSends() {
        List<HostCommand> got = new ArrayList<>();
        HostCommandDecoder d = new HostCommandDecoder(got::add);
        byte[] stream = concat(HostCommands.single(Command.SEND_UPDATE_NICE), HostCommands.clockMessage(0x0b, (byte) 0x42),
                bytes(0x51), HostCommands.bus(BusCommand.REPEAT_CHANGES, 300), HostCommands.single(Command.SEND_BRD));
        for (int i = 0; i < stream.length; i++) {
            d.feed(stream, i, 1);
        }
        assertEquals(List.of(new HostCommand.Single(Command.SEND_UPDATE_NICE), new HostCommand.ClockMessage(0x0b, bytes(0x42)),
                new HostCommand.Bus(BusCommand.REPEAT_CHANGES, 300), new HostCommand.Single(Command.SEND_BRD)), got);
        assertEquals(1, d.unknownBytes(), "0x51 is not a command we know");
        byte[] bad = HostCommands.bus(BusCommand.SEND_CHANGES, 3);
        bad[3] ^= 1;
        d.feed(bad);
        assertEquals(1, d.badChecksums());
        assertEquals(4, got.size());
    }

    @Test
    void theBoardSideDecoderNeverThrowsOnNoise() {
        Random rnd = new Random(99);
        List<HostCommand> got = new ArrayList<>();
        HostCommandDecoder d = new HostCommandDecoder(got::add);
        for (int i = 0; i < 2000; i++) {
            byte[] noise = new byte[rnd.nextInt(300)];
            rnd.nextBytes(noise);
            d.feed(noise);
        }
        // whatever the noise left open, a bus command (its first byte has the MSB set) starts afresh
        got.clear();
        d.feed(HostCommands.bus(BusCommand.SEND_CHANGES, 9));
        d.feed(HostCommands.single(Command.SEND_BRD));
        assertEquals(List.of(new HostCommand.Bus(BusCommand.SEND_CHANGES, 9), new HostCommand.Single(Command.SEND_BRD)), got);
    }
}
