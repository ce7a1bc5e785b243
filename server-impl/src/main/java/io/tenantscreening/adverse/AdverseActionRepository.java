package io.tenantscreening.adverse;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Table adverse_actions, within one tenant. Every change of state is one conditional
 * statement on the state it starts from, so that of two changes racing (a cancel and the
 * end of the window, or two instances ending one window) exactly one is made.
 */
@Singleton
public class AdverseActionRepository {

    private static final String TABLE = "adverse_actions";
    private static final String COLUMNS = "id, mode, order_id, report_id, decision, conditions, reasons, notice, status, "
            + "response_days, response_deadline, pre_adverse_notice_sent_at, adverse_action_notice_sent_at, created_at, "
            + "completed_at, canceled_at, assessment_factors, assessment_explanation";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public AdverseActionRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** Inserts it; false when its order already has one pending or completed (the database decides, racing requests included). */
    boolean insert(Tenant tenant, AdverseAction action) {
        return jdbc.update(tenant, "INSERT INTO adverse_actions (organization_id, mode, id, order_id, report_id, decision, "
                        + "conditions, reasons, notice, status, response_days, response_deadline, pre_adverse_notice_sent_at, "
                        + "adverse_action_notice_sent_at, created_at, completed_at, canceled_at, assessment_factors, "
                        + "assessment_explanation) VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (order_id) WHERE status IN ('pending', 'completed') DO NOTHING",
                action.id(), action.orderId(), action.reportId(), action.decision().value(), action.conditions(),
                action.reasons(), action.path().value(), action.status().value(), action.responseDays(),
                action.responseDeadline(), action.preAdverseNoticeSentAt(), action.adverseActionNoticeSentAt(),
                action.createdAt(), action.completedAt(), action.canceledAt(),
                action.assessment() == null ? null : action.assessment().factors(),
                action.assessment() == null ? null : action.assessment().explanation()) == 1;
    }

    Optional<AdverseAction> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM adverse_actions WHERE {tenant} AND id = ?",
                AdverseActionRepository::read, id);
    }

    /** pending → completed, the adverse action notice made at {@code now}; empty unless it was pending. */
    Optional<AdverseAction> complete(Tenant tenant, String id, Instant now) {
        return jdbc.queryOne(tenant, "UPDATE adverse_actions SET status = 'completed', completed_at = ?, "
                        + "adverse_action_notice_sent_at = ? WHERE {tenant} AND id = ? AND status = 'pending' RETURNING " + COLUMNS,
                AdverseActionRepository::read, now, now, id);
    }

    /** pending → canceled at {@code now}; empty unless it was pending. */
    Optional<AdverseAction> cancel(Tenant tenant, String id, Instant now) {
        return jdbc.queryOne(tenant, "UPDATE adverse_actions SET status = 'canceled', canceled_at = ? "
                        + "WHERE {tenant} AND id = ? AND status = 'pending' RETURNING " + COLUMNS,
                AdverseActionRepository::read, now, id);
    }

    /** A page of the tenant's adverse actions, or of one order's. */
    Page<AdverseAction> page(Tenant tenant, PageRequest request, String orderId) {
        KeysetPager.Filter filter = orderId == null ? KeysetPager.Filter.none(TABLE)
                : new KeysetPager.Filter("order_id = ?", List.of(orderId), TABLE + ":" + orderId);
        return pager.page(TABLE, COLUMNS, tenant, request, AdverseActionRepository::read, filter);
    }

    private static AdverseAction read(ResultSet row) throws SQLException {
        return new AdverseAction(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("order_id"),
                row.getString("report_id"), AdverseAction.Decision.of(row.getString("decision")), row.getString("conditions"),
                Arrays.asList((String[]) row.getArray("reasons").getArray()), AdverseAction.Path.of(row.getString("notice")),
                AdverseAction.Status.of(row.getString("status")), row.getObject("response_days", Integer.class),
                instant(row.getTimestamp("response_deadline")), instant(row.getTimestamp("pre_adverse_notice_sent_at")),
                instant(row.getTimestamp("adverse_action_notice_sent_at")), instant(row.getTimestamp("created_at")),
                instant(row.getTimestamp("completed_at")), instant(row.getTimestamp("canceled_at")),
                row.getString("assessment_explanation") == null ? null : new AdverseAction.Assessment(
                        Arrays.asList((String[]) row.getArray("assessment_factors").getArray()),
                        row.getString("assessment_explanation")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
