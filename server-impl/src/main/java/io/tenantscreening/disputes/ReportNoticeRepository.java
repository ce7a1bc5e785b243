package io.tenantscreening.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.screening.CheckType;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Table report_notices: each notice belongs to the tenant of the report it is about (the
 * recipient), whatever tenant's dispute made it; one per report, dispute and type.
 */
@Singleton
public class ReportNoticeRepository {

    private static final String TABLE = "report_notices";
    private static final String COLUMNS = "id, mode, type, order_id, report_id, received_at, items, statement, occurred_at, created_at";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public ReportNoticeRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** Inserts a notice in the recipient's tenant; false when the report was told of this dispute, with this type, already. */
    boolean insert(Tenant recipient, ReportNotice notice, Tenant source, String disputeId) {
        return jdbc.update(recipient, "INSERT INTO report_notices (organization_id, mode, id, type, order_id, report_id, received_at, "
                        + "items, statement, occurred_at, source_organization_id, source_dispute_id, created_at) VALUES ({tenant.values}, "
                        + "?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?) ON CONFLICT (report_id, source_dispute_id, type) DO NOTHING",
                notice.id(), notice.type(), notice.orderId(), notice.reportId(), Timestamp.from(notice.receivedAt()),
                items(notice.items()), notice.statement(), Timestamp.from(notice.occurredAt()), source.organizationId(), disputeId,
                Timestamp.from(notice.createdAt())) == 1;
    }

    /** The reports told of the dispute with notices of this type already, and when (any tenant: the dispute's own view). */
    List<Told> told(Tenant source, String disputeId, String type) {
        return jdbc.queryAcrossTenants("SELECT report_id, created_at FROM report_notices WHERE source_organization_id = ? AND mode = ? "
                        + "AND source_dispute_id = ? AND type = ?", row -> new Told(row.getString(1), row.getTimestamp(2).toInstant()),
                source.organizationId(), source.mode().dbValue(), disputeId, type);
    }

    /** A report told of a dispute, and when. */
    record Told(String reportId, Instant at) {
    }

    Optional<ReportNotice> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM report_notices WHERE {tenant} AND id = ?", ReportNoticeRepository::read, id);
    }

    Page<ReportNotice> page(Tenant tenant, PageRequest request) {
        return pager.page(TABLE, COLUMNS, tenant, request, ReportNoticeRepository::read, KeysetPager.Filter.none(TABLE));
    }

    private static String items(List<ReportNotice.Item> items) {
        ArrayNode array = JSON.createArrayNode();
        try {
            for (ReportNotice.Item item : items) {
                array.addObject().put("check", item.check().value()).set("record", item.wholeCheck() ? null : JSON.readTree(item.record()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return array.toString();
    }

    private static ReportNotice read(ResultSet row) throws SQLException {
        List<ReportNotice.Item> items = new ArrayList<>();
        try {
            for (JsonNode item : JSON.readTree(row.getString("items"))) {
                JsonNode record = item.get("record");
                items.add(new ReportNotice.Item(CheckType.of(item.get("check").asText()),
                        record == null || record.isNull() ? null : record.toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ReportNotice(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("type"),
                row.getString("order_id"), row.getString("report_id"), instant(row, "received_at"), items, row.getString("statement"),
                instant(row, "occurred_at"), instant(row, "created_at"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        return row.getTimestamp(column).toInstant();
    }
}
