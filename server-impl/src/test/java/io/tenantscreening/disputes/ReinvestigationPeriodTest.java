package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The reinvestigation period (openapi.yaml#disputes, docs/integrators.md#disputes): a
 * dispute's deadline is 30 days after it was opened unless the operator sets from 1 to 30
 * ({@code DISPUTE_REINVESTIGATION_DAYS}, docs/operators.md#disputes); from the deadline on,
 * what is not verified is deleted ({@link Dispute#overdueAt}), so the work for a provider that
 * answers later runs at the time it names, or at the deadline if that is not earlier, and
 * the provider is never asked at or after the deadline ({@link DisputeService.AskAgain#notAfter};
 * docs/operators.md#disputes: "never at or after the dispute's deadline").
 */
class ReinvestigationPeriodTest {

    private static final Instant OPENED = Instant.parse("2026-11-25T15:04:05.123Z");

    @Test
    void theLawsThirtyDaysAreTheDefault() {
        DisputeSettings settings = new DisputeSettings();

        assertThat(settings.getReinvestigationDays()).isEqualTo(30);
        assertThat(settings.reinvestigationPeriod()).isEqualTo(Duration.ofDays(30));
        assertThat(OPENED.plus(settings.reinvestigationPeriod())).isEqualTo(Instant.parse("2026-12-25T15:04:05.123Z"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 29, 30})
    void theOperatorMaySetFromOneToThirtyDays(int days) {
        DisputeSettings settings = new DisputeSettings();

        settings.setReinvestigationDays(days);

        assertThat(settings.reinvestigationPeriod()).isEqualTo(Duration.ofDays(days));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 31, 365})
    void aPeriodLongerThanTheLawAllowsOrNoneIsRefused(int days) {
        DisputeSettings settings = new DisputeSettings();

        assertThatThrownBy(() -> settings.setReinvestigationDays(days)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("DISPUTE_REINVESTIGATION_DAYS must be from 1 to 30, the period the law allows");
        assertThat(settings.getReinvestigationDays()).isEqualTo(30);
    }

    @Test
    void aDisputeIsOverdueFromItsDeadlineOnAndNotAMomentEarlier() {
        Instant deadline = OPENED.plus(Duration.ofDays(30));
        Dispute dispute = open(deadline);

        assertThat(dispute.overdueAt(deadline.minusNanos(1))).isFalse();
        assertThat(dispute.overdueAt(OPENED)).isFalse();
        assertThat(dispute.overdueAt(deadline)).isTrue();
        assertThat(dispute.overdueAt(deadline.plusMillis(1))).isTrue();
    }

    @Test
    void aProviderThatAnswersLaterIsAskedAgainWhenItSaysButNeverAfterTheDeadline() {
        Instant deadline = OPENED.plus(Duration.ofDays(30));

        assertThat(DisputeService.AskAgain.notAfter(OPENED.plusSeconds(3), deadline).at()).isEqualTo(OPENED.plusSeconds(3));
        assertThat(DisputeService.AskAgain.notAfter(deadline.minusMillis(1), deadline).at()).isEqualTo(deadline.minusMillis(1));
        assertThat(DisputeService.AskAgain.notAfter(deadline, deadline).at()).isEqualTo(deadline);
        assertThat(DisputeService.AskAgain.notAfter(OPENED.plus(Duration.ofDays(366)), deadline).at()).isEqualTo(deadline);
    }

    private static Dispute open(Instant deadline) {
        return new Dispute("dsp_test_1", Mode.TEST, "ord_test_1", "rpt_test_1", 1, Dispute.Status.OPEN, List.of(), "Not mine.",
                OPENED, deadline, null, null, null, null);
    }
}
