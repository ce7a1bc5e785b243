package io.tenantscreening.reports;

import io.tenantscreening.common.Mode;
import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.policies.Recommendation;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The results of a completed order: one check per check type it included, the report's
 * result, consider when any check is, and what it recommends under the order's screening
 * policy (null when the order has none). {@code version} counts from 1 and grows each time
 * a dispute's resolution changes the records; {@code status} says whether a dispute of it is
 * open, or that this is an earlier version, superseded.
 */
public record Report(String id, Mode mode, String orderId, int version, Status status, List<CheckResult> checks,
                     Recommendation recommendation, Instant createdAt, Instant completedAt) {

    /** A report as it is made: version 1, complete. */
    public Report(String id, Mode mode, String orderId, List<CheckResult> checks, Recommendation recommendation,
                  Instant createdAt, Instant completedAt) {
        this(id, mode, orderId, 1, Status.COMPLETE, checks, recommendation, createdAt, completedAt);
    }

    /** As the API names it: complete, disputed (a dispute is open), superseded (an earlier version). */
    public enum Status {
        COMPLETE, DISPUTED, SUPERSEDED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Status of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /** The same report with another status. */
    public Report withStatus(Status other) {
        return new Report(id, mode, orderId, version, other, checks, recommendation, createdAt, completedAt);
    }

    public boolean consider() {
        return checks.stream().anyMatch(CheckResult::consider);
    }

    /**
     * The provider of every check that ran, or when check types went to different providers
     * their names in alphabetical order, comma-separated.
     */
    public String provider() {
        return checks.stream().map(CheckResult::provider).filter(provider -> !provider.equals(CheckResult.NO_PROVIDER)).distinct()
                .sorted().collect(Collectors.joining(", "));
    }

    /**
     * One check's result: its type (as the API names it), its provider, clear or consider, and
     * its details (JSON); {@code findingsDeleted} when a dispute of the whole check deleted its
     * findings (then clear, with details {@code {}}); {@code statements}, the consumer's
     * statements of dispute about the check or its records (FCRA section 611(c)), oldest first;
     * {@code leftOut}, the records the limits by age and kind kept out of it, counted per rule;
     * {@code restriction}, why the check was not run (held for a conditional offer, or not
     * allowed where the property is), null for a check that ran: a check not run has no result
     * (never consider), details {@code {}} and the provider {@link #NO_PROVIDER}.
     */
    public record CheckResult(String type, String provider, boolean consider, String details, boolean findingsDeleted,
                              List<Statement> statements, List<LeftOut> leftOut, Restriction restriction) {

        /** The provider of a check that was not run. */
        public static final String NO_PROVIDER = "none";

        public CheckResult {
            statements = List.copyOf(statements);
            leftOut = List.copyOf(leftOut);
        }

        /** A check that ran. */
        public CheckResult(String type, String provider, boolean consider, String details, boolean findingsDeleted,
                           List<Statement> statements, List<LeftOut> leftOut) {
            this(type, provider, consider, details, findingsDeleted, statements, leftOut, null);
        }

        /** A check's result as its provider's findings state it, with no statement and nothing left out. */
        public CheckResult(String type, String provider, boolean consider, String details) {
            this(type, provider, consider, details, false, List.of(), List.of());
        }

        /** The check with its findings deleted after a dispute (FCRA section 611(a)(5)(A)): clear, nothing stated. */
        public static CheckResult deleted(String type, String provider) {
            return new CheckResult(type, provider, false, "{}", true, List.of(), List.of());
        }

        /** A check that was not run, for this reason. */
        public static CheckResult notRun(String type, Restriction restriction) {
            return new CheckResult(type, NO_PROVIDER, false, "{}", false, List.of(), List.of(), restriction);
        }

        /** The same check noting these statements instead of its own. */
        public CheckResult withStatements(List<Statement> noted) {
            return new CheckResult(type, provider, consider, details, findingsDeleted, noted, leftOut, restriction);
        }

        /** The same check stating that these records were left out of it. */
        public CheckResult withLeftOut(List<LeftOut> records) {
            return new CheckResult(type, provider, consider, details, findingsDeleted, statements, records, restriction);
        }
    }

    /**
     * Why a check was not run: the reason, a sentence for people (our own words), and the
     * sections of law that set it, broadest place first.
     */
    public record Restriction(Reason reason, String description, List<Citation> citations) {

        public Restriction {
            citations = List.copyOf(citations);
        }

        /** Held until the landlord's conditional offer (the check's status held), or not allowed at all (not_run). */
        public enum Reason {
            AWAITING_CONDITIONAL_OFFER("held"), NOT_ALLOWED_HERE("not_run");

            private final String checkStatus;

            Reason(String checkStatus) {
                this.checkStatus = checkStatus;
            }

            /** The status of a check not run for this reason, as the API names it. */
            public String checkStatus() {
                return checkStatus;
            }

            public String value() {
                return name().toLowerCase(Locale.ROOT);
            }

            static Reason of(String value) {
                return valueOf(value.toUpperCase(Locale.ROOT));
            }
        }
    }

    /**
     * How many court records of a check one rule kept out of the report: the rule's section and
     * the place whose law it is. A record that several rules keep out counts under each.
     */
    public record LeftOut(Citation rule, int records) {
    }

    /**
     * A consumer's statement of dispute as a check notes it (FCRA section 611(c)): the text,
     * when it was filed, and the positions (from 0) of the check's records it is about, or
     * {@code records} null when it is about the check as a whole.
     */
    public record Statement(String text, Instant filedAt, List<Integer> records) {

        public Statement {
            records = records == null ? null : List.copyOf(records);
        }
    }
}
