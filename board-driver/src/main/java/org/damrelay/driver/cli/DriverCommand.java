package org.damrelay.driver.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.station.BoardList;
import org.damrelay.driver.station.BoardSource;
import org.damrelay.driver.station.DriverStation;
import org.damrelay.driver.uplink.IngestRefusedException;
import org.damrelay.driver.uplink.UplinkConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code damrelay driver}: the boards of a hall to the relay. */
@Command(name = "driver", mixinStandardHelpOptions = true,
        description = {"Reads electronic boards, reconstructs their games and feeds the relay.",
                "Events wait in an on-disk outbox until the relay has them durably, so an outage or a restart loses nothing.",
                "Boards: --port, --serial and --bus may be repeated, or listed in a --boards file (lines: port|serial|bus SPEC)."})
public final class DriverCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(names = "--relay", required = true, description = "the relay's ingest address, ws://host:port/ingest or wss://...")
    URI relay;

    @Option(names = "--token", defaultValue = "${env:DAMRELAY_DRIVER_TOKEN}",
            description = "the event's driver token (default: $DAMRELAY_DRIVER_TOKEN, which keeps it out of the process list)")
    String token;

    @Option(names = "--event", required = true, description = "the event id, e.g. nk2026")
    String event;

    @Option(names = "--driver-id", required = true, description = "this driver's stable name, as in the pairings, e.g. hall-a")
    String driverId;

    @Option(names = "--port", paramLabel = "DEVICE[=BOARD]",
            description = "one board on a serial device; BOARD is its id in the pairings (default: the device name, e.g. ttyACM0)")
    List<String> ports = new ArrayList<>();

    @Option(names = "--serial", paramLabel = "SERIAL", description = "one board found by its serial number on any port; the serial is its id")
    List<String> serials = new ArrayList<>();

    @Option(names = "--bus", paramLabel = "DEVICE[=PREFIX]", description = "a bus of boards; the board at address N is PREFIX+N")
    List<String> buses = new ArrayList<>();

    @Option(names = "--boards", paramLabel = "FILE", description = "a file listing boards, one per line: port|serial|bus SPEC")
    Path boardsFile;

    @Option(names = "--captures", paramLabel = "DIR", description = "record every byte of every line here (default: ${DEFAULT-VALUE})",
            defaultValue = "captures")
    Path captures;

    @Option(names = "--outbox", paramLabel = "DIR", description = "the outbox directory (default: outbox-<driver-id>)")
    Path outbox;

    /** Where no relay assigns a board its game's settings, these are used (without --start-fen a game under way is joined). */
    @picocli.CommandLine.Mixin
    SettingsOptions settings;

    @Option(names = "--orientation", paramLabel = "AUTO|NORMAL|TURNED|MIRRORED|MIRRORED_TURNED", defaultValue = "AUTO",
            description = "how the boards lie; AUTO detects it from the starting position (default: ${DEFAULT-VALUE})")
    String orientation;

    @Option(names = "--trust", paramLabel = "PEM",
            description = "for wss://: trust the certificates in this PEM file instead of the JDK trust store (a relay with a private CA)")
    Path trust;

    @Option(names = "--piece-codes", defaultValue = "standard", paramLabel = "standard|swapped",
            description = "piece-code table: standard, or swapped for older firmware (default: ${DEFAULT-VALUE})")
    String pieceCodes;

    /** The station configuration these options describe. */
    DriverStation.Config config() throws IOException {
        List<BoardSource> sources = new ArrayList<>();
        ports.forEach(p -> sources.add(BoardSource.Port.parse(p)));
        serials.forEach(s -> sources.add(new BoardSource.Serial(s)));
        buses.forEach(b -> sources.add(BoardSource.Bus.parse(b)));
        if (boardsFile != null) sources.addAll(BoardList.read(boardsFile));
        ReconstructConfig rc = settings.reconstructConfig();
        if (!"AUTO".equalsIgnoreCase(orientation)) {
            rc = rc.withOrientation(Orientation.parse(orientation));
        }
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("no driver token: give --token or set DAMRELAY_DRIVER_TOKEN");
        }
        PieceCodes codes = switch (pieceCodes.toLowerCase(Locale.ROOT)) {
            case "standard" -> PieceCodes.standard();
            case "swapped" -> PieceCodes.swapped();
            default -> throw new IllegalArgumentException("--piece-codes must be standard or swapped, not " + pieceCodes);
        };
        Path outboxDir = outbox != null ? outbox : Path.of("outbox-" + driverId.replaceAll("[^A-Za-z0-9._-]", "_"));
        return new DriverStation.Config(sources, rc, outboxDir, captures, UplinkConfig.of(relay, token, event, driverId).withTrust(trust), codes);
    }

    @Override
    public Integer call() throws Exception {
        DriverStation.Config config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("damrelay driver: " + e.getMessage());
            return 2;
        }
        CountDownLatch stop = new CountDownLatch(1);
        DriverStation station = DriverStation.start(config);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                station.close();
            } catch (IOException e) {
                System.err.println("damrelay driver: closing: " + e.getMessage());
            }
        }, "driver-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        station.refused().whenComplete((ok, failure) -> stop.countDown());
        stop.await();
        if (station.refused().isCompletedExceptionally()) {
            String why = station.refused().handle((ok, f) -> f instanceof IngestRefusedException ? f.getMessage()
                    : f.getCause() != null ? f.getCause().getMessage() : String.valueOf(f)).join();
            spec.commandLine().getErr().println("damrelay driver: " + why);
            Runtime.getRuntime().removeShutdownHook(hook);
            station.close();
            return 3;
        }
        return 0;
    }
}
