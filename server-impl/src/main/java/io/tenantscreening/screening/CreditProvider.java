package io.tenantscreening.screening;

/** A provider of {@code credit} checks: the applicant's credit file. */
public interface CreditProvider extends ScreeningProvider {

    Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked);
}
