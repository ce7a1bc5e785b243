package io.tenantscreening.screening;

import java.util.List;

/**
 * A provider of checks that find court records (eviction, criminal), which an applicant may
 * dispute (FCRA section 611). Reinvestigating is asked like a check: again and again until
 * the provider answers, at once ({@link Answer.Done}) or later ({@link Answer.Later}), with
 * backoff when it fails; what it has not answered by the end of the reinvestigation period
 * is deleted from the report.
 */
public interface CourtRecordProvider extends ScreeningProvider {

    /**
     * Verifies again the records of the check this provider reported and the applicant
     * disputes: one verdict per record, in the order given. {@code reason} is the
     * applicant's, in their words.
     */
    Answer<List<Reinvestigation.Verdict<Findings.CourtRecord>>> reinvestigate(CheckType check, ScreeningSubject subject,
                                                       List<Findings.CourtRecord> disputed, String reason, Asked asked);
}
