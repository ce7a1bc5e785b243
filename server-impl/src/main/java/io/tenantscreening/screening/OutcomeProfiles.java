package io.tenantscreening.screening;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The public, deterministic outcomes of the canned (test mode) and sandbox (live mode)
 * providers, chosen by the last four digits of the applicant's SSN (the contract's "Test
 * mode", under the tag Test helpers): 0000 or no SSN all clear; 0001 an eviction record;
 * 0002 a criminal record that is not a conviction; 0003 a credit file too thin to score;
 * 0004 identity not verified;
 * 0005 a credit score of 560; 0006 an income that could not be verified; 0007 records that
 * the age limit ({@link RecordAgeLimit}) keeps out of the report beside a conviction that
 * it keeps; 0008 a score of 640 from another scoring model, with another range and another
 * supplier of the score; 0009 a score whose model gave no key factors; 0010 criminal records
 * of every kind and age that the places' limits tell apart ({@link #placeRecords}). Other
 * digits are all clear. A profile shows only in the checks an order has.
 *
 * <p>Every score comes with what FCRA section 609(f)(1) asks a notice to disclose, as a
 * real bureau supplies it: the model's range, its key factors in the model's order (the
 * inquiries factor as a fifth for 0005, section 609(f)(9)), the day the score was made (the
 * day of the screening) and who supplied the score and the file: a fictitious bureau, whose
 * name says so.
 *
 * <p>Records are dated back from the day of the screening ({@code today}), so that each
 * profile keeps its meaning whenever it is run: fixed dates would age out of the limit.
 *
 * <p>Each check has a fictitious furnisher, which the providers name as the one they
 * contacted when they reinvestigate a dispute (FCRA section 611(a)(6)(B)(iii)), and which
 * certifies every record and finding it furnished as complete and accurate (611(a)(5)(B)(i))
 * for an applicant whose last name holds the marker {@value #CERTIFIED}: so a record deleted
 * after a dispute reappears, reinserted, in a later report on the same consumer with that
 * marker. The identity service has no telephone number, as a furnisher may not.
 */
final class OutcomeProfiles {

    static final String EVICTION_RECORD = "0001";
    static final String CRIMINAL_RECORD = "0002";
    static final String THIN_FILE = "0003";
    static final String IDENTITY_NOT_VERIFIED = "0004";
    static final String LOW_SCORE = "0005";
    static final String INCOME_NOT_VERIFIED = "0006";
    static final String OLD_RECORDS = "0007";
    static final String OTHER_MODEL = "0008";
    static final String NO_FACTORS = "0009";
    static final String PLACE_RECORDS = "0010";
    private static final String SCORE_MODEL = "VantageScore 4.0";
    private static final Findings.ScoreRange SCORE_RANGE = new Findings.ScoreRange(300, 850);
    private static final String OTHER_SCORE_MODEL = "RentScore Test Model 2";
    private static final Findings.ScoreRange OTHER_SCORE_RANGE = new Findings.ScoreRange(350, 850);
    private static final int OTHER_SCORE_VALUE = 640;
    private static final int NO_FACTORS_SCORE_VALUE = 700;
    private static final Findings.Source BUREAU = new Findings.Source("Test Credit Bureau (fictitious)",
            "1 Test Plaza, Suite 100, Austin, TX 78701", "1-800-555-0142");
    private static final Findings.Source OTHER_SCORER = new Findings.Source("Example Tenant Scoring (fictitious)",
            "2 Test Plaza, Austin, TX 78701", "1-800-555-0143");
    private static final List<Findings.ScoreFactor> FACTORS = List.of(
            factor("T10", "Balances on revolving accounts are high compared with their credit limits"),
            factor("T14", "The accounts have been open for a short time"),
            factor("T18", "Too many accounts carry a balance"),
            factor("T21", "Too few accounts have a long record of payments made as agreed"));
    private static final List<Findings.ScoreFactor> LOW_SCORE_FACTORS = List.of(
            factor("T10", "Balances on revolving accounts are high compared with their credit limits"),
            factor("T12", "The amount owed on accounts is high"),
            factor("T18", "Too many accounts carry a balance"),
            factor("T14", "The accounts have been open for a short time"),
            new Findings.ScoreFactor("T08", "Too many inquiries in the last 12 months", true));
    private static final List<Findings.ScoreFactor> OTHER_MODEL_FACTORS = List.of(
            factor("R02", "The record of rent payments is short"),
            factor("R07", "Balances are high compared with credit limits"),
            factor("R11", "Accounts were opened recently"));
    private static final Findings.Source COURT_RECORDS = new Findings.Source("Test Court Records Service (fictitious)",
            "3 Test Plaza, Austin, TX 78701", "1-800-555-0144");
    private static final Findings.Source IDENTITY_SERVICE = new Findings.Source("Test Identity Service (fictitious)",
            "4 Test Plaza, Austin, TX 78701", null);
    private static final Findings.Source PAYROLL_DATA = new Findings.Source("Test Payroll Data (fictitious)",
            "5 Test Plaza, Austin, TX 78701", "1-800-555-0145");
    /** The marker in an applicant's last name for which the furnishers certify what they furnished. */
    static final String CERTIFIED = "[certified]";
    private static final int LOW_SCORE_VALUE = 560;
    private static final long VERIFIED_INCOME_CENTS = 520_000;

    private OutcomeProfiles() {
    }

    static Findings.CreditFile credit(ScreeningSubject subject, int score, LocalDate today) {
        Findings.Tradelines tradelines = new Findings.Tradelines(9, 4, 0, 1_845_000);
        if (is(subject, THIN_FILE)) {
            return new Findings.CreditFile(SCORE_MODEL, null, new Findings.Tradelines(1, 1, 0, 0), null, null, null, null, BUREAU);
        }
        if (is(subject, OTHER_MODEL)) {
            return new Findings.CreditFile(OTHER_SCORE_MODEL, OTHER_SCORE_VALUE, tradelines, OTHER_SCORE_RANGE, OTHER_MODEL_FACTORS,
                    today, OTHER_SCORER, BUREAU);
        }
        if (is(subject, NO_FACTORS)) {
            return new Findings.CreditFile(SCORE_MODEL, NO_FACTORS_SCORE_VALUE, tradelines, SCORE_RANGE, List.of(), today, BUREAU,
                    BUREAU);
        }
        boolean low = is(subject, LOW_SCORE);
        return new Findings.CreditFile(SCORE_MODEL, low ? LOW_SCORE_VALUE : score, tradelines, SCORE_RANGE,
                low ? LOW_SCORE_FACTORS : FACTORS, today, BUREAU, BUREAU);
    }

    private static Findings.ScoreFactor factor(String code, String description) {
        return new Findings.ScoreFactor(code, description, false);
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
        if (is(subject, PLACE_RECORDS)) {
            return placeRecords(today);
        }
        return new Findings.CourtRecords(List.of());
    }

    /**
     * The criminal records of {@value #PLACE_RECORDS}, one of each kind and age that some
     * place's limits keep and another's leave out (the contract's Test mode table "which record
     * each place keeps"), in this order: a felony conviction released from prison four years
     * before; a misdemeanor conviction disposed of (sentenced, no incarceration) four years
     * before; a felony conviction disposed of eight years before; an arrest without conviction
     * two years before; a pending case filed half a year before; a violation conviction disposed
     * of one year before; a misdemeanor conviction disposed of seven years before to the day (kept
     * on the day of the screening by a seven-year limit, left out by it from the next day). Each
     * states the days a limit may count from.
     */
    static Findings.CourtRecords placeRecords(LocalDate today) {
        return new Findings.CourtRecords(List.of(
                new Findings.CourtRecord("Travis County District Court", today.minusYears(7), "felony",
                        "Guilty; sentenced to three years' imprisonment", true, "Burglary of a building", today.minusYears(6),
                        today.minusYears(4)),
                new Findings.CourtRecord("Travis County Court at Law No. 3", today.minusYears(5), "misdemeanor",
                        "Guilty plea; fine paid", true, "Criminal mischief", today.minusYears(4), null),
                new Findings.CourtRecord("Travis County District Court", today.minusYears(9), "felony",
                        "Guilty plea; probation completed", true, "Possession of a controlled substance", today.minusYears(8),
                        null),
                new Findings.CourtRecord("Travis County Court at Law No. 5", today.minusYears(2), "misdemeanor",
                        "Arrest; no charges filed", false, "Disorderly conduct", today.minusYears(2), null),
                new Findings.CourtRecord("Travis County Court at Law No. 6", today.minusMonths(6), "misdemeanor", null, false,
                        "Theft of property under $100", null, null),
                new Findings.CourtRecord("Austin Municipal Court", today.minusYears(1).minusMonths(2), "violation",
                        "Guilty; fine paid", true, "Public consumption of alcohol", today.minusYears(1), null),
                new Findings.CourtRecord("Travis County Court at Law No. 2", today.minusYears(7).minusMonths(2), "misdemeanor",
                        "Guilty plea; fine paid", true, "Driving with an invalid license", today.minusYears(7), null)));
    }

    static Findings.IdentityFindings identity(ScreeningSubject subject) {
        return is(subject, IDENTITY_NOT_VERIFIED)
                ? new Findings.IdentityFindings(false, List.of("The SSN does not match the applicant's name and date of birth."))
                : new Findings.IdentityFindings(true, List.of());
    }

    static Findings.IncomeFindings income(ScreeningSubject subject) {
        return new Findings.IncomeFindings(is(subject, INCOME_NOT_VERIFIED) ? null : VERIFIED_INCOME_CENTS);
    }

    /** The fixture furnisher of a check's information. */
    static Findings.Source furnisher(CheckType check) {
        return switch (check) {
            case CREDIT -> BUREAU;
            case EVICTION, CRIMINAL -> COURT_RECORDS;
            case IDENTITY_VERIFICATION -> IDENTITY_SERVICE;
            case INCOME_VERIFICATION -> PAYROLL_DATA;
        };
    }

    /**
     * The findings as the built-in providers answer them: certified by the check's furnisher,
     * each court record and the findings as a whole, when the applicant's last name holds
     * {@value #CERTIFIED}; uncertified otherwise.
     */
    static <F extends Findings> Answer.Done<F> answer(ScreeningSubject subject, CheckType check, F findings) {
        if (subject.lastName() == null || !subject.lastName().contains(CERTIFIED)) {
            return new Answer.Done<>(findings);
        }
        List<Certification> certified = new ArrayList<>();
        if (findings instanceof Findings.CourtRecords court) {
            court.records().forEach(record -> certified.add(new Certification(record, furnisher(check))));
        }
        certified.add(Certification.ofFindings(furnisher(check)));
        return new Answer.Done<>(findings, certified);
    }

    private static boolean is(ScreeningSubject subject, String profile) {
        return profile.equals(subject.ssnLastFour());
    }
}
