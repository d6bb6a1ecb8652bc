package org.damrelay.relay.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Pairings from a JSON file ({@code {"boards": [BoardPairing...]}} or a bare list) or a CSV file
 * with a header row: round,board,white,whiteRating,whiteFedId,whiteTeam,black,blackRating,
 * blackFedId,blackTeam,match,timeControl,variant,drawRules,driver,sourceBoard,startFen,increment,
 * agreedDrawLimit,startCounts,sensors (any of the columns after sourceBoard may be left out).
 * {@code sensors}: {@code yes} (or empty) for a sensor board read by its {@code driver};
 * {@code no} for a board without sensors, notated on a phone: its driver and sourceBoard are then
 * ignored, so the console offers it a notation link (docs/notation.md).
 */
public final class PairingsLoader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CsvMapper CSV = new CsvMapper();

    private PairingsLoader() {}

    public static List<BoardPairing> load(Path file) {
        try {
            return file.getFileName().toString().toLowerCase().endsWith(".csv") ? csv(file) : json(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("pairings " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<BoardPairing> json(Path file) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        JsonNode boards = root.isArray() ? root : root.path("boards");
        if (!boards.isArray()) throw new IllegalArgumentException("pairings " + file + ": no \"boards\" list");
        List<BoardPairing> out = new ArrayList<>();
        for (JsonNode b : boards) out.add(JSON.treeToValue(b, BoardPairing.class));
        return out;
    }

    /** The flat CSV row; empty cells become empty strings or 0. */
    public record CsvRow(int round, int board, String white, Integer whiteRating, String whiteFedId, String whiteTeam,
                         String black, Integer blackRating, String blackFedId, String blackTeam, String match,
                         String timeControl, String variant, String drawRules, String driver, String sourceBoard,
                         String startFen, String increment, String agreedDrawLimit, String startCounts, String sensors) {
        BoardPairing toPairing() {
            String s = sensors == null ? "" : sensors.strip().toLowerCase();
            if (!s.isEmpty() && !s.equals("yes") && !s.equals("no")) {
                throw new IllegalArgumentException("sensors \"" + sensors.strip() + "\" must be yes (a sensor board) or no (notated on a phone)");
            }
            if (s.equals("yes") && (driver == null || driver.isBlank() || sourceBoard == null || sourceBoard.isBlank())) {
                throw new IllegalArgumentException("sensors yes needs the driver and sourceBoard that read the board");
            }
            boolean phone = s.equals("no");
            return new BoardPairing(round, board,
                    new BoardPairing.PlayerEntry(white, whiteRating == null ? 0 : whiteRating, whiteFedId, whiteTeam),
                    new BoardPairing.PlayerEntry(black, blackRating == null ? 0 : blackRating, blackFedId, blackTeam),
                    match, timeControl, variant, drawRules, phone ? "" : driver, phone ? "" : sourceBoard, startFen, increment,
                    agreedDrawLimit, startCounts);
        }
    }

    private static List<BoardPairing> csv(Path file) throws IOException {
        CsvSchema schema = CsvSchema.emptySchema().withHeader();
        List<BoardPairing> out = new ArrayList<>();
        try (MappingIterator<CsvRow> it = CSV.readerFor(CsvRow.class).with(schema).readValues(file.toFile())) {
            int line = 1;
            while (it.hasNext()) {
                line++;
                try {
                    out.add(it.next().toPairing());
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("pairings " + file + " line " + line + ": " + e.getMessage(), e);
                }
            }
        }
        return out;
    }
}
