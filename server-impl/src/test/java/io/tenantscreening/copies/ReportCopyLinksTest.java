package io.tenantscreening.copies;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The links to the applicant's copy ({@link ReportCopies}): every live order's applicant with
 * an address gets one, in test mode only the applicant-experience profile ({@code @apply.test});
 * a link works for {@code REPORT_COPY_LINK_DAYS} days (at least 1) and no longer from its
 * expiry on (openapi.yaml#the-applicants-copy, docs/integrators.md#the-applicants-copy,
 * docs/operators.md#the-applicants-copy); an expired link's page makes a new one on request
 * only 10 minutes or more after the order's newest link, the first included, and while fewer
 * than five links of the order, the first included, were made in the 24 hours before; the
 * wait is what is left of the 10 minutes, or a whole day once five were made
 * (docs/integrators.md#new-links).
 */
class ReportCopyLinksTest {

    private static final Instant NOW = Instant.parse("2027-01-24T15:05:00Z");

    @Test
    void everyLiveApplicantWithAnAddressGetsALink() {
        assertThat(ReportCopies.getsALink(Mode.LIVE, applicant("jane@example.com"))).isTrue();
        assertThat(ReportCopies.getsALink(Mode.LIVE, applicant("jane@apply.test"))).isTrue();
    }

    @Test
    void inTestModeOnlyTheApplicantExperienceProfileGetsALink() {
        assertThat(ReportCopies.getsALink(Mode.TEST, applicant("jane@apply.test"))).isTrue();
        assertThat(ReportCopies.getsALink(Mode.TEST, applicant("Jane@Apply.TEST"))).isTrue();
        assertThat(ReportCopies.getsALink(Mode.TEST, applicant("jane@example.com"))).isFalse();
        assertThat(ReportCopies.getsALink(Mode.TEST, applicant("jane@apply.test.example.com"))).isFalse();
    }

    /**
     * openapi.yaml#test-mode: a test link reaches only the applicant-experience profile by
     * email, so the renewal of a link the test helper answered for another test applicant
     * (POST /test_helpers/orders/{id}/report_copy_link, rule 5) is not emailed.
     */
    @Test
    void aTestLinksEmailGoesOnlyToTheApplicantExperienceProfile() {
        ReportCopyRepository.Link live = CopyFixtures.link("jane@example.com", NOW);
        ReportCopyRepository.Link test = new ReportCopyRepository.Link("rcl_test_1", new Tenant("org_1", Mode.TEST), "ord_test_1",
                null, "jane@example.com", NOW, NOW.plus(Duration.ofDays(60)), null, null);
        ReportCopyRepository.Link profile = new ReportCopyRepository.Link("rcl_test_2", new Tenant("org_1", Mode.TEST),
                "ord_test_2", null, "Jane@Apply.TEST", NOW, NOW.plus(Duration.ofDays(60)), null, null);

        assertThat(ReportCopies.emailed(live)).isTrue();
        assertThat(ReportCopies.emailed(test)).isFalse();
        assertThat(ReportCopies.emailed(profile)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t"})
    void anApplicantWithoutAnAddressGetsNoLink(String email) {
        assertThat(ReportCopies.getsALink(Mode.LIVE, applicant(email))).isFalse();
        assertThat(ReportCopies.getsALink(Mode.LIVE, applicant(null))).isFalse();
        assertThat(ReportCopies.getsALink(Mode.TEST, applicant(null))).isFalse();
    }

    @Test
    void aLinkWorksUntilItsExpiryAndNotFromItOn() {
        ReportCopyRepository.Link link = CopyFixtures.link("jane@example.com", NOW);

        assertThat(link.expiredAt(NOW.minusNanos(1))).isFalse();
        assertThat(link.expiredAt(NOW)).isTrue();
        assertThat(link.expiredAt(NOW.plus(Duration.ofDays(400)))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, -60})
    void aLinkMustWorkForAtLeastADay(int days) {
        assertThatThrownBy(() -> new ReportCopies(null, null, null, null, null, null, null, null, null, null, days))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("REPORT_COPY_LINK_DAYS must be at least 1, not " + days);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 60, 365})
    void aLinkWorksForTheDaysTheOperatorSet(int days) {
        assertThat(new ReportCopies(null, null, null, null, null, null, null, null, null, null, days).linkDays()).isEqualTo(days);
    }

    @Test
    void aNewLinkIsMadeTenMinutesAfterTheNewestAndNotBefore() {
        assertThat(ReportCopies.renewalWait(NOW, NOW.minus(Duration.ofMinutes(10)), () -> 1)).isEmpty();
        assertThat(ReportCopies.renewalWait(NOW, NOW.minus(Duration.ofMinutes(10)).plusMillis(1), () -> 1))
                .contains(Duration.ofMillis(1));
        assertThat(ReportCopies.renewalWait(NOW, NOW.minus(Duration.ofMinutes(3)), () -> 1)).contains(Duration.ofMinutes(7));
        assertThat(ReportCopies.renewalWait(NOW, NOW, () -> 1)).contains(Duration.ofMinutes(10));
    }

    @Test
    void fiveLinksIn24HoursTheFirstIncludedAreTheMostAndTheWaitIsThenADay() {
        Instant longAgo = NOW.minus(Duration.ofHours(2));

        assertThat(ReportCopies.renewalWait(NOW, longAgo, () -> 4)).isEmpty();
        assertThat(ReportCopies.renewalWait(NOW, longAgo, () -> 5)).isEqualTo(Optional.of(Duration.ofDays(1)));
        assertThat(ReportCopies.renewalWait(NOW, longAgo, () -> 9)).isEqualTo(Optional.of(Duration.ofDays(1)));
    }

    @Test
    void theLinksOfTheDayAreNotCountedWhileTheNewestIsTooRecent() {
        AtomicInteger counted = new AtomicInteger();

        ReportCopies.renewalWait(NOW, NOW.minusSeconds(30), () -> {
            counted.incrementAndGet();
            return 5;
        });

        assertThat(counted).hasValue(0);
    }

    @Test
    void theThrottleIsTenMinutesAndFiveADay() {
        assertThat(ReportCopies.RENEWAL_GAP).isEqualTo(Duration.ofMinutes(10));
        assertThat(ReportCopies.LINKS_A_DAY).isEqualTo(5);
    }

    private static Applicant applicant(String email) {
        return new Applicant("ap_1", "Jane", "Doe", email, null, null, null, Instant.parse("2026-11-20T10:00:00Z"));
    }
}
