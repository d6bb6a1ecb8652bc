package org.damrelay.app.kit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.damrelay.relay.config.Tokens;

/**
 * The organiser's kit: a ready-to-edit event folder. {@code relay.yaml} (commented, token digests
 * only), {@code pairings.csv} (the first round's boards, names to fill in), {@code tokens.txt}
 * (the secrets for the hall, readable by its owner only) and a short {@code README.md}.
 */
public final class EventKit {

    /**
     * What the organiser asked for.
     *
     * @param date    the first round's date, or null when not known yet
     * @param drivers how many hall laptops (drivers) read boards: hall-a, hall-b, ...
     */
    public record Spec(String id, String name, String site, int boards, int rounds, LocalDate date,
                       int drivers, String timeControl) {
        public Spec {
            if (id == null || !id.matches("[a-z0-9_-]+")) throw new IllegalArgumentException("event id \"" + id + "\" must match [a-z0-9_-]+");
            if (boards < 1 || boards > 200) throw new IllegalArgumentException("--boards must be 1-200");
            if (rounds < 1 || rounds > 50) throw new IllegalArgumentException("--rounds must be 1-50");
            if (drivers < 1 || drivers > 26) throw new IllegalArgumentException("--drivers must be 1-26");
            name = name == null || name.isBlank() ? id : name.strip();
            site = site == null ? "" : site.strip();
            timeControl = timeControl == null ? "" : timeControl.strip();
        }

        /** hall-a, hall-b, ... */
        List<String> driverNames() {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < drivers; i++) out.add("hall-" + (char) ('a' + i));
            return out;
        }

        /** Boards split over the drivers in consecutive blocks: board 1.. on hall-a, and so on. */
        String driverOf(int board) {
            int perDriver = (boards + drivers - 1) / drivers;
            return driverNames().get((board - 1) / perDriver);
        }
    }

    /** A secret for the hall and the name the config and the audit know it by. */
    public record Token(String role, String name, String secret) {}

    /** The folder written, and the tokens in it. */
    public record Written(Path dir, Path config, Path pairings, Path tokens, Path readme, List<Token> secrets, String startLine) {}

    private static final SecureRandom RANDOM = new SecureRandom();

    private EventKit() {}

    /** 32 random bytes, URL-safe base64: safe in a shell, a YAML file and an address. */
    static String newSecret() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /**
     * The one way to start this event's relay, said alike by {@code event new}, the folder's README
     * and relay.yaml: the launcher and the config by their full paths (quoted), so it works from
     * any folder and needs no damrelay on the PATH.
     *
     * @param launcher the script that runs damrelay (DAMRELAY_LAUNCHER, set by the launchers), or null
     */
    static String startLine(String launcher, Path config) {
        return quoted(launcher == null || launcher.isBlank() ? "damrelay" : launcher) + " relay --config "
                + quoted(config.toAbsolutePath().normalize().toString());
    }

    /** A path for a shell or cmd: in double quotes when it holds anything but plain path characters. */
    private static String quoted(String path) {
        return path.matches("[A-Za-z0-9/\\\\._:-]+") ? path : '"' + path + '"';
    }

    /** Writes the folder; refuses (naming the file) when it already holds an event, so nothing is overwritten. */
    public static Written write(Path dir, Spec spec) throws IOException {
        return write(dir, spec, null);
    }

    /** As {@link #write(Path, Spec)}, the start line naming {@code launcher} (see {@link #startLine}). */
    public static Written write(Path dir, Spec spec, String launcher) throws IOException {
        Files.createDirectories(dir);
        Path config = dir.resolve("relay.yaml"), pairings = dir.resolve("pairings.csv"),
                tokens = dir.resolve("tokens.txt"), readme = dir.resolve("README.md");
        for (Path p : List.of(config, pairings, tokens, readme)) {
            if (Files.exists(p)) throw new FileAlreadyExistsException(p + " already exists (an event folder is made once; choose an empty folder)");
        }
        List<Token> secrets = new ArrayList<>();
        for (String d : spec.driverNames()) secrets.add(new Token("driver", d, newSecret()));
        secrets.add(new Token("arbiter", "chief", newSecret()));

        // the secrets first, readable by the owner only, before anything names their digests
        createOwnerOnly(tokens);
        Files.writeString(tokens, tokensText(spec, secrets), StandardCharsets.UTF_8);
        String start = startLine(launcher, config);
        Files.writeString(config, configText(spec, secrets, start), StandardCharsets.UTF_8);
        Files.writeString(pairings, pairingsText(spec), StandardCharsets.UTF_8);
        Files.writeString(readme, readmeText(spec, start), StandardCharsets.UTF_8);
        return new Written(dir, config, pairings, tokens, readme, List.copyOf(secrets), start);
    }

    /**
     * Creates the file empty with rw------- from its first byte, where the file system knows POSIX
     * permissions (on Windows the user's profile folder protects it): written first and restricted
     * after, another local user could open it in between and keep reading.
     */
    private static void createOwnerOnly(Path file) throws IOException {
        if (Files.getFileStore(file.toAbsolutePath().getParent()).supportsFileAttributeView("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(file);
        }
    }

    static String configText(Spec s, List<Token> secrets, String start) {
        StringBuilder b = new StringBuilder();
        b.append("# The relay's configuration for ").append(s.name()).append(" (damrelay event new).\n")
                .append("# Start it (from any folder):\n#   ").append(start).append("\n")
                .append("# Paths here (data, pairings) are relative to this file. docs/relay.md; the day itself: docs/hall.md\n")
                .append("# Only what differs from the embedded defaults is here. Tokens are re-read while the relay runs.\n")
                .append("listen: {host: 0.0.0.0, port: 8080}   # 0.0.0.0: phones and spectators on the hall's network may connect\n")
                .append("dataDir: data                         # the journal: every move, kept across restarts (back it up after the round)\n")
                .append("events:\n")
                .append(commented("  - id: " + s.id(), "in every address and game id; [a-z0-9_-]"))
                .append("    name: ").append(yamlString(s.name())).append('\n')
                .append(commented("    site: " + yamlString(s.site()), "the PDN's Site tag"))
                .append(commented("    language: nl", "the match report's language: nl or en (each reader's pages follow their browser)"))
                .append("    # SHA-256 of each token (the secrets are in tokens.txt, not here). A new one:\n")
                .append("    #   damrelay relay --hash-token FILE   (FILE's first line is the secret)\n")
                .append("    # Revoke one by adding `revoked: true`; the running relay picks it up.\n")
                .append("    driverTokens:\n");
        for (Token t : secrets) {
            if (t.role().equals("driver")) b.append("      - {name: ").append(t.name()).append(", sha256: ").append(Tokens.sha256Hex(t.secret())).append("}\n");
        }
        b.append("    arbiterTokens:                    # name = who the audit log says acted\n");
        for (Token t : secrets) {
            if (t.role().equals("arbiter")) b.append("      - {name: ").append(t.name()).append(", sha256: ").append(Tokens.sha256Hex(t.secret())).append("}\n");
        }
        b.append("    # One line per round. date: YYYY-MM-DD, the PDN's Date tag (empty: ????.??.??).\n")
                .append("    # delaySeconds: broadcast delay 0..3600 (SWR 16.1). timeControl: the PDN tag, e.g. \"5400+60\"\n")
                .append("    # (empty: clocks are not checked). Also possible per round: variant, drawRules, agreedDrawLimit, increment.\n")
                .append("    rounds:\n");
        for (int r = 1; r <= s.rounds(); r++) {
            // only the date given is written: later rounds' dates are the organiser's to fill in
            String date = s.date() == null || r > 1 ? "" : s.date().toString();
            b.append("      - {number: ").append(r).append(", date: \"").append(date).append("\", delaySeconds: 0");
            if (!s.timeControl().isEmpty()) b.append(", timeControl: \"").append(s.timeControl()).append('"');
            b.append("}\n");
        }
        b.append("    pairings: pairings.csv            # players per round and board; which driver reads which board\n");
        return b.toString();
    }

    /** The header of the kit's pairings: the loader's columns (relay.config.PairingsLoader) an event needs. */
    static final String PAIRINGS_HEADER =
            "round,board,white,whiteRating,whiteFedId,whiteTeam,black,blackRating,blackFedId,blackTeam,match,driver,sourceBoard,sensors";

    static String pairingsText(Spec s) {
        StringBuilder b = new StringBuilder(PAIRINGS_HEADER).append('\n');
        // the first round only: a physical board feeds one game at a time (the last round that names
        // it), so each later round's rows are added when its pairings are known. Colours alternate by
        // board as in a KNDB team match: the home team (A) white on board 1, the visitors (B) on board 2, ...
        for (int board = 1; board <= s.boards(); board++) {
            boolean homeWhite = board % 2 == 1;
            String white = homeWhite ? "A" : "B", black = homeWhite ? "B" : "A";
            b.append("1,").append(board)
                    .append(",Player ").append(white).append(board).append(",,,Team ").append(white)
                    .append(",Player ").append(black).append(board).append(",,,Team ").append(black)
                    .append(",Team A - Team B,").append(s.driverOf(board)).append(',').append(board).append(",yes\n");
        }
        return b.toString();
    }

    static String tokensText(Spec s, List<Token> secrets) {
        StringBuilder b = new StringBuilder("# Tokens for ").append(s.name())
                .append(". Keep this file off the shared drive; relay.yaml holds only their SHA-256.\n")
                .append("# A driver: DAMRELAY_DRIVER_TOKEN=<token> damrelay driver --driver-id NAME ... (docs/driver.md)\n")
                .append("# The arbiter: the console asks for its token once (arbiter.html).\n");
        for (Token t : secrets) b.append(t.role()).append(' ').append(t.name()).append(' ').append(t.secret()).append('\n');
        return b.toString();
    }

    static String readmeText(Spec s, String start) {
        return """
                # %1$s

                Made by `damrelay event new`. Edit the files below, then start the relay (from any folder; the
                same line is at the top of `relay.yaml`):

                ```
                %4$s
                ```

                It prints the viewer's and the arbiter console's addresses, with the round, e.g.
                `http://RELAY:8080/?event=%3$s&round=1` and `http://RELAY:8080/arbiter.html?event=%3$s&round=1`
                (the console asks for the token `chief` from tokens.txt), and the addresses on the hall's network.
                The day itself, step by step: docs/hall.md (Dutch: docs/hall.nl.md).

                | file | what |
                |---|---|
                | `relay.yaml` | the relay: port, journal folder, the event, its rounds (date, broadcast delay, time control) and the token digests |
                | `pairings.csv` | one row per round and board (columns below); round 1 is there, add each later round's rows when its pairings are known (a board feeds the highest round that names it) |
                | `tokens.txt` | the secrets for the hall (one per driver laptop, one for the arbiter); only you can read it |
                | `data/` | the relay's journal, once it ran: every move; keep it until the results are final |

                The columns of `pairings.csv`:

                | column | what |
                |---|---|
                | `round`, `board` | the round and the board number in the match |
                | `white`, `black` | the players' names (`Player A1` and so on are placeholders) |
                | `whiteRating`, `blackRating` | the KNDB rating; empty: none |
                | `whiteFedId`, `blackFedId` | the KNDB membership number (bondsnummer), printed on the match report; empty until known |
                | `whiteTeam`, `blackTeam`, `match` | the teams and the match (`Home - Visitors`). Colours alternate as in a KNDB team match: the home team has white on board 1, 3, 5, ..., the visitors on board 2, 4, 6, ... |
                | `driver`, `sourceBoard` | which hall laptop reads the board, and the board's id on that laptop (below) |
                | `sensors` | `yes`: a sensor board, read by its driver. `no`: a board without sensors, notated on a phone; its driver and sourceBoard are ignored and the arbiter console offers its notation link (docs/notation.md) |

                A board's `sourceBoard` is the id its driver gives it: `--port /dev/ttyACM0=1` (Windows
                `--port COM3=1`, macOS `--port /dev/tty.usbmodem1101=1`) makes the board on that port `1`.
                The driver of laptop `%2$s`:

                ```
                DAMRELAY_DRIVER_TOKEN=<its token from tokens.txt> damrelay driver --relay ws://RELAY:8080/ingest \\
                    --event %3$s --driver-id %2$s --port /dev/ttyACM0=1
                ```

                (Windows: `set DAMRELAY_DRIVER_TOKEN=<its token>`, then `damrelay.cmd driver ... --port COM3=1`.)
                """.formatted(s.name(), s.driverNames().get(0), s.id(), start);
    }

    /** A line with its comment in the file's comment column. */
    private static String commented(String yaml, String comment) {
        return String.format("%-38s# %s", yaml, comment) + "\n";
    }

    /** A YAML scalar in double quotes (names may hold ':' or '#'). */
    private static String yamlString(String v) {
        return '"' + v.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
