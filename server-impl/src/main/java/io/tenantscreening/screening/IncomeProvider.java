package io.tenantscreening.screening;

/** A provider of {@code income_verification} checks: the applicant's verified income. */
public interface IncomeProvider extends ScreeningProvider {

    Answer<Findings.IncomeFindings> verifyIncome(ScreeningSubject subject, Asked asked);
}
