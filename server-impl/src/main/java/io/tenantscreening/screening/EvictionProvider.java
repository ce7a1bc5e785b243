package io.tenantscreening.screening;

/** A provider of {@code eviction} checks: eviction court records. */
public interface EvictionProvider extends CourtRecordProvider {

    Answer<Findings.CourtRecords> evictions(ScreeningSubject subject, Asked asked);
}
