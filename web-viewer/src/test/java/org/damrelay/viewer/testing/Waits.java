package org.damrelay.viewer.testing;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;

/**
 * Waiting on a live page: elements are re-rendered as updates arrive (a stale one is retried) and
 * appear once their data has come (a missing one is not there yet); the wait still fails after 30 s.
 */
public final class Waits {
    private Waits() { }

    public static ConditionFactory eventually() {
        return Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                .ignoreExceptionsMatching(e -> e instanceof StaleElementReferenceException || e instanceof NoSuchElementException);
    }
}
