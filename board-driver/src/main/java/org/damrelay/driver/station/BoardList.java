package org.damrelay.driver.station;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The boards of a driver as a small text file, one line per line of boards; blank lines and
 * {@code #} comments are skipped:
 * <pre>
 * port   /dev/ttyACM0=5521     # one board on a device, called 5521 by the pairings
 * serial 12345                 # one board found by its serial number, wherever it is plugged in
 * bus    /dev/ttyUSB0=hall-a-  # a bus; the board at address 7 is hall-a-7
 * </pre>
 */
public final class BoardList {
    private BoardList() {}

    public static List<BoardSource> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<BoardSource> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceAll("#.*", "").strip();
            if (line.isEmpty()) continue;
            String[] parts = line.split("\\s+");
            if (parts.length != 2) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": expected \"port|serial|bus SPEC\", got \"" + line + "\"");
            }
            out.add(switch (parts[0]) {
                case "port" -> BoardSource.Port.parse(parts[1]);
                case "serial" -> new BoardSource.Serial(parts[1]);
                case "bus" -> BoardSource.Bus.parse(parts[1]);
                default -> throw new IllegalArgumentException(file + " line " + (i + 1) + ": unknown kind \"" + parts[0]
                        + "\" (port, serial or bus)");
            });
        }
        return out;
    }
}
