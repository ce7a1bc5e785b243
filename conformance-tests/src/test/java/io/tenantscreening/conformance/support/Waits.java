package io.tenantscreening.conformance.support;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

import java.time.Duration;

/**
 * Every wait of the tests: a poll with a deadline, named for what it waits for, so that a
 * wait that runs out says what did not happen (Awaitility). No test sleeps for a fixed time.
 */
public final class Waits {

    /** Long enough for a test order (about a second) or a sandbox screening (TestServer: 1 s) on a loaded machine. */
    public static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(25);

    private Waits() {
    }

    /** Polls from now, every 25 ms, for at most {@link #PATIENCE}. */
    public static ConditionFactory await(String what) {
        return await(what, PATIENCE);
    }

    /** Polls from now, every 25 ms, for at most this long. */
    public static ConditionFactory await(String what, Duration atMost) {
        return Awaitility.await(what).atMost(atMost).pollDelay(Duration.ZERO).pollInterval(POLL).pollInSameThread();
    }
}
