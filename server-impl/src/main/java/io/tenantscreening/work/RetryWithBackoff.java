package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Failed work runs again later, for as long as it keeps failing: after the first wait,
 * then twice as long each time up to the longest wait, each wait spread by ±20% so that
 * work failing together does not retry together.
 */
public final class RetryWithBackoff<T> implements FailureHandler<T> {

    private final Duration first;
    private final Duration longest;

    public RetryWithBackoff(WorkSettings settings) {
        this.first = settings.getFirstRetry();
        this.longest = settings.getLongestRetry();
    }

    @Override
    public void onFailure(ExecutionComplete complete, ExecutionOperations<T> operations) {
        operations.reschedule(complete, nextAttempt(complete.getTimeDone(), complete.getExecution().consecutiveFailures));
    }

    /** When to try again after this many earlier failures in a row (the one just now not counted). */
    Instant nextAttempt(Instant failedAt, int earlierFailures) {
        return after(failedAt, earlierFailures, first, longest);
    }

    /** The same schedule for work that keeps its own count of failures (webhook deliveries). */
    public static Instant after(Instant failedAt, int earlierFailures, Duration first, Duration longest) {
        long millis = first.toMillis() << Math.min(earlierFailures, 30);
        long wait = Math.min(millis <= 0 ? Long.MAX_VALUE : millis, longest.toMillis());
        double spread = ThreadLocalRandom.current().nextDouble(0.8, 1.2);
        return failedAt.plusMillis((long) (wait * spread));
    }
}
