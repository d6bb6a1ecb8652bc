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
    public record Written(Path dir, Path config, Path pairings, Path tokens, Path readme, List<Token> secrets) {}

    private static final SecureRandom RANDOM = new SecureRandom();

    private EventKit() {}

    /** 32 random bytes, URL-safe base64: safe in a shell, a YAML file and an address. */
    static String newSecret() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** Writes the folder; refuses (naming the file) when it already holds an event, so nothing is overwritten. */
    public static Written write(Path dir, Spec spec) throws IOException {
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
        Files.writeString(config, configText(spec, secrets), StandardCharsets.UTF_8);
        Files.writeString(pairings, pairingsText(spec), StandardCharsets.UTF_8);
        Files.writeString(readme, readmeText(spec), StandardCharsets.UTF_8);
        return new Written(dir, config, pairings, tokens, readme, List.copyOf(secrets));
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

    static String configText(Spec s, List<Token> secrets) {
        StringBuilder b = new StringBuilder();
        b.append("# The relay's configuration for ").append(s.name()).append(" (damrelay event new).\n")
                .append("# Start it:  damrelay relay --config relay.yaml      (docs/relay.md; the day itself: docs/hall.md)\n")
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

    static String pairingsText(Spec s) {
        StringBuilder b = new StringBuilder("round,board,white,whiteRating,whiteFedId,whiteTeam,black,blackRating,blackFedId,blackTeam,match,driver,sourceBoard\n");
        // the first round only: a physical board feeds one game at a time (the last round that names
        // it), so each later round's rows are added when its pairings are known
        for (int board = 1; board <= s.boards(); board++) {
            b.append("1,").append(board).append(",White ").append(board).append(",,,Team A,Black ").append(board)
                    .append(",,,Team B,Team A - Team B,").append(s.driverOf(board)).append(',').append(board).append('\n');
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

    static String readmeText(Spec s) {
        return """
                # %1$s

                Made by `damrelay event new`. Edit, then run the relay from this folder:

                ```
                damrelay relay --config relay.yaml
                ```

                | file | what |
                |---|---|
                | `relay.yaml` | the relay: port, journal folder, the event, its rounds (date, broadcast delay, time control) and the token digests |
                | `pairings.csv` | one row per round and board: players, teams, and which driver (`driver`) reads which board (`sourceBoard`); round 1 is there, add each later round's rows when its pairings are known (a board feeds the highest round that names it) |
                | `tokens.txt` | the secrets for the hall (one per driver laptop, one for the arbiter); only you can read it |
                | `data/` | the relay's journal, once it ran: every move; keep it until the results are final |

                A board's `sourceBoard` is the id its driver gives it: `--port /dev/ttyACM0=1` (Windows
                `--port COM3=1`, macOS `--port /dev/tty.usbmodem1101=1`) makes the board on that port `1`.
                The driver of laptop `%2$s`:

                ```
                DAMRELAY_DRIVER_TOKEN=<its token from tokens.txt> damrelay driver --relay ws://RELAY:8080/ingest \\
                    --event %3$s --driver-id %2$s --port /dev/ttyACM0=1
                ```

                Viewer: `http://RELAY:8080/?event=%3$s&round=1`; arbiter console: `http://RELAY:8080/arbiter.html?event=%3$s&round=1`
                (token `chief` from tokens.txt). The day itself, step by step: docs/hall.md.
                """.formatted(s.name(), s.driverNames().get(0), s.id());
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
