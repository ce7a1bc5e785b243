package io.tenantscreening.screening;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The outcomes of the reinvestigation of disputed records and whole checks (FCRA section
 * 611), and the public, deterministic verdicts of the canned (test mode) and sandbox (live
 * mode) providers, chosen by a marker in the applicant's reason (the contract's "Test mode",
 * under the tag Test helpers):
 * {@code [corrected]} corrects every disputed record or check (see {@link #corrected}),
 * {@code [deleted]} cannot verify them, {@code [unanswered]} never answers (so the end of the
 * reinvestigation period deletes them), and any other reason upholds them.
 */
public final class Reinvestigation {

    static final String CORRECTED = "[corrected]";
    static final String DELETED = "[deleted]";
    static final String UNANSWERED = "[unanswered]";
    private static final String CORRECTED_DISPOSITION = "Dismissed";
    private static final int CORRECTED_SCORE_RISE = 20;
    private static final int HIGHEST_SCORE = 850;
    private static final long CORRECTED_INCOME_CENTS = 520_000;
    /** How long the built-in providers put off a reinvestigation they never answer: past any reinvestigation period. */
    private static final Duration NEVER = Duration.ofDays(366);

    private Reinvestigation() {
    }

    /** What the reinvestigation found of one record or check. */
    public enum Outcome {
        /** Verified as reported: it stays. */
        UPHELD,
        /** Corrected: the corrected record, or the re-verified findings of a whole check, replace it. */
        CORRECTED,
        /** Not verified: it is removed (a whole check's findings are deleted). */
        DELETED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Outcome of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * The verdict on one record ({@code T} a {@link Findings.CourtRecord}) or on a whole check
     * ({@code T} the check's {@link Findings}); {@code corrected} is what replaces it, only for
     * {@link Outcome#CORRECTED}; {@code furnisher} the furnisher of the information the
     * provider contacted to verify it (its business name and address, and its telephone number
     * when the provider has it), null when the provider names none. The consumer may ask how
     * their dispute was reinvestigated, and is then told who was contacted (FCRA section
     * 611(a)(6)(B)(iii) and (a)(7)).
     */
    public record Verdict<T>(Outcome outcome, T corrected, Findings.Source furnisher) {

        public Verdict {
            if ((outcome == Outcome.CORRECTED) != (corrected != null)) {
                throw new IllegalArgumentException("a corrected record or check comes with, and only with, a correction");
            }
        }

        /** A verdict of a provider that names no furnisher it contacted. */
        public Verdict(Outcome outcome, T corrected) {
            this(outcome, corrected, null);
        }

        /**
         * The built-in providers' verdict of this outcome on a record: the built-in correction
         * when it is corrected, and the fixture furnisher of the check as the one contacted.
         */
        public static Verdict<Findings.CourtRecord> of(Outcome outcome, CheckType check, Findings.CourtRecord record) {
            return new Verdict<>(outcome, outcome == Outcome.CORRECTED ? Reinvestigation.corrected(check, record) : null,
                    OutcomeProfiles.furnisher(check));
        }

        /** The built-in providers' verdict of this outcome on a whole check, as {@link #of} on a record. */
        public static Verdict<Findings> ofCheck(Outcome outcome, CheckType check, Findings findings) {
            return new Verdict<>(outcome, outcome == Outcome.CORRECTED ? Reinvestigation.corrected(check, findings) : null,
                    OutcomeProfiles.furnisher(check));
        }
    }

    /**
     * The built-in providers' correction of a record: the case was dismissed, so a criminal
     * record is no conviction (and so falls under the age limit); a civil record stays civil.
     */
    public static Findings.CourtRecord corrected(CheckType check, Findings.CourtRecord record) {
        return new Findings.CourtRecord(record.court(), record.filedOn(), record.caseType(), CORRECTED_DISPOSITION,
                check == CheckType.CRIMINAL ? Boolean.FALSE : null, record.description(), record.disposedOn(), record.releasedOn());
    }

    /**
     * The built-in providers' correction of a whole check: a credit file with no delinquent
     * tradeline and a score 20 points higher (at most 850; a file too thin to score stays
     * unscored); an identity verified; an income that could not be verified verified at
     * 520000 cents a month (a verified one stays); every court record corrected.
     */
    public static Findings corrected(CheckType check, Findings findings) {
        if (findings instanceof Findings.CreditFile file) {
            Findings.Tradelines lines = file.tradelines();
            return file.with(file.score() == null ? null : Math.min(file.scoreRange() == null ? HIGHEST_SCORE : file.scoreRange().max(),
                    file.score() + CORRECTED_SCORE_RISE),
                    lines == null ? null : new Findings.Tradelines(lines.total(), lines.open(), 0, lines.totalBalanceCents()));
        }
        if (findings instanceof Findings.IdentityFindings) {
            return new Findings.IdentityFindings(true, List.of());
        }
        if (findings instanceof Findings.IncomeFindings income) {
            return new Findings.IncomeFindings(income.verifiedMonthlyIncomeCents() == null ? CORRECTED_INCOME_CENTS
                    : income.verifiedMonthlyIncomeCents());
        }
        if (findings instanceof Findings.CourtRecords court) {
            return new Findings.CourtRecords(court.records().stream().map(record -> corrected(check, record)).toList());
        }
        throw new IllegalArgumentException("no correction of " + findings);
    }

    /**
     * The built-in providers' answer by the reason's marker: the verdicts, or for
     * {@code [unanswered]} a promise to answer after any reinvestigation period has ended.
     */
    static Answer<List<Verdict<Findings.CourtRecord>>> byReason(String provider, CheckType check,
                                                                 List<Findings.CourtRecord> disputed, String reason,
                                                                 ScreeningProvider.Asked asked) {
        if (reason.contains(UNANSWERED)) {
            return new Answer.Later<>(asked.firstAskedAt().plus(NEVER), provider + ":unanswered");
        }
        Outcome outcome = outcome(reason);
        return new Answer.Done<>(disputed.stream().map(record -> Verdict.of(outcome, check, record)).toList());
    }

    /** The built-in providers' answer on a whole check by the reason's marker, as {@link #byReason} on records. */
    static Answer<Verdict<Findings>> checkByReason(String provider, CheckType check, Findings disputed, String reason,
                                                   ScreeningProvider.Asked asked) {
        if (reason.contains(UNANSWERED)) {
            return new Answer.Later<>(asked.firstAskedAt().plus(NEVER), provider + ":unanswered");
        }
        return new Answer.Done<>(Verdict.ofCheck(outcome(reason), check, disputed));
    }

    private static Outcome outcome(String reason) {
        return reason.contains(CORRECTED) ? Outcome.CORRECTED : reason.contains(DELETED) ? Outcome.DELETED : Outcome.UPHELD;
    }
}
