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

    /** credit: the score (null when the file is too thin to score) and a summary of the tradelines. */
    record CreditFile(String scoreModel, Integer score, Tradelines tradelines) implements Findings {
        @Override
        public boolean consider() {
            return score == null;
        }
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
     */
    record CourtRecord(String court, LocalDate filedOn, String caseType, String disposition, Boolean conviction,
                       String description) {
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

    /** income_verification: the verified gross monthly income in cents, null when it could not be verified. */
    record IncomeFindings(Long verifiedMonthlyIncomeCents) implements Findings {
        @Override
        public boolean consider() {
            return verifiedMonthlyIncomeCents == null;
        }
    }
}
