package io.tenantscreening.screening;

import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Test mode's provider of every check: answers at once with the canned outcome of the
 * applicant's SSN profile (see {@link OutcomeProfiles}), its records dated back from the
 * day of the screening, and a credit score of 712, certified by their furnishers for a last
 * name with the marker {@code [certified]}. Reports show {@code test}. Its typical
 * turnarounds are the fixed durations of test mode's expected completion times (the
 * contract's "Test mode" table), whatever the profile: integrators test against them.
 */
@Singleton
public class CannedProvider implements CreditProvider, EvictionProvider, CriminalProvider, IdentityProvider, IncomeProvider {

    static final String NAME = "test";
    private static final int CANNED_SCORE = 712;
    private static final Map<CheckType, Duration> TURNAROUNDS = Map.of(
            CheckType.CREDIT, Duration.ofMinutes(1),
            CheckType.IDENTITY_VERIFICATION, Duration.ofMinutes(1),
            CheckType.INCOME_VERIFICATION, Duration.ofMinutes(2),
            CheckType.EVICTION, Duration.ofMinutes(3),
            CheckType.CRIMINAL, Duration.ofMinutes(5));

    private final ReportDay day;

    public CannedProvider(ReportDay day) {
        this.day = day;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration typicalTurnaround(CheckType check) {
        return TURNAROUNDS.get(check);
    }

    @Override
    public Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked) {
        return OutcomeProfiles.answer(subject, CheckType.CREDIT, OutcomeProfiles.credit(subject, CANNED_SCORE, day.today()));
    }

    @Override
    public Answer<Findings.CourtRecords> evictions(ScreeningSubject subject, Asked asked) {
        return OutcomeProfiles.answer(subject, CheckType.EVICTION, OutcomeProfiles.evictions(subject, day.today()));
    }

    @Override
    public Answer<Findings.CourtRecords> criminalRecords(ScreeningSubject subject, Asked asked) {
        return OutcomeProfiles.answer(subject, CheckType.CRIMINAL, OutcomeProfiles.criminalRecords(subject, day.today()));
    }

    /** At once, by the marker in the reason ({@link Reinvestigation}). */
    @Override
    public Answer<List<Reinvestigation.Verdict<Findings.CourtRecord>>> reinvestigate(CheckType check, ScreeningSubject subject,
                                                                                    List<Findings.CourtRecord> disputed,
                                                                                    String reason, Asked asked) {
        return Reinvestigation.byReason(NAME, check, disputed, reason, asked);
    }

    /** At once, by the marker in the reason ({@link Reinvestigation}). */
    @Override
    public Answer<Reinvestigation.Verdict<Findings>> reinvestigateCheck(CheckType check, ScreeningSubject subject,
                                                                       Findings disputed, String reason, Asked asked) {
        return Reinvestigation.checkByReason(NAME, check, disputed, reason, asked);
    }

    @Override
    public Answer<Findings.IdentityFindings> verifyIdentity(ScreeningSubject subject, Asked asked) {
        return OutcomeProfiles.answer(subject, CheckType.IDENTITY_VERIFICATION, OutcomeProfiles.identity(subject));
    }

    @Override
    public Answer<Findings.IncomeFindings> verifyIncome(ScreeningSubject subject, Asked asked) {
        return OutcomeProfiles.answer(subject, CheckType.INCOME_VERIFICATION, OutcomeProfiles.income(subject));
    }
}
