package io.tenantscreening.screening;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * When one pending check is expected to complete (the contract's "Expected completion
 * times"): the moment its provider is expected to answer plus the screening queue's delay,
 * rounded up to the whole second. Never in the past: once that moment has passed, the check
 * is overdue and is estimated again as though its provider were asked now (now, plus its
 * typical turnaround, plus the queue's delay).
 */
record CompletionEstimate(Instant at, boolean overdue) {

    /**
     * {@code answer}: when the provider is expected to answer (the time it said, or its first
     * question plus {@code typical}); {@code queue}: how long screenings wait for a worker now.
     */
    static CompletionEstimate of(Instant answer, Duration typical, Duration queue, Instant now) {
        Instant estimate = answer.plus(queue);
        if (estimate.isAfter(now)) {
            return new CompletionEstimate(wholeSecondFrom(estimate), false);
        }
        return new CompletionEstimate(wholeSecondFrom(now.plus(typical).plus(queue)), true);
    }

    /** How long the screening that has waited longest for a worker has waited by {@code now}; zero when none waits. */
    static Duration queueDelay(Instant oldestWaitingSince, Instant now) {
        return oldestWaitingSince == null || !oldestWaitingSince.isBefore(now) ? Duration.ZERO
                : Duration.between(oldestWaitingSince, now);
    }

    private static Instant wholeSecondFrom(Instant instant) {
        Instant second = instant.truncatedTo(ChronoUnit.SECONDS);
        return second.equals(instant) ? second : second.plusSeconds(1);
    }
}
