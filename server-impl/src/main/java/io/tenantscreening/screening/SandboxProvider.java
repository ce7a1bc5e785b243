package io.tenantscreening.screening;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Live mode's built-in provider of every check (the default): answers like a real provider
 * that takes a while, {@code screening.providers.sandbox.delay} after it was first asked,
 * and deterministically from the applicant's data: the outcome profiles of test mode (last
 * four digits of the SSN, records dated back from the day it answers), with a credit score
 * from 580 to 819 derived from name and date of birth; certified by their furnishers for a
 * last name with the marker {@code [certified]}. Reports show {@code sandbox}.
 */
@Singleton
public class SandboxProvider implements CreditProvider, EvictionProvider, CriminalProvider, IdentityProvider, IncomeProvider {

    static final String NAME = "sandbox";
    private static final int LOWEST_SCORE = 580;
    private static final int SCORE_RANGE = 240;

    private final Duration delay;
    private final Clock clock;
    private final ReportDay day;

    public SandboxProvider(@Value("${screening.providers.sandbox.delay}") Duration delay, Clock clock, ReportDay day) {
        this.delay = delay;
        this.clock = clock;
        this.day = day;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Its delay, for every check type: it answers exactly that long after the first question. */
    @Override
    public Duration typicalTurnaround(CheckType check) {
        return delay;
    }

    @Override
    public Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked) {
        int score = LOWEST_SCORE + Math.floorMod(Objects.hash(subject.firstName(), subject.lastName(), subject.dob()), SCORE_RANGE);
        return when(subject, CheckType.CREDIT, asked, () -> OutcomeProfiles.credit(subject, score, day.today()));
    }

    @Override
    public Answer<Findings.CourtRecords> evictions(ScreeningSubject subject, Asked asked) {
        return when(subject, CheckType.EVICTION, asked, () -> OutcomeProfiles.evictions(subject, day.today()));
    }

    @Override
    public Answer<Findings.CourtRecords> criminalRecords(ScreeningSubject subject, Asked asked) {
        return when(subject, CheckType.CRIMINAL, asked, () -> OutcomeProfiles.criminalRecords(subject, day.today()));
    }

    /** After the delay since it was first asked, by the marker in the reason ({@link Reinvestigation}). */
    @Override
    public Answer<List<Reinvestigation.Verdict<Findings.CourtRecord>>> reinvestigate(CheckType check, ScreeningSubject subject,
                                                                                    List<Findings.CourtRecord> disputed,
                                                                                    String reason, Asked asked) {
        Instant ready = asked.firstAskedAt().plus(delay);
        return clock.instant().isBefore(ready)
                ? new Answer.Later<>(ready, NAME + ":" + subject.applicantId() + ":reinvestigation:" + check.value())
                : Reinvestigation.byReason(NAME, check, disputed, reason, asked);
    }

    /** After the delay since it was first asked, by the marker in the reason ({@link Reinvestigation}). */
    @Override
    public Answer<Reinvestigation.Verdict<Findings>> reinvestigateCheck(CheckType check, ScreeningSubject subject,
                                                                       Findings disputed, String reason, Asked asked) {
        Instant ready = asked.firstAskedAt().plus(delay);
        return clock.instant().isBefore(ready)
                ? new Answer.Later<>(ready, NAME + ":" + subject.applicantId() + ":reinvestigation:" + check.value() + ":whole")
                : Reinvestigation.checkByReason(NAME, check, disputed, reason, asked);
    }

    @Override
    public Answer<Findings.IdentityFindings> verifyIdentity(ScreeningSubject subject, Asked asked) {
        return when(subject, CheckType.IDENTITY_VERIFICATION, asked, () -> OutcomeProfiles.identity(subject));
    }

    @Override
    public Answer<Findings.IncomeFindings> verifyIncome(ScreeningSubject subject, Asked asked) {
        return when(subject, CheckType.INCOME_VERIFICATION, asked, () -> OutcomeProfiles.income(subject));
    }

    /** Later until the delay has passed since the first question, then the findings, certified as the canned provider's are. */
    private <F extends Findings> Answer<F> when(ScreeningSubject subject, CheckType check, Asked asked, Supplier<F> findings) {
        Instant ready = asked.firstAskedAt().plus(delay);
        return clock.instant().isBefore(ready)
                ? new Answer.Later<>(ready, NAME + ":" + subject.applicantId() + ":" + check.value())
                : OutcomeProfiles.answer(subject, check, findings.get());
    }
}
