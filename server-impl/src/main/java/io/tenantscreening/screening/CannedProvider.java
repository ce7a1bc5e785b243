package io.tenantscreening.screening;

import jakarta.inject.Singleton;

/**
 * Test mode's provider of every check: answers at once with the canned outcome of the
 * applicant's SSN profile (see {@link OutcomeProfiles}) and a credit score of 712. Reports
 * show {@code test}.
 */
@Singleton
public class CannedProvider implements CreditProvider, EvictionProvider, CriminalProvider, IdentityProvider, IncomeProvider {

    static final String NAME = "test";
    private static final int CANNED_SCORE = 712;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked) {
        return new Answer.Done<>(OutcomeProfiles.credit(subject, CANNED_SCORE));
    }

    @Override
    public Answer<Findings.CourtRecords> evictions(ScreeningSubject subject, Asked asked) {
        return new Answer.Done<>(OutcomeProfiles.evictions(subject));
    }

    @Override
    public Answer<Findings.CourtRecords> criminalRecords(ScreeningSubject subject, Asked asked) {
        return new Answer.Done<>(OutcomeProfiles.criminalRecords(subject));
    }

    @Override
    public Answer<Findings.IdentityFindings> verifyIdentity(ScreeningSubject subject, Asked asked) {
        return new Answer.Done<>(OutcomeProfiles.identity(subject));
    }

    @Override
    public Answer<Findings.IncomeFindings> verifyIncome(ScreeningSubject subject, Asked asked) {
        return new Answer.Done<>(OutcomeProfiles.income(subject));
    }
}
