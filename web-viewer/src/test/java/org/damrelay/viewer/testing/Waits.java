package org.damrelay.viewer.testing;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.openqa.selenium.StaleElementReferenceException;

/** Waiting on a live page: elements are re-rendered as updates arrive, so a stale one is retried. */
public final class Waits {
    private Waits() { }

    public static ConditionFactory eventually() {
        return Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                .ignoreExceptionsInstanceOf(StaleElementReferenceException.class);
    }
}
