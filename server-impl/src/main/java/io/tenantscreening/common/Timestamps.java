package io.tenantscreening.common;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Times as the database keeps them: microseconds, so a value reads back equal to what was written. */
public final class Timestamps {

    private Timestamps() {
    }

    public static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
