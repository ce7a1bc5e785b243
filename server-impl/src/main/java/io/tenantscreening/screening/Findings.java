package io.tenantscreening.screening;

import java.time.LocalDate;
import java.util.List;

/**
 * What a check found, per check type, in the shape of the report's {@code details}. Each
 * kind says whether it needs a person's review ({@code consider}): a credit file too thin
 * to score, any court record, an identity not verified, an income that could not be
 * verified.
 */
public sealed interface Findings {

    boolean consider();

    /**
     * credit: the score (null when the file is too thin to score) and a summary of the
     * tradelines, with what FCRA section 609(f)(1)(B) to (E) asks a notice to disclose about
     * the score, exactly as the scoring model and the bureau supplied it: the model's range,
     * the key factors that adversely affected the score as the model ranks them (at most
     * four, and the inquiries factor as a fifth when the model flags it, section 609(f)(9)),
     * the day the score was made, who supplied the score and who supplied the file. Each of
     * those is null when the provider did not supply it (a file too thin to score; findings
     * stored before they existed), and never filled in by the service.
     */
    record CreditFile(String scoreModel, Integer score, Tradelines tradelines, ScoreRange scoreRange,
                      List<ScoreFactor> scoreFactors, LocalDate scoreDate, Source scoreSource, Source fileSource)
            implements Findings {
        @Override
        public boolean consider() {
            return score == null;
        }

        /** The same file with another score and tradeline summary (a correction after a dispute). */
        CreditFile with(Integer newScore, Tradelines newTradelines) {
            return new CreditFile(scoreModel, newScore, newTradelines, scoreRange, scoreFactors, scoreDate, scoreSource, fileSource);
        }
    }

    /** The lowest and highest score of a scoring model. */
    record ScoreRange(int min, int max) {
    }

    /**
     * One key factor as the scoring model gave it: its reason code and text; {@code inquiries}
     * when it is the factor of the number of inquiries (section 609(f)(9)).
     */
    record ScoreFactor(String code, String description, boolean inquiries) {
    }

    /** Who supplied a score or a file: a name, and the address and telephone number where the provider gives them. */
    record Source(String name, String address, String phone) {
    }

    record Tradelines(int total, int open, int delinquent, long totalBalanceCents) {
    }

    /** eviction, criminal: the court records found, none when the check is clear. */
    record CourtRecords(List<CourtRecord> records) implements Findings {
        @Override
        public boolean consider() {
            return !records.isEmpty();
        }
    }

    /**
     * One court record; disposition null while the case is open. {@code conviction} says
     * whether a criminal record is a conviction, and is null for eviction and other civil
     * records (see {@link RecordAgeLimit}, which holds every provider to that).
     * {@code disposedOn}, the day the case was disposed of, and {@code releasedOn}, the day the
     * person was released from incarceration or parole for it, are null where the provider
     * does not state them (some places' limits count from them: {@link CriminalRecordLimits}).
     */
    record CourtRecord(String court, LocalDate filedOn, String caseType, String disposition, Boolean conviction,
                       String description, LocalDate disposedOn, LocalDate releasedOn) {

        /** A record that states neither the day it was disposed of nor a release. */
        public CourtRecord(String court, LocalDate filedOn, String caseType, String disposition, Boolean conviction,
                           String description) {
            this(court, filedOn, caseType, disposition, conviction, description, null, null);
        }
    }

    /** identity_verification: verified or not, and why not. */
    record IdentityFindings(boolean identityVerified, List<String> reasons) implements Findings {
        @Override
        public boolean consider() {
            return !identityVerified;
        }
    }

    /**
     * Any check whose findings a dispute deleted (FCRA section 611(a)(5)(A)): nothing stated,
     * nothing to consider; policy criteria that need the check are decided as for a check not
     * ordered.
     */
    record Deleted() implements Findings {
        @Override
        public boolean consider() {
            return false;
        }
    }

    /**
     * A check that was not run (its report check's restriction says why): held until the
     * landlord's conditional offer, so criteria that need it are decided as for a check not
     * ordered, or not allowed where the property is, so criteria that need it are left out.
     */
    record Withheld(boolean allowedLater) implements Findings {
        @Override
        public boolean consider() {
            return false;
        }
    }

    /** income_verification: the verified gross monthly income in cents, null when it could not be verified. */
    record IncomeFindings(Long verifiedMonthlyIncomeCents) implements Findings {
        @Override
        public boolean consider() {
            return verifiedMonthlyIncomeCents == null;
        }
    }
}
