package io.tenantscreening.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Reinvestigation;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Table disputes, within one tenant (but for the sweep that finds overdue ones). Resolving
 * and ending the outcome email are conditional statements on the state they start from, so
 * of two racing (the provider's answer, the end of the period, the test helper) one wins.
 */
@Singleton
public class DisputeRepository {

    private static final String TABLE = "disputes";
    private static final String COLUMNS = "id, mode, order_id, report_id, report_version, status, items, reason, created_at, "
            + "deadline, resolved_at, resolved_by, resolved_report_version";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How a dispute's outcome email ended, or that it has not yet. */
    enum EmailState {
        QUEUED, SENT, NOT_SENT_TEST_MODE;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public DisputeRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** Inserts an open dispute; false when its report already has an open one (the database decides, racing requests included). */
    boolean insert(Tenant tenant, Dispute dispute) {
        return jdbc.update(tenant, "INSERT INTO disputes (organization_id, mode, id, order_id, report_id, report_version, status, "
                        + "items, reason, created_at, deadline) VALUES ({tenant.values}, ?, ?, ?, ?, 'open', ?::jsonb, ?, ?, ?) "
                        + "ON CONFLICT (report_id) WHERE status = 'open' DO NOTHING",
                dispute.id(), dispute.orderId(), dispute.reportId(), dispute.reportVersion(), items(dispute.items()),
                dispute.reason(), dispute.createdAt(), dispute.deadline()) == 1;
    }

    Optional<Dispute> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM disputes WHERE {tenant} AND id = ?", DisputeRepository::read, id);
    }

    /** The dispute, its row locked until the transaction ends. */
    Optional<Dispute> lock(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM disputes WHERE {tenant} AND id = ? FOR UPDATE",
                DisputeRepository::read, id);
    }

    /** open → resolved with these items (their outcomes) at {@code at}; its outcome email queued. False unless it was open. */
    boolean resolve(Tenant tenant, String id, List<Dispute.Item> items, Instant at, Dispute.ResolvedBy by, int reportVersion) {
        return jdbc.update(tenant, "UPDATE disputes SET status = 'resolved', items = ?::jsonb, resolved_at = ?, resolved_by = ?, "
                        + "resolved_report_version = ?, outcome_email = 'queued' WHERE {tenant} AND id = ? AND status = 'open'",
                items(items), at, by.value(), reportVersion, id) == 1;
    }

    /** Records how the dispute reached the agency (its row says online until told otherwise); in the caller's transaction. */
    void receivedVia(Tenant tenant, String id, Intake.Channel channel) {
        if (channel != Intake.Channel.ONLINE) {
            jdbc.update(tenant, "UPDATE disputes SET received_via = ? WHERE {tenant} AND id = ?", channel.value(), id);
        }
    }

    /** How the dispute reached the agency. */
    Intake.Channel receivedVia(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT received_via FROM disputes WHERE {tenant} AND id = ?",
                row -> Intake.Channel.of(row.getString(1)), id).orElseThrow();
    }

    /** Records what the reinvestigation of a resolved dispute did for each item ({@link DisputeProcedure}). */
    void procedure(Tenant tenant, String id, List<DisputeProcedure.Step> steps) {
        jdbc.update(tenant, "UPDATE disputes SET procedure = ?::jsonb WHERE {tenant} AND id = ?", DisputeProcedure.json(steps), id);
    }

    /** What the reinvestigation of the dispute did for each item; empty while it is open. */
    List<DisputeProcedure.Step> procedure(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT procedure FROM disputes WHERE {tenant} AND id = ? AND procedure IS NOT NULL",
                row -> DisputeProcedure.read(row.getString(1)), id).orElse(List.of());
    }

    /** Whether the dispute's outcome email is still to be sent. */
    boolean emailQueued(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT outcome_email = 'queued' FROM disputes WHERE {tenant} AND id = ?",
                row -> row.getBoolean(1), id).orElse(false);
    }

    /** queued → how the email ended; false unless it was queued. */
    boolean emailEnded(Tenant tenant, String id, EmailState state) {
        return jdbc.update(tenant, "UPDATE disputes SET outcome_email = ? WHERE {tenant} AND id = ? AND outcome_email = 'queued'",
                state.value(), id) == 1;
    }

    /** A page of an order's disputes. */
    Page<Dispute> page(Tenant tenant, PageRequest request, String orderId) {
        return pager.page(TABLE, COLUMNS, tenant, request, DisputeRepository::read,
                new KeysetPager.Filter("order_id = ?", List.of(orderId), TABLE + ":" + orderId));
    }

    /** The resolved disputes of an order, newest first. */
    List<Dispute> resolvedOfOrder(Tenant tenant, String orderId) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM disputes WHERE {tenant} AND order_id = ? AND status = 'resolved' "
                + "ORDER BY created_at DESC, id DESC", DisputeRepository::read, orderId);
    }

    /** Open disputes of every tenant whose reinvestigation period ended by {@code now}, oldest deadline first. */
    List<DisputeRef> overdue(Instant now, int limit) {
        return jdbc.queryAcrossTenants("SELECT organization_id, mode, id FROM disputes WHERE status = 'open' AND deadline <= ? "
                        + "ORDER BY deadline LIMIT ?",
                row -> new DisputeRef(row.getString("organization_id"), row.getString("mode"), row.getString("id")), now, limit);
    }

    private static String items(List<Dispute.Item> items) {
        ArrayNode array = JSON.createArrayNode();
        for (Dispute.Item item : items) {
            ObjectNode stored = array.addObject().put("check", item.check().value()).put("record", item.record());
            try {
                stored.set(item.wholeCheck() ? "disputed_check" : "disputed_record", JSON.readTree(item.disputed()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stored.put("outcome", item.outcome() == null ? null : item.outcome().value());
        }
        return array.toString();
    }

    private static Dispute read(ResultSet row) throws SQLException {
        List<Dispute.Item> items = new ArrayList<>();
        try {
            for (JsonNode item : JSON.readTree(row.getString("items"))) {
                JsonNode outcome = item.get("outcome");
                JsonNode record = item.get("record");
                boolean whole = record == null || record.isNull();
                items.add(new Dispute.Item(CheckType.of(item.get("check").asText()), whole ? null : record.asInt(),
                        item.get(whole ? "disputed_check" : "disputed_record").toString(),
                        outcome == null || outcome.isNull() ? null : Reinvestigation.Outcome.of(outcome.asText())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Dispute(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("order_id"),
                row.getString("report_id"), row.getInt("report_version"), Dispute.Status.of(row.getString("status")), items,
                row.getString("reason"), instant(row.getTimestamp("created_at")), instant(row.getTimestamp("deadline")),
                instant(row.getTimestamp("resolved_at")), Dispute.ResolvedBy.of(row.getString("resolved_by")),
                row.getObject("resolved_report_version", Integer.class));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
