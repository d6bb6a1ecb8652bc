package org.damrelay.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The relay's packages depend on each other one way only: the compiled classes, read by the JDK's
 * own jdeps, must form no cycle between packages (neither two packages using each other nor a
 * longer ring). A new back edge names the classes that make it; the usual fix is an interface in
 * the lower package, implemented above (as {@code core.UpdateBus} or {@code http.JsonPost}).
 */
class PackageCyclesTest {

    private static final String PREFIX = "org.damrelay.relay";

    @Test
    void theRelaysPackagesFormNoCycle() throws Exception {
        Map<String, Map<String, Set<String>>> deps = packageDependencies(
                Path.of(RelayServer.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        // the reading itself worked: the services reach the core, the assembly reaches the services
        assertTrue(deps.getOrDefault(PREFIX + ".arbiter", Map.of()).containsKey(PREFIX + ".core"), deps.keySet().toString());
        assertTrue(deps.getOrDefault(PREFIX, Map.of()).containsKey(PREFIX + ".notation"), deps.keySet().toString());

        List<Set<String>> cycles = cycles(deps);
        StringBuilder why = new StringBuilder();
        for (Set<String> cycle : cycles) {
            why.append("\npackages using each other: ").append(cycle);
            for (String from : cycle) {
                for (var to : deps.getOrDefault(from, Map.of()).entrySet()) {
                    if (cycle.contains(to.getKey())) why.append("\n  ").append(from).append(" -> ").append(to.getKey())
                            .append(" by ").append(to.getValue());
                }
            }
        }
        assertEquals(List.of(), cycles, why.toString());
    }

    @Test
    void aRingOfThreeAndATwoWayPairAreFound() {
        Map<String, Map<String, Set<String>>> deps = new TreeMap<>();
        edge(deps, "a", "b");
        edge(deps, "b", "c");
        edge(deps, "c", "a");
        edge(deps, "d", "e");
        edge(deps, "e", "d");
        edge(deps, "e", "a");
        assertEquals(List.of(Set.of("a", "b", "c"), Set.of("d", "e")), cycles(deps));
    }

    private static void edge(Map<String, Map<String, Set<String>>> deps, String from, String to) {
        deps.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>()).add(from + ".X");
    }

    /** Package to package it uses to the classes of the first that use the second, the relay's own only. */
    private static Map<String, Map<String, Set<String>>> packageDependencies(Path classes) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("this JDK has no jdeps"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(err),
                "-verbose:class", "-filter:none", "-e", PREFIX.replace(".", "\\.") + ".*", classes.toString());
        assertEquals(0, rc, err.toString());
        Map<String, Map<String, Set<String>>> deps = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || !f[1].equals("->") || !f[0].startsWith(PREFIX) || !f[2].startsWith(PREFIX)) continue;
            String from = packageOf(f[0]);
            String to = packageOf(f[2]);
            if (!from.equals(to)) deps.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>()).add(f[0]);
        }
        return deps;
    }

    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }

    /** The groups of packages that reach each other (strongly connected, Tarjan), in name order. */
    static List<Set<String>> cycles(Map<String, Map<String, Set<String>>> deps) {
        Set<String> nodes = new TreeSet<>(deps.keySet());
        deps.values().forEach(m -> nodes.addAll(m.keySet()));
        Tarjan t = new Tarjan(deps);
        for (String n : nodes) if (!t.index.containsKey(n)) t.visit(n);
        return t.found.stream().sorted((x, y) -> x.iterator().next().compareTo(y.iterator().next())).collect(Collectors.toList());
    }

    private static final class Tarjan {
        final Map<String, Map<String, Set<String>>> deps;
        final Map<String, Integer> index = new TreeMap<>();
        final Map<String, Integer> low = new TreeMap<>();
        final List<String> stack = new ArrayList<>();
        final List<Set<String>> found = new ArrayList<>();

        Tarjan(Map<String, Map<String, Set<String>>> deps) { this.deps = deps; }

        void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.add(v);
            for (String w : deps.getOrDefault(v, Map.of()).keySet()) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (stack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> group = new TreeSet<>();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    group.add(w);
                } while (!w.equals(v));
                if (group.size() > 1) found.add(group);
            }
        }
    }
}
