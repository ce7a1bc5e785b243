package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.screening.CheckType;

import java.time.Instant;
import java.util.List;

/**
 * A notice to an organisation that information in a report it received was deleted from the
 * consumer's file after a reinvestigation, sent at the consumer's request (FCRA section
 * 611(d)): its order and report (the report contained the information), when it received that
 * report, what was deleted as that report stated it, when it was deleted, and when the
 * consumer asked. It never names the dispute, order or organisation whose reinvestigation
 * deleted it, which may be another organisation's.
 */
public record ReportNotice(String id, Mode mode, String type, String orderId, String reportId, Instant receivedAt,
                           List<Item> items, Instant deletedAt, Instant createdAt) implements KeysetPager.Positioned {

    /** The only type so far: information in the report was deleted after a dispute. */
    public static final String ITEM_DELETED = "item_deleted";

    /** What was deleted: a court record of the check (JSON, as the report stated it), or with {@code record} null its findings as a whole. */
    public record Item(CheckType check, String record) {

        public boolean wholeCheck() {
            return record == null;
        }
    }
}
