package org.damrelay.relay.http;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failed authentications per client address: each is logged, and an address with more than
 * {@code maxFailures} within {@code windowMillis} is refused without a token check until its
 * oldest failure leaves the window (so guessing costs the guesser time, not the relay). The
 * refusals are logged once per window, not once each.
 */
public final class AuthThrottle {

    private static final Logger log = LoggerFactory.getLogger(AuthThrottle.class);
    /** Close code of a refused attempt: the address failed too often. */
    public static final int TOO_MANY_FAILURES = 4429;

    private final int maxFailures;
    private final long windowMillis;
    private final Map<InetAddress, Deque<Long>> failures = new ConcurrentHashMap<>();
    private final Map<InetAddress, Long> refusalLogged = new ConcurrentHashMap<>();

    public AuthThrottle(int maxFailures, long windowMillis) {
        this.maxFailures = maxFailures;
        this.windowMillis = windowMillis;
    }

    /** Whether {@code address} may try a token now; false = refuse it without checking. */
    public boolean allowed(InetAddress address, long nowMillis) {
        if (address == null) return true;
        Deque<Long> times = failures.get(address);
        if (times == null) return true;
        synchronized (times) {
            while (!times.isEmpty() && times.peekFirst() <= nowMillis - windowMillis) times.pollFirst();
            if (times.size() < maxFailures) return true;
        }
        Long logged = refusalLogged.get(address);
        if (logged == null || logged <= nowMillis - windowMillis) {
            refusalLogged.put(address, nowMillis);
            log.warn("authentication: {} failed {} times within {} s; its attempts are refused unchecked for now",
                    address.getHostAddress(), maxFailures, windowMillis / 1000);
        }
        return false;
    }

    /** A token from {@code address} was refused. */
    public void failed(InetAddress address, String endpoint, String reason, long nowMillis) {
        log.warn("authentication failed on {} from {}: {}", endpoint, address == null ? "?" : address.getHostAddress(), reason);
        if (address == null) return;
        Deque<Long> times = failures.computeIfAbsent(address, k -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(nowMillis);
            while (times.size() > maxFailures) times.pollFirst();
        }
    }
}
