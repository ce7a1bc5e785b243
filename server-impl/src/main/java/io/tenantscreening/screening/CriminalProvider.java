package io.tenantscreening.screening;

/** A provider of {@code criminal} checks: criminal court records. */
public interface CriminalProvider extends CourtRecordProvider {

    Answer<Findings.CourtRecords> criminalRecords(ScreeningSubject subject, Asked asked);
}
