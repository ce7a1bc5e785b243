package io.tenantscreening.screening;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.tenantscreening.common.BusinessDays;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.work.TenantWork;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * Information deleted after a dispute and put back in a report because its furnisher
 * certified it complete and accurate (FCRA section 611(a)(5)(B)), and the notice the consumer
 * is owed: in writing, not later than five business days after the day of the reinsertion
 * ({@link #NOTICE_BUSINESS_DAYS}, {@link BusinessDays}, in the agency's time zone), with a
 * statement that it was reinserted, the furnisher's business name and address and its
 * telephone number when available, and the right to add a statement to the file
 * (611(a)(5)(B)(iii)). The reinsertions of a report are recorded in the transaction that makes
 * it, with the background work that emails the notice ({@link #NOTICE}, one per order, sent at
 * once, retried with backoff); a reinserted record is no longer kept out of the consumer's
 * later reports by that deletion ({@link DeletedRecords#of}).
 */
@Singleton
public class Reinsertions {

    /** The email telling the consumer what was reinserted into their report of an order. */
    public static final TaskDescriptor<Ref> NOTICE = TaskDescriptor.of("email-reinsertion-notice", Ref.class);
    /** The business days after the day of a reinsertion by which the consumer must be told (FCRA section 611(a)(5)(B)(ii)). */
    static final int NOTICE_BUSINESS_DAYS = 5;

    private final TenantJdbc jdbc;
    private final SchedulerClient work;
    private final ReportDay day;

    public Reinsertions(TenantJdbc jdbc, SchedulerClient work, ReportDay day) {
        this.jdbc = jdbc;
        this.work = work;
        this.day = day;
    }

    /** Which order's reinsertion notice background work is about. */
    public record Ref(String organizationId, String mode, String orderId) implements TenantWork {

        public Tenant tenant() {
            return new Tenant(organizationId, Mode.fromDb(mode));
        }
    }

    /** How a notice ended, or that it has not yet. */
    public enum NoticeState {
        QUEUED, SENT, NOT_SENT_TEST_MODE;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One reinsertion as recorded: what, who certified it, when, and by when the consumer must be told. */
    public record Reinsertion(String id, String orderId, CheckType check, Findings.CourtRecord record, Findings.Source furnisher,
                              Instant reinsertedAt, LocalDate noticeDueOn) {

        /** The findings of the check as a whole rather than one court record. */
        public boolean wholeCheck() {
            return record == null;
        }
    }

    /** The day by which the consumer must be told of a reinsertion on {@code day}: five business days later. */
    public static LocalDate noticeDue(LocalDate day) {
        return BusinessDays.after(day, NOTICE_BUSINESS_DAYS);
    }

    /** Records what a report of the order made at {@code now} reinserted, and schedules the notice; in the caller's transaction. */
    void record(Tenant tenant, String orderId, List<DeletedRecords.Reinserted> reinserted, Instant now) {
        if (reinserted.isEmpty()) {
            return;
        }
        LocalDate due = noticeDue(day.of(now));
        for (DeletedRecords.Reinserted item : reinserted) {
            jdbc.update(tenant, "INSERT INTO reinsertions (id, organization_id, mode, order_id, check_type, fingerprint, item, "
                            + "furnisher_name, furnisher_address, furnisher_phone, reinserted_at, notice_due_on, notice) "
                            + "VALUES (?, {tenant.values}, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, 'queued') ON CONFLICT DO NOTHING",
                    PublicIds.newId("rin", tenant.mode()), orderId, item.check().value(), item.fingerprint(),
                    item.wholeCheck() ? null : FindingsJson.write(item.record()), item.furnisher().name(), item.furnisher().address(),
                    item.furnisher().phone(), Timestamp.from(now), due);
        }
        work.scheduleIfNotExists(NOTICE.instance(orderId).data(new Ref(tenant.organizationId(), tenant.mode().dbValue(), orderId))
                .scheduledTo(now));
    }

    /** The reinsertions into the order's report whose notice is still to be sent; in the caller's transaction. */
    public List<Reinsertion> queued(Tenant tenant, String orderId) {
        return jdbc.query(tenant, "SELECT id, order_id, check_type, item, furnisher_name, furnisher_address, furnisher_phone, "
                + "reinserted_at, notice_due_on FROM reinsertions WHERE {tenant} AND order_id = ? AND notice = 'queued' "
                + "ORDER BY reinserted_at, id", Reinsertions::read, orderId);
    }

    /** The notice of these reinsertions ended so; in the caller's transaction. */
    public void noticeEnded(Tenant tenant, List<Reinsertion> told, NoticeState state, Instant at) {
        for (Reinsertion reinsertion : told) {
            jdbc.update(tenant, "UPDATE reinsertions SET notice = ?, notice_ended_at = ? WHERE {tenant} AND id = ? AND notice = 'queued'",
                    state.value(), Timestamp.from(at), reinsertion.id());
        }
    }

    private static Reinsertion read(ResultSet row) throws SQLException {
        String item = row.getString("item");
        return new Reinsertion(row.getString("id"), row.getString("order_id"), CheckType.of(row.getString("check_type")),
                item == null ? null : FindingsJson.readRecord(item),
                new Findings.Source(row.getString("furnisher_name"), row.getString("furnisher_address"), row.getString("furnisher_phone")),
                row.getTimestamp("reinserted_at").toInstant(), row.getObject("notice_due_on", LocalDate.class));
    }
}
