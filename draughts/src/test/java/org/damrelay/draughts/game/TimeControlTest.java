package org.damrelay.draughts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.damrelay.draughts.game.TimeControl.IncrementKind;
import org.junit.jupiter.api.Test;

class TimeControlTest {

    @Test
    void readsAndWritesTheTagSyntax() {
        TimeControl tc = TimeControl.parse("40/7200:3600+30");
        assertEquals(2, tc.periods().size());
        assertEquals(new TimeControl.Period(40, Duration.ofHours(2), Duration.ZERO), tc.periods().get(0));
        assertEquals(new TimeControl.Period(0, Duration.ofHours(1), Duration.ofSeconds(30)), tc.periods().get(1));
        assertEquals("40/7200:3600+30", tc.tag());
        assertEquals(Duration.ofHours(2), tc.initial());
        assertEquals("5400+60", TimeControl.parse(" 5400+60 ").tag());
        assertEquals(TimeControl.of(Duration.ofSeconds(5400), Duration.ofSeconds(60)), TimeControl.parse("5400+60"));
        assertSame(IncrementKind.BRONSTEIN, TimeControl.parse("5400+60", IncrementKind.BRONSTEIN).incrementKind());
    }

    @Test
    void knowsWhichPeriodAMoveFallsInAndWhereQuotasEnd() {
        TimeControl tc = TimeControl.parse("40/7200:20/3600");
        assertEquals(7200, tc.periodOf(40).base().toSeconds());
        assertEquals(3600, tc.periodOf(41).base().toSeconds());
        assertTrue(tc.endsPeriod(40));
        assertFalse(tc.endsPeriod(41));
        assertTrue(tc.endsPeriod(60));
        assertTrue(tc.endsPeriod(80), "a last period with a quota repeats");
        assertFalse(TimeControl.parse("40/7200:3600+30").endsPeriod(80), "the rest of the game has no quota");
    }

    @Test
    void refusesWhatItCannotCheckWithAMessageNamingIt() {
        for (String bad : new String[] {"?", "-", "*60", "90m", "40/", "3600:40/7200", "", "5400+-1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(bad), bad);
            assertTrue(e.getMessage().contains("time control"), e.getMessage());
        }
    }
}
