package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.Reinvestigations;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * An applicant's dispute of court records or whole checks in their report (FCRA section 611):
 * the records, by check and position in the version of the report they disputed, and the
 * checks, with a copy of each;
 * their reason; the end of the reinvestigation period; each item's outcome (an item another
 * dispute's resolution decided may have one while this dispute is still open); once resolved,
 * when, by what, and the version of the report the resolution left; and the applicant's
 * statement of dispute, once they file one (611(b)).
 */
public record Dispute(String id, Mode mode, String orderId, String reportId, int reportVersion, Status status, List<Item> items,
                      String reason, Instant createdAt, Instant deadline, Instant resolvedAt, ResolvedBy resolvedBy,
                      Integer resolvedReportVersion, Statement statement) implements KeysetPager.Positioned {

    public Dispute {
        items = List.copyOf(items);
    }

    /** Whether its reinvestigation period has ended at {@code now}: from its deadline on, what is not verified is deleted. */
    public boolean overdueAt(Instant now) {
        return !now.isBefore(deadline);
    }

    /** The same dispute with these items (their outcomes). */
    Dispute withItems(List<Item> decided) {
        return new Dispute(id, mode, orderId, reportId, reportVersion, status, decided, reason, createdAt, deadline, resolvedAt,
                resolvedBy, resolvedReportVersion, statement);
    }

    /** Whether this dispute was opened before the other (by when, then by id). */
    boolean before(Dispute other) {
        int when = createdAt.compareTo(other.createdAt);
        return when != 0 ? when < 0 : id.compareTo(other.id) < 0;
    }

    /**
     * Whether the applicant may file their statement of dispute on it now (FCRA section 611(b):
     * the reinvestigation did not resolve the dispute): it is resolved, something it named stayed
     * in the report (upheld or corrected), and it has no statement yet.
     */
    public boolean takesStatement() {
        return status == Status.RESOLVED && statement == null && items.stream().anyMatch(Item::stayed);
    }

    public enum Status {
        OPEN, RESOLVED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Status of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * What ended the reinvestigation: the provider's verdicts, the end of its period, the test
     * helper, or another dispute's resolution that decided every item of it.
     */
    public enum ResolvedBy {
        REINVESTIGATION, DEADLINE, TEST_HELPER, OTHER_DISPUTE;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        static ResolvedBy of(String value) {
            return value == null ? null : valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * One disputed record: its check, its position from 0, the record as the report stated it
     * (JSON), its outcome once decided; or a check disputed as a whole: {@code record} null and
     * {@code disputed} the check as the report stated it (JSON: type, provider, result, details).
     */
    public record Item(CheckType check, Integer record, String disputed, Reinvestigation.Outcome outcome) {

        public boolean wholeCheck() {
            return record == null;
        }

        boolean decided() {
            return outcome != null;
        }

        /** Whether it stayed in the report: verified as reported, or corrected. */
        public boolean stayed() {
            return outcome == Reinvestigation.Outcome.UPHELD || outcome == Reinvestigation.Outcome.CORRECTED;
        }

        /**
         * Whether it names what {@code other} names, whichever dispute and version of the report
         * either comes from: the same check as a whole, or the same court record (its court,
         * filing date, case type and description).
         */
        boolean sameAs(Item other) {
            return check == other.check && wholeCheck() == other.wholeCheck() && (wholeCheck()
                    || Reinvestigations.sameRecord(Reinvestigations.record(disputed), Reinvestigations.record(other.disputed)));
        }

        Item withOutcome(Reinvestigation.Outcome decided) {
            return new Item(check, record, disputed, decided);
        }
    }

    /** The applicant's statement of dispute: 1 to 100 words, and when they filed it. */
    public record Statement(String text, Instant filedAt) {
    }
}
