package org.damrelay.relay.config;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failed authentications per client address. A hall shares one address (its NAT), so an address
 * is never refused outright: every token is checked, a correct one is let in at once, and only
 * the answer to a wrong one waits. That wait grows with the address's failures within the window:
 * none for the first {@code freeFailures}, then 1 s, 2 s, 4 s up to {@link #MAX_DELAY_MILLIS}, so
 * guessing costs the guesser time while the hall's real driver and arbiter are not locked out.
 * Each failure is logged until the address passes {@code freeFailures}; then once per window.
 */
public final class AuthThrottle {

    private static final Logger log = LoggerFactory.getLogger(AuthThrottle.class);
    /** The longest a wrong token's answer waits (below the HTTP endpoint's answer timeout). */
    public static final long MAX_DELAY_MILLIS = 8_000;
    /** Failures remembered per address: enough to reach the longest delay. */
    private static final int REMEMBERED = 64;

    private final int freeFailures;
    private final long windowMillis;
    private final Map<InetAddress, Deque<Long>> failures = new ConcurrentHashMap<>();
    private final Map<InetAddress, Long> summaryLogged = new ConcurrentHashMap<>();
    private final Consumer<String> counted;
    /** When addresses without a failure in the window were last dropped from the maps. */
    private volatile long pruned;

    public AuthThrottle(int freeFailures, long windowMillis) {
        this(freeFailures, windowMillis, endpoint -> { });
    }

    /** @param counted told the endpoint of every failure (the metric {@code damrelay_auth_failures_total}) */
    public AuthThrottle(int freeFailures, long windowMillis, Consumer<String> counted) {
        this.freeFailures = Math.max(0, freeFailures);
        this.windowMillis = windowMillis;
        this.counted = counted;
    }

    /**
     * A token from {@code address} was refused: counts and logs it, and returns how long to wait
     * before answering the refusal (0 = at once).
     */
    public long failed(InetAddress address, String endpoint, String reason, long nowMillis) {
        counted.accept(endpoint);
        prune(nowMillis);
        String who = address == null ? "?" : address.getHostAddress();
        if (address == null) {
            log.warn("authentication failed on {} from {}: {}", endpoint, who, reason);
            return 0;
        }
        int n;
        Deque<Long> times = failures.computeIfAbsent(address, k -> new ArrayDeque<>());
        synchronized (times) {
            while (!times.isEmpty() && times.peekFirst() <= nowMillis - windowMillis) times.pollFirst();
            times.addLast(nowMillis);
            while (times.size() > REMEMBERED) times.pollFirst();
            n = times.size();
        }
        long delay = delayAfter(n);
        if (n <= freeFailures) {
            log.warn("authentication failed on {} from {}: {}", endpoint, who, reason);
        } else {
            Long logged = summaryLogged.get(address);
            if (logged == null || logged <= nowMillis - windowMillis) {
                summaryLogged.put(address, nowMillis);
                log.warn("authentication failed on {} from {}: {}; {} failures from that address within {} s: its wrong tokens are"
                        + " answered after up to {} s from now on (a correct token is still let in at once)", endpoint, who, reason, n,
                        windowMillis / 1000, MAX_DELAY_MILLIS / 1000);
            }
        }
        return delay;
    }

    /**
     * Forgets the addresses whose failures all lie outside the window, at most once a window: a
     * scan of many addresses (or one behind a changing NAT) must not grow the maps for good.
     */
    private void prune(long nowMillis) {
        if (nowMillis - pruned < windowMillis) return;
        pruned = nowMillis;
        failures.entrySet().removeIf(e -> {
            synchronized (e.getValue()) {
                return e.getValue().isEmpty() || e.getValue().peekLast() <= nowMillis - windowMillis;
            }
        });
        summaryLogged.values().removeIf(t -> t <= nowMillis - windowMillis);
    }

    /** Addresses remembered now (tests: the maps are pruned). */
    public int addressesRemembered() {
        return failures.size();
    }

    /** The wait before answering the {@code n}-th failure within the window. */
    long delayAfter(int n) {
        int over = n - freeFailures;
        if (over <= 0) return 0;
        return Math.min(MAX_DELAY_MILLIS, 1000L << Math.min(over - 1, 20));
    }

    /** Failures of {@code address} within the window now (tests, metrics). */
    public int failures(InetAddress address, long nowMillis) {
        Deque<Long> times = failures.get(address);
        if (times == null) return 0;
        synchronized (times) {
            return (int) times.stream().filter(t -> t > nowMillis - windowMillis).count();
        }
    }
}
