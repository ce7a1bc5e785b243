package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The expected completion time of a pending check (openapi.yaml#expected-completion-times;
 * GET /orders/{id}, rules 5 and 6): the provider's moment plus the queue's delay, in whole
 * seconds rounded up; once that moment has passed, overdue and estimated again from now, so
 * never in the past. The boundaries: an estimate exactly at now has passed.
 */
class CompletionEstimateTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00.250Z");
    private static final Duration TYPICAL = Duration.ofMinutes(3);

    @Test
    void theProvidersMomentPlusTheQueueRoundedUpToTheSecond() {
        CompletionEstimate estimate = CompletionEstimate.of(Instant.parse("2026-11-28T10:05:00.100Z"), TYPICAL,
                Duration.ofSeconds(20), NOW);

        assertThat(estimate.at()).isEqualTo(Instant.parse("2026-11-28T10:05:21Z"));
        assertThat(estimate.overdue()).isFalse();
    }

    @Test
    void aWholeSecondStaysAsItIs() {
        CompletionEstimate estimate = CompletionEstimate.of(Instant.parse("2026-11-28T10:05:00Z"), TYPICAL, Duration.ZERO, NOW);

        assertThat(estimate.at()).isEqualTo(Instant.parse("2026-11-28T10:05:00Z"));
    }

    @Test
    void aMomentThatHasPassedIsOverdueAndEstimatedAgainFromNow() {
        CompletionEstimate estimate = CompletionEstimate.of(Instant.parse("2026-11-28T09:50:00Z"), TYPICAL,
                Duration.ofSeconds(20), NOW);

        assertThat(estimate.overdue()).isTrue();
        assertThat(estimate.at()).isEqualTo(Instant.parse("2026-11-28T10:03:21Z")).isAfter(NOW);
    }

    @Test
    void aMomentThatOnlyTheQueueKeepsAheadIsNotOverdue() {
        CompletionEstimate estimate = CompletionEstimate.of(Instant.parse("2026-11-28T09:59:50Z"), TYPICAL,
                Duration.ofSeconds(20), NOW);

        assertThat(estimate.overdue()).isFalse();
        assertThat(estimate.at()).isEqualTo(Instant.parse("2026-11-28T10:00:10Z"));
    }

    @Test
    void anEstimateExactlyAtNowHasPassed() {
        CompletionEstimate estimate = CompletionEstimate.of(NOW, TYPICAL, Duration.ZERO, NOW);

        assertThat(estimate.overdue()).isTrue();
        assertThat(estimate.at()).isEqualTo(Instant.parse("2026-11-28T10:03:01Z"));
    }

    @Test
    void theQueuesDelayIsHowLongItsOldestWaitingScreeningHasWaited() {
        assertThat(CompletionEstimate.queueDelay(Instant.parse("2026-11-28T09:58:00.250Z"), NOW)).isEqualTo(Duration.ofMinutes(2));
        assertThat(CompletionEstimate.queueDelay(null, NOW)).as("none waiting").isZero();
        assertThat(CompletionEstimate.queueDelay(NOW.plusSeconds(1), NOW)).as("not due yet").isZero();
    }
}
