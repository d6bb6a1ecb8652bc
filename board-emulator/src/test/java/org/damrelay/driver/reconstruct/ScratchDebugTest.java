package org.damrelay.driver.reconstruct;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.replay.CaptureReconstruction;
import org.damrelay.driver.replay.TimelineCapture;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.Scenario;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

class ScratchDebugTest {
    @Test
    void debug() throws Exception {
        String script = System.getProperty("script", "start W:W32,46,47:B3,25,28\nmove 46-41\nmove 28x46 after 300\nmove 47-41 after 1000\nmove 46x37 after 600\n").replace("|", "\n");
        for (int variant = 0; variant < 4; variant++) {
            EmulatorConfig hand = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(0);
            if ((variant & 1) != 0) hand = hand.withClockLatency(new EmulatorConfig.Latency(100, 1000)).withSeed(Long.getLong("seed", 1L));
            Scenario scenario = ScenarioParser.parse(script);
            Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(scenario, hand);
            List<ArbiterEvent> events = new ArrayList<>();
            ReconstructConfig config = ReconstructConfig.defaults(Variant.INTERNATIONAL).withStart(scenario.start());
            if ((variant & 2) != 0) config = config.withTimeControl(hand.base(), hand.increment());
            String cap = TimelineCapture.of(timeline);
            CaptureReconstruction.replay(CaptureReader.read(new StringReader(cap)), config, events::add);
            System.out.println("latency=" + ((variant & 1) != 0) + " timed=" + ((variant & 2) != 0) + ": " + events.stream().map(e -> Recorded.summary(e) + "@" + e.t()).toList());
            if (System.getProperty("dump") != null && variant == Integer.parseInt(System.getProperty("dump"))) System.out.println(cap);
        }
    }
}
