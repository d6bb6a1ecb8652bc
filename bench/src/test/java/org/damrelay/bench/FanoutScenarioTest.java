package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FanoutScenarioTest {

    @AfterEach
    void clear() {
        System.clearProperty(Knob.WARM_UP_RAMP.property);
    }

    @Test
    void theWarmUpHasNoRampUnlessOneIsGiven() {
        assertEquals(0, FanoutScenario.warmUpRamp().length);
        System.setProperty(Knob.WARM_UP_RAMP.property, "  ");
        assertEquals(0, FanoutScenario.warmUpRamp().length);
    }

    @Test
    void aGivenRampIsItsRatesInOrder() {
        System.setProperty(Knob.WARM_UP_RAMP.property, "300, 600");
        assertArrayEquals(new double[] {300, 600}, FanoutScenario.warmUpRamp());
    }
}
