package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class KnobTest {

    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        for (Knob k : Knob.values()) System.clearProperty(k.property);
        System.clearProperty("damrelay.bench.rate");
    }

    private static Properties given(String... nameValue) {
        Properties p = new Properties();
        p.setProperty("java.version", "17"); // not a knob: left alone
        for (int i = 0; i < nameValue.length; i += 2) p.setProperty(nameValue[i], nameValue[i + 1]);
        return p;
    }

    @Test
    void goodValuesAndBlankOnesPass() {
        assertNull(Knob.problem(given()));
        assertNull(Knob.problem(given("damrelay.bench.rates", "250, 300", "damrelay.bench.stepSeconds", "20",
                "damrelay.bench.warmUpSeconds", "0", "damrelay.bench.warmUpRate", "150.5", "damrelay.bench.warmUpRamp", " ",
                "damrelay.bench.warmUpBoards", "0", "damrelay.bench.relaySide", "TRUE", "damrelay.bench.eventLoops", "1")));
    }

    @Test
    void aBadValueIsOneLineNamingTheKnobTheValueAndWhatItTakes() {
        assertEquals("-Ddamrelay.bench.rates=250,x is not numbers of moves per second above 0, separated by commas",
                Knob.problem(given("damrelay.bench.rates", "250,x")));
        assertEquals("-Ddamrelay.bench.rates=250,,300 is not numbers of moves per second above 0, separated by commas",
                Knob.problem(given("damrelay.bench.rates", "250,,300")));
        assertEquals("-Ddamrelay.bench.warmUpRamp=300,-600 is not numbers of moves per second above 0, separated by commas",
                Knob.problem(given("damrelay.bench.warmUpRamp", "300,-600")));
        assertEquals("-Ddamrelay.bench.stepSeconds=0 is not a whole number, 1 or more", Knob.problem(given("damrelay.bench.stepSeconds", "0")));
        assertEquals("-Ddamrelay.bench.warmUpSeconds=2.5 is not a whole number, 0 or more",
                Knob.problem(given("damrelay.bench.warmUpSeconds", "2.5")));
        assertEquals("-Ddamrelay.bench.warmUpRate=NaN is not a number of moves per second above 0",
                Knob.problem(given("damrelay.bench.warmUpRate", "NaN")));
        assertEquals("-Ddamrelay.bench.relaySide=yes is not true or false", Knob.problem(given("damrelay.bench.relaySide", "yes")));
    }

    @Test
    void aMisspeltKnobIsNamedWithTheKnownOnes() {
        String line = Knob.problem(given("damrelay.bench.rate", "250"));
        assertTrue(line.startsWith("unknown -Ddamrelay.bench.rate; the bench's knobs are ["), line);
        assertTrue(line.contains("damrelay.bench.rates") && line.contains("damrelay.bench.eventLoops"), line);
    }

    @Test
    void theReadersGiveTheValueOrTheDefault() {
        assertArrayEquals(new double[] {50, 100}, Knob.RATES.rates(new double[] {50, 100}));
        assertEquals(8, Knob.WARM_UP_SECONDS.whole(8));
        assertNull(Knob.EVENT_LOOPS.wholeOrNull());
        assertFalse(Knob.RELAY_SIDE.flag());
        System.setProperty(Knob.RATES.property, "250,300");
        System.setProperty(Knob.WARM_UP_SECONDS.property, " 0 ");
        System.setProperty(Knob.EVENT_LOOPS.property, "1");
        System.setProperty(Knob.RELAY_SIDE.property, "true");
        assertArrayEquals(new double[] {250, 300}, FanoutScenario.rates());
        assertEquals(0, FanoutScenario.warmUpSeconds());
        assertEquals(1, Knob.EVENT_LOOPS.wholeOrNull());
        assertTrue(FanoutScenario.relaySide());
        System.setProperty(Knob.STEP_SECONDS.property, "-4");
        assertThrows(Knob.BadKnob.class, FanoutScenario::stepSeconds);
    }

    @Test
    void theBenchRefusesABadKnobBeforeStartingAnything() {
        System.setProperty(Knob.RATES.property, "fast");
        assertEquals(2, new CommandLine(new BenchCommand()).execute("fanout", "--no-pin", "--out", dir.toString()));
        assertEquals(0, dir.toFile().list().length, "no run folder: nothing started");
    }
}
