package io.tenantscreening.screening;

import java.time.LocalDate;
import java.util.List;

/**
 * The public, deterministic outcomes of the canned (test mode) and sandbox (live mode)
 * providers, chosen by the last four digits of the applicant's SSN: 0000 or no SSN all
 * clear; 0001 an eviction record; 0002 a criminal record; 0003 a credit file too thin to
 * score; 0004 identity not verified. Other digits are all clear. A profile shows only in
 * the checks an order has.
 */
final class OutcomeProfiles {

    static final String EVICTION_RECORD = "0001";
    static final String CRIMINAL_RECORD = "0002";
    static final String THIN_FILE = "0003";
    static final String IDENTITY_NOT_VERIFIED = "0004";
    private static final String SCORE_MODEL = "VantageScore 4.0";

    private OutcomeProfiles() {
    }

    static Findings.CreditFile credit(ScreeningSubject subject, int score) {
        return is(subject, THIN_FILE)
                ? new Findings.CreditFile(SCORE_MODEL, null, new Findings.Tradelines(1, 1, 0, 0))
                : new Findings.CreditFile(SCORE_MODEL, score, new Findings.Tradelines(9, 4, 0, 1_845_000));
    }

    static Findings.CourtRecords evictions(ScreeningSubject subject) {
        return new Findings.CourtRecords(is(subject, EVICTION_RECORD)
                ? List.of(new Findings.CourtRecord("Travis County Justice Court, Precinct 5", LocalDate.of(2021, 6, 14), "eviction",
                "Judgment for plaintiff", "Non-payment of rent"))
                : List.of());
    }

    static Findings.CourtRecords criminalRecords(ScreeningSubject subject) {
        return new Findings.CourtRecords(is(subject, CRIMINAL_RECORD)
                ? List.of(new Findings.CourtRecord("Travis County District Court", LocalDate.of(2019, 3, 2), "misdemeanor",
                "Deferred adjudication", "Theft of property under $750"))
                : List.of());
    }

    static Findings.IdentityFindings identity(ScreeningSubject subject) {
        return is(subject, IDENTITY_NOT_VERIFIED)
                ? new Findings.IdentityFindings(false, List.of("The SSN does not match the applicant's name and date of birth."))
                : new Findings.IdentityFindings(true, List.of());
    }

    static Findings.IncomeFindings income(ScreeningSubject subject) {
        return new Findings.IncomeFindings(520_000L);
    }

    private static boolean is(ScreeningSubject subject, String profile) {
        return profile.equals(subject.ssnLastFour());
    }
}
