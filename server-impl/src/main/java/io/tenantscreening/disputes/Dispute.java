package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Reinvestigation;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * An applicant's dispute of court records or whole checks in their report (FCRA section 611):
 * the records, by check and position in the version of the report they disputed, and the
 * checks, with a copy of each;
 * their reason; the end of the reinvestigation period; and once resolved, each record's
 * outcome, when, by what, and the version of the report the resolution left.
 */
public record Dispute(String id, Mode mode, String orderId, String reportId, int reportVersion, Status status, List<Item> items,
                      String reason, Instant createdAt, Instant deadline, Instant resolvedAt, ResolvedBy resolvedBy,
                      Integer resolvedReportVersion) implements KeysetPager.Positioned {

    /** Whether its reinvestigation period has ended at {@code now}: from its deadline on, what is not verified is deleted. */
    public boolean overdueAt(Instant now) {
        return !now.isBefore(deadline);
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

    /** What ended the reinvestigation: the provider's verdicts, the end of its period, or the test helper. */
    public enum ResolvedBy {
        REINVESTIGATION, DEADLINE, TEST_HELPER;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        static ResolvedBy of(String value) {
            return value == null ? null : valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * One disputed record: its check, its position from 0, the record as the report stated it
     * (JSON), its outcome once resolved; or a check disputed as a whole: {@code record} null and
     * {@code disputed} the check as the report stated it (JSON: type, provider, result, details).
     */
    public record Item(CheckType check, Integer record, String disputed, Reinvestigation.Outcome outcome) {

        public boolean wholeCheck() {
            return record == null;
        }
    }
}
