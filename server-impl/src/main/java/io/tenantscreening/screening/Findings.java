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

    /** One court record; disposition null while the case is open. */
    record CourtRecord(String court, LocalDate filedOn, String caseType, String disposition, String description) {
    }

    /** identity_verification: verified or not, and why not. */
    record IdentityFindings(boolean identityVerified, List<String> reasons) implements Findings {
        @Override
        public boolean consider() {
            return !identityVerified;
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
