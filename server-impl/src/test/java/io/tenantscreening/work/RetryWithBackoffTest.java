package io.tenantscreening.work;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#background-work: failed work is retried after WORK_FIRST_RETRY, then
 * twice as long each time up to WORK_LONGEST_RETRY, each wait spread by ±20 % so that work
 * does not retry in step.
 */
class RetryWithBackoffTest {

    private static final Instant FAILED = Instant.parse("2026-11-23T10:00:00Z");

    private final RetryWithBackoff<Void> retry = new RetryWithBackoff<>(settings(Duration.ofSeconds(1), Duration.ofMinutes(10)));

    @Test
    void eachFailureInARowDoublesTheWaitWithinTwentyPercent() {
        for (int earlier = 0; earlier < 9; earlier++) {
            long base = 1000L << earlier;
            assertThat(wait(earlier)).as("after %d earlier failures", earlier).isBetween((long) (base * 0.8), (long) (base * 1.2));
        }
    }

    @Test
    void theWaitStopsGrowingAtTheLongest() {
        for (int earlier : new int[]{10, 30, 31, 62, 1000, Integer.MAX_VALUE}) {
            assertThat(wait(earlier)).as("after %d earlier failures", earlier)
                    .isBetween((long) (600_000 * 0.8), (long) (600_000 * 1.2));
        }
    }

    @Test
    void waitsAreSpread() {
        assertThat(IntStream.range(0, 50).mapToLong(i -> wait(3)).distinct().count()).isGreaterThan(10);
    }

    private long wait(int earlierFailures) {
        return Duration.between(FAILED, retry.nextAttempt(FAILED, earlierFailures)).toMillis();
    }

    private static WorkSettings settings(Duration first, Duration longest) {
        WorkSettings settings = new WorkSettings();
        settings.setFirstRetry(first);
        settings.setLongestRetry(longest);
        return settings;
    }
}
