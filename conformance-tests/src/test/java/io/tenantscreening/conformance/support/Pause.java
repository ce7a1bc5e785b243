package io.tenantscreening.conformance.support;

import java.time.Duration;

/** Waits between polls; an interrupt ends the test with the interrupt flag kept. */
public final class Pause {

    private Pause() {
    }

    public static void of(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static void millis(long millis) {
        of(Duration.ofMillis(millis));
    }
}
