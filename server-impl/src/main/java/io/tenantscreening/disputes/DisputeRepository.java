package io.tenantscreening.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.applicants.ApplicantRepository;
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
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Table disputes, within one tenant (but for the sweep that finds overdue ones, and the
 * statements of one consumer, whose disputes may be other organisations'). Resolving, filing
 * a statement and ending the outcome email are conditional statements on the state they start
 * from, so of two racing (the provider's answer, the end of the period, the test helper; two
 * statements) one wins.
 */
@Singleton
public class DisputeRepository {

    private static final String TABLE = "disputes";
    private static final String COLUMNS = "id, mode, order_id, report_id, report_version, status, items, reason, created_at, "
            + "deadline, resolved_at, resolved_by, resolved_report_version, statement, statement_filed_at";
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

    /** Inserts an open dispute. */
    void insert(Tenant tenant, Dispute dispute) {
        jdbc.update(tenant, "INSERT INTO disputes (organization_id, mode, id, order_id, report_id, report_version, status, "
                        + "items, reason, created_at, deadline) VALUES ({tenant.values}, ?, ?, ?, ?, 'open', ?::jsonb, ?, ?, ?)",
                dispute.id(), dispute.orderId(), dispute.reportId(), dispute.reportVersion(), items(dispute.items()),
                dispute.reason(), dispute.createdAt(), dispute.deadline());
    }

    /** The open disputes of a report, oldest first (by when they were opened, then by id). */
    List<Dispute> openOfReport(Tenant tenant, String reportId) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM disputes WHERE {tenant} AND report_id = ? AND status = 'open' "
                + "ORDER BY created_at, id", DisputeRepository::read, reportId);
    }

    /** The items of an open dispute with the outcomes another dispute's resolution decided; false unless it was open. */
    boolean decide(Tenant tenant, String id, List<Dispute.Item> items) {
        return jdbc.update(tenant, "UPDATE disputes SET items = ?::jsonb WHERE {tenant} AND id = ? AND status = 'open'",
                items(items), id) == 1;
    }

    /** Files the statement of a resolved dispute that has none; false otherwise. */
    boolean fileStatement(Tenant tenant, String id, String statement, Instant at) {
        return jdbc.update(tenant, "UPDATE disputes SET statement = ?, statement_filed_at = ? WHERE {tenant} AND id = ? "
                + "AND status = 'resolved' AND statement IS NULL", statement, at, id) == 1;
    }

    /** A statement on record and the items of its dispute (their outcomes). */
    record FiledStatement(String text, Instant filedAt, List<Dispute.Item> items) {
    }

    /**
     * The statements filed on disputes of the reports of any of these applicants (the same
     * consumer, perhaps of several organisations) in {@code mode}, oldest first.
     */
    List<FiledStatement> statementsOf(Mode mode, List<ApplicantRepository.SameConsumer> consumer) {
        String pairs = String.join(", ", Collections.nCopies(consumer.size(), "(?, ?)"));
        List<Object> parameters = new ArrayList<>();
        parameters.add(mode.dbValue());
        for (ApplicantRepository.SameConsumer applicant : consumer) {
            parameters.add(applicant.organizationId());
            parameters.add(applicant.applicantId());
        }
        return jdbc.queryAcrossTenants("SELECT d.statement, d.statement_filed_at, d.items FROM disputes d JOIN orders o "
                        + "ON o.id = d.order_id AND o.organization_id = d.organization_id AND o.mode = d.mode "
                        + "WHERE d.mode = ? AND d.statement IS NOT NULL AND (o.organization_id, o.applicant_id) IN (" + pairs + ") "
                        + "ORDER BY d.statement_filed_at, d.id",
                row -> new FiledStatement(row.getString("statement"), instant(row.getTimestamp("statement_filed_at")),
                        items(row.getString("items"))), parameters.toArray());
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

    /** What the reinvestigation of the dispute did for each item; empty while none of its items is decided. */
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
                        + "ORDER BY deadline, created_at, id LIMIT ?",
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

    private static List<Dispute.Item> items(String stored) {
        List<Dispute.Item> items = new ArrayList<>();
        try {
            for (JsonNode item : JSON.readTree(stored)) {
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
        return items;
    }

    private static Dispute read(ResultSet row) throws SQLException {
        String statement = row.getString("statement");
        return new Dispute(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("order_id"),
                row.getString("report_id"), row.getInt("report_version"), Dispute.Status.of(row.getString("status")),
                items(row.getString("items")), row.getString("reason"), instant(row.getTimestamp("created_at")),
                instant(row.getTimestamp("deadline")), instant(row.getTimestamp("resolved_at")),
                Dispute.ResolvedBy.of(row.getString("resolved_by")), row.getObject("resolved_report_version", Integer.class),
                statement == null ? null : new Dispute.Statement(statement, instant(row.getTimestamp("statement_filed_at"))));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
