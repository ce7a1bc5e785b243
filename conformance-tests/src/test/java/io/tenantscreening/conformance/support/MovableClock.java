package io.tenantscreening.conformance.support;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The clock of the service under test (it replaces the service's clock when the test
 * server starts with test.clock=movable): the real time, until a test sets another.
 * Tests that move it set it back when they end.
 */
@Singleton
@Replaces(Clock.class)
@Requires(property = "test.clock", value = "movable")
public class MovableClock extends Clock {

    private volatile Clock current = Clock.systemUTC();

    /** From now on the service's time stands still at this instant. */
    public void stopAt(Instant instant) {
        current = Clock.fixed(instant, ZoneOffset.UTC);
    }

    /** Back to the real time. */
    public void reset() {
        current = Clock.systemUTC();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return current.withZone(zone);
    }

    @Override
    public Instant instant() {
        return current.instant();
    }
}
