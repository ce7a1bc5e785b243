package io.tenantscreening.screening;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Live mode's built-in provider of every check (the default): answers like a real provider
 * that takes a while, {@code screening.providers.sandbox.delay} after it was first asked,
 * and deterministically from the applicant's data: the outcome profiles of test mode (last
 * four digits of the SSN), with a credit score from 580 to 819 derived from name and date
 * of birth. Reports show {@code sandbox}.
 */
@Singleton
public class SandboxProvider implements CreditProvider, EvictionProvider, CriminalProvider, IdentityProvider, IncomeProvider {

    static final String NAME = "sandbox";
    private static final int LOWEST_SCORE = 580;
    private static final int SCORE_RANGE = 240;

    private final Duration delay;
    private final Clock clock;

    public SandboxProvider(@Value("${screening.providers.sandbox.delay}") Duration delay, Clock clock) {
        this.delay = delay;
        this.clock = clock;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked) {
        int score = LOWEST_SCORE + Math.floorMod(Objects.hash(subject.firstName(), subject.lastName(), subject.dob()), SCORE_RANGE);
        return when(subject, "credit", asked, () -> OutcomeProfiles.credit(subject, score));
    }

    @Override
    public Answer<Findings.CourtRecords> evictions(ScreeningSubject subject, Asked asked) {
        return when(subject, "eviction", asked, () -> OutcomeProfiles.evictions(subject));
    }

    @Override
    public Answer<Findings.CourtRecords> criminalRecords(ScreeningSubject subject, Asked asked) {
        return when(subject, "criminal", asked, () -> OutcomeProfiles.criminalRecords(subject));
    }

    @Override
    public Answer<Findings.IdentityFindings> verifyIdentity(ScreeningSubject subject, Asked asked) {
        return when(subject, "identity_verification", asked, () -> OutcomeProfiles.identity(subject));
    }

    @Override
    public Answer<Findings.IncomeFindings> verifyIncome(ScreeningSubject subject, Asked asked) {
        return when(subject, "income_verification", asked, () -> OutcomeProfiles.income(subject));
    }

    /** Later until the delay has passed since the first question, then the findings. */
    private <F extends Findings> Answer<F> when(ScreeningSubject subject, String check, Asked asked, Supplier<F> findings) {
        Instant ready = asked.firstAskedAt().plus(delay);
        return clock.instant().isBefore(ready)
                ? new Answer.Later<>(ready, NAME + ":" + subject.applicantId() + ":" + check)
                : new Answer.Done<>(findings.get());
    }
}
