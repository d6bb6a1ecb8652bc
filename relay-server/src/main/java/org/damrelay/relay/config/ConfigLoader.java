package org.damrelay.relay.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Reads a JSON or YAML config file over the embedded defaults. */
public final class ConfigLoader {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ConfigLoader() {}

    /** The embedded defaults alone. */
    public static RelayConfig defaults() {
        return bind(defaultTree(), null);
    }

    /** The file over the defaults; relative paths in it resolve against its directory. */
    public static RelayConfig load(Path file) {
        try {
            return load(file, Files.readAllBytes(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read config " + file + ": " + e.getMessage(), e);
        }
    }

    /** The file's bytes as read once (a watcher compares and parses the same bytes) over the defaults. */
    public static RelayConfig load(Path file, byte[] bytes) {
        JsonNode user;
        try {
            // YAML is a superset of JSON: one parser reads both
            user = YAML.readTree(bytes);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read config " + file + ": " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        if (user == null || user.isMissingNode() || user.isNull()) user = YAML.createObjectNode();
        if (!user.isObject()) throw new IllegalArgumentException("config " + file + ": top level must be an object");
        ObjectNode merged = defaultTree();
        emptySections(merged, (ObjectNode) user);
        merge(merged, (ObjectNode) user);
        Path dir = file.toAbsolutePath().getParent();
        return bind(merged, dir == null ? null : dir.toString());
    }

    /** An event's lists: left empty ({@code driverTokens:}), a save gone wrong, not "none". */
    private static final List<String> EVENT_LISTS = List.of("driverTokens", "arbiterTokens", "rounds", "boards");

    /** A section the defaults give (an object or a list) left empty ({@code events:}): a save gone wrong, not "no value". */
    private static void emptySections(ObjectNode defaults, ObjectNode user) {
        for (Iterator<Map.Entry<String, JsonNode>> it = user.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode d = defaults.get(e.getKey());
            if (e.getValue().isNull() && d != null && d.isContainerNode()) {
                throw new IllegalArgumentException("invalid config: section \"" + e.getKey() + "\" is empty"
                        + (d.isArray() ? " (write [] for none)" : ""));
            }
        }
        for (JsonNode event : user.path("events")) {
            for (String list : EVENT_LISTS) {
                if (event.path(list).isNull()) {
                    throw new IllegalArgumentException("invalid config: event " + event.path("id").asText("?") + ": \"" + list
                            + "\" is empty (write [] for none)");
                }
            }
        }
    }

    /** Parses a config given as text (tests, embedded use). */
    public static RelayConfig parse(String text, Path baseDir) {
        try {
            ObjectNode merged = defaultTree();
            JsonNode user = YAML.readTree(text);
            if (user != null && user.isObject()) merge(merged, (ObjectNode) user);
            return bind(merged, baseDir == null ? null : baseDir.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("config does not parse: " + e.getMessage(), e);
        }
    }

    private static ObjectNode defaultTree() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream("/damrelay/relay-defaults.yaml")) {
            if (in == null) throw new IllegalStateException("relay-defaults.yaml missing from the classpath");
            return (ObjectNode) YAML.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Objects merge key by key; anything else (lists included) replaces the default. */
    private static void merge(ObjectNode base, ObjectNode over) {
        for (Iterator<Map.Entry<String, JsonNode>> it = over.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode b = base.get(e.getKey());
            if (b instanceof ObjectNode bo && e.getValue() instanceof ObjectNode vo) merge(bo, vo);
            else base.set(e.getKey(), e.getValue());
        }
    }

    private static RelayConfig bind(ObjectNode tree, String baseDir) {
        String meant = meaningProblem(tree);
        if (meant != null) throw new IllegalArgumentException("invalid config: " + meant);
        tree.put("baseDir", baseDir);
        RelayConfig c;
        try {
            c = YAML.treeToValue(tree, RelayConfig.class);
        } catch (IOException e) {
            // Jackson's own text, first line: what and where; the rest is its reference chain
            throw new IllegalArgumentException("invalid config: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        if (c.events() == null) throw new IllegalArgumentException("invalid config: section \"events\" is empty (write [] for none)");
        for (EventConfig e : c.events()) {
            if (e == null) throw new IllegalArgumentException("invalid config: an empty entry in events");
            for (EventConfig.TokenConfig t : concat(e.driverTokens(), e.arbiterTokens())) {
                String p = t == null ? "an empty token entry" : t.problem();
                if (p != null) throw new IllegalArgumentException("invalid config: event " + e.id() + ": " + p);
            }
        }
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (EventConfig e : c.events()) {
            // two blocks with one id: a token revoked in one would stay valid in the other
            if (!ids.add(e.id())) throw new IllegalArgumentException("invalid config: events: the id \"" + e.id() + "\" is given twice");
        }
        String cluster = c.cluster() == null ? null : c.cluster().problem();
        if (cluster != null) throw new IllegalArgumentException("invalid config: " + cluster);
        return c;
    }

    /**
     * Values that parse but would mean something else once bound: a {@code revoked:} left empty or
     * {@code ~} (a boolean would read it as false and keep the token valid), or written as text.
     */
    private static String meaningProblem(ObjectNode tree) {
        for (JsonNode event : tree.path("events")) {
            for (String list : List.of("driverTokens", "arbiterTokens")) {
                for (JsonNode token : event.path(list)) {
                    JsonNode revoked = token.get("revoked");
                    if (revoked != null && !revoked.isBoolean()) {
                        return "event " + event.path("id").asText("?") + ": " + list + " " + token.path("name").asText("?")
                                + ": revoked must be true or false, not " + (revoked.isNull() ? "empty" : "\"" + revoked.asText() + "\"");
                    }
                }
            }
        }
        return null;
    }

    private static List<EventConfig.TokenConfig> concat(List<EventConfig.TokenConfig> a, List<EventConfig.TokenConfig> b) {
        List<EventConfig.TokenConfig> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
