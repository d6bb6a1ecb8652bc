package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FanoutScenarioTest {

    @AfterEach
    void clear() {
        System.clearProperty(FanoutScenario.WARM_UP_RAMP_PROPERTY);
    }

    @Test
    void theWarmUpHasNoRampUnlessOneIsGiven() {
        assertEquals(0, FanoutScenario.warmUpRamp().length);
        System.setProperty(FanoutScenario.WARM_UP_RAMP_PROPERTY, "  ");
        assertEquals(0, FanoutScenario.warmUpRamp().length);
    }

    @Test
    void aGivenRampIsItsRatesInOrder() {
        System.setProperty(FanoutScenario.WARM_UP_RAMP_PROPERTY, "300, 600");
        assertArrayEquals(new double[] {300, 600}, FanoutScenario.warmUpRamp());
    }
}
