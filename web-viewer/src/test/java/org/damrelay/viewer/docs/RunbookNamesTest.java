package org.damrelay.viewer.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The runbooks (docs/hall.md, docs/hall.nl.md) name the console's buttons and sections in bold,
 * exactly as the screens show them: each bold name must be a text of that language's catalog
 * (js/i18n/), so renaming a button without the runbook fails here. A catalog text's parameters
 * read as "N" ("Acknowledge all of board {board} ({n})" is named "Acknowledge all of board N"),
 * and a trailing count in brackets is left out ("History ({n})" is "History").
 */
class RunbookNamesTest {

    private static final Pattern ENTRY = Pattern.compile(
            "'([A-Za-z0-9_.]+)':\\s*(\\{\\s*(?:\\w+:\\s*'(?:[^'\\\\]|\\\\.)*'\\s*,?\\s*)+\\}|'(?:[^'\\\\]|\\\\.)*')");
    private static final Pattern LITERAL = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");

    /** Every text of a catalog as a runbook would name it. */
    static Set<String> screenNames(String catalog) throws Exception {
        String js;
        try (InputStream in = RunbookNamesTest.class.getResourceAsStream("/damrelay/viewer/js/i18n/" + catalog)) {
            js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Set<String> out = new TreeSet<>();
        Matcher e = ENTRY.matcher(js);
        while (e.find()) {
            Matcher v = LITERAL.matcher(e.group(2));
            while (v.find()) {
                out.add(v.group(1).replace("\\'", "'").replaceFirst("\\s*\\(\\{\\w+\\}\\)$", "").replaceAll("\\{\\w+\\}", "N").strip());
            }
        }
        return out;
    }

    static List<String> boldNames(Path runbook) throws Exception {
        List<String> out = new ArrayList<>();
        Matcher m = BOLD.matcher(Files.readString(runbook));
        while (m.find()) out.add(m.group(1).replaceAll("\\s+", " ").strip()); // a name may wrap
        return out;
    }

    @ParameterizedTest
    @CsvSource({"hall.md, en.js", "hall.nl.md, nl.js"})
    void everyNameInBoldIsWhatTheScreenShows(String runbook, String catalog) throws Exception {
        Set<String> screen = screenNames(catalog);
        assertTrue(screen.size() > 300, "the catalog was read: " + screen.size() + " texts");
        List<String> named = boldNames(Path.of("..", "docs", runbook));
        assertTrue(new LinkedHashSet<>(named).size() >= 15, "the runbook names the console's buttons: " + named);
        List<String> unknown = named.stream().filter(n -> !screen.contains(n)).distinct().toList();
        assertEquals(List.of(), unknown, "docs/" + runbook + " names these in bold, which no screen of " + catalog
                + " shows (a button renamed? write the runbook as the screen reads now)");
    }

    @ParameterizedTest
    @CsvSource({"hall.md, nl.js", "hall.nl.md, en.js"})
    void theOtherLanguagesNamesAreNotTheScreens(String runbook, String otherCatalog) throws Exception {
        // the check can fail: most names of one runbook are not texts of the other language
        Set<String> other = screenNames(otherCatalog);
        long foreign = boldNames(Path.of("..", "docs", runbook)).stream().distinct().filter(n -> !other.contains(n)).count();
        assertTrue(foreign >= 10, runbook + " against " + otherCatalog + ": only " + foreign + " names differ");
    }

    @ParameterizedTest
    @CsvSource({"hall.md, hall.nl.md"})
    void bothRunbooksNameAsManyThings(String english, String dutch) throws Exception {
        assertEquals(new LinkedHashSet<>(boldNames(Path.of("..", "docs", english))).size(),
                new LinkedHashSet<>(boldNames(Path.of("..", "docs", dutch))).size(), "the Dutch runbook names what the English one does");
    }
}
