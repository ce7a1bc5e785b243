package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.screening.CheckType;

import java.time.Instant;
import java.util.List;

/**
 * A notice to an organisation, sent at the consumer's request (FCRA section 611(d)), that
 * information in a report it received was deleted from the consumer's file after a
 * reinvestigation ({@link #ITEM_DELETED}), or that the consumer filed a statement of dispute
 * about information in it that stayed ({@link #STATEMENT_OF_DISPUTE}): its order and report
 * (the report contained the information), when it received that report, the information as
 * that report stated it, the statement (null for a deletion), when the information was deleted
 * or the statement filed ({@code occurredAt}), and when the consumer asked. It never names the
 * dispute, order or organisation whose reinvestigation it follows, which may be another
 * organisation's.
 */
public record ReportNotice(String id, Mode mode, String type, String orderId, String reportId, Instant receivedAt,
                           List<Item> items, String statement, Instant occurredAt, Instant createdAt) implements KeysetPager.Positioned {

    /** Information in the report was deleted after a dispute. */
    public static final String ITEM_DELETED = "item_deleted";

    /** The consumer filed a statement of dispute about information in the report that a reinvestigation left in it. */
    public static final String STATEMENT_OF_DISPUTE = "statement_of_dispute";

    /** What was deleted, or what the statement is about: a court record of the check (JSON, as the report stated it), or with {@code record} null its findings as a whole. */
    public record Item(CheckType check, String record) {

        public boolean wholeCheck() {
            return record == null;
        }
    }
}
