package io.tenantscreening.screening;

import java.time.LocalDate;
import java.util.List;

/**
 * The public, deterministic outcomes of the canned (test mode) and sandbox (live mode)
 * providers, chosen by the last four digits of the applicant's SSN (the contract's "Test
 * mode", under the tag Test helpers): 0000 or no SSN all clear; 0001 an eviction record;
 * 0002 a criminal record that is not a conviction; 0003 a credit file too thin to score;
 * 0004 identity not verified;
 * 0005 a credit score of 560; 0006 an income that could not be verified; 0007 records that
 * the age limit ({@link RecordAgeLimit}) keeps out of the report beside a conviction that
 * it keeps. Other digits are all clear. A profile shows only in the checks an order has.
 *
 * <p>Records are dated back from the day of the screening ({@code today}), so that each
 * profile keeps its meaning whenever it is run: fixed dates would age out of the limit.
 */
final class OutcomeProfiles {

    static final String EVICTION_RECORD = "0001";
    static final String CRIMINAL_RECORD = "0002";
    static final String THIN_FILE = "0003";
    static final String IDENTITY_NOT_VERIFIED = "0004";
    static final String LOW_SCORE = "0005";
    static final String INCOME_NOT_VERIFIED = "0006";
    static final String OLD_RECORDS = "0007";
    private static final String SCORE_MODEL = "VantageScore 4.0";
    private static final int LOW_SCORE_VALUE = 560;
    private static final long VERIFIED_INCOME_CENTS = 520_000;

    private OutcomeProfiles() {
    }

    static Findings.CreditFile credit(ScreeningSubject subject, int score) {
        if (is(subject, THIN_FILE)) {
            return new Findings.CreditFile(SCORE_MODEL, null, new Findings.Tradelines(1, 1, 0, 0));
        }
        return new Findings.CreditFile(SCORE_MODEL, is(subject, LOW_SCORE) ? LOW_SCORE_VALUE : score,
                new Findings.Tradelines(9, 4, 0, 1_845_000));
    }

    static Findings.CourtRecords evictions(ScreeningSubject subject, LocalDate today) {
        if (is(subject, EVICTION_RECORD)) {
            return new Findings.CourtRecords(List.of(new Findings.CourtRecord("Travis County Justice Court, Precinct 5",
                    today.minusYears(3), "eviction", "Judgment for plaintiff", null, "Non-payment of rent")));
        }
        if (is(subject, OLD_RECORDS)) {
            return new Findings.CourtRecords(List.of(new Findings.CourtRecord("Travis County Justice Court, Precinct 2",
                    today.minusYears(9), "eviction", "Judgment for plaintiff", null, "Holding over after the lease ended")));
        }
        return new Findings.CourtRecords(List.of());
    }

    static Findings.CourtRecords criminalRecords(ScreeningSubject subject, LocalDate today) {
        if (is(subject, CRIMINAL_RECORD)) {
            return new Findings.CourtRecords(List.of(new Findings.CourtRecord("Travis County District Court",
                    today.minusYears(2), "misdemeanor", "Deferred adjudication", false,
                    "Theft of property under $750")));
        }
        if (is(subject, OLD_RECORDS)) {
            return new Findings.CourtRecords(List.of(
                    new Findings.CourtRecord("Travis County Court at Law No. 4", today.minusYears(9), "misdemeanor",
                            "Arrest; charge dismissed", false, "Criminal trespass"),
                    new Findings.CourtRecord("Travis County Court at Law No. 7", today.minusYears(12), "misdemeanor",
                            "Guilty plea; probation completed", true, "Driving while intoxicated")));
        }
        return new Findings.CourtRecords(List.of());
    }

    static Findings.IdentityFindings identity(ScreeningSubject subject) {
        return is(subject, IDENTITY_NOT_VERIFIED)
                ? new Findings.IdentityFindings(false, List.of("The SSN does not match the applicant's name and date of birth."))
                : new Findings.IdentityFindings(true, List.of());
    }

    static Findings.IncomeFindings income(ScreeningSubject subject) {
        return new Findings.IncomeFindings(is(subject, INCOME_NOT_VERIFIED) ? null : VERIFIED_INCOME_CENTS);
    }

    private static boolean is(ScreeningSubject subject, String profile) {
        return profile.equals(subject.ssnLastFour());
    }
}
