package io.tenantscreening.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.policies.Decision;
import io.tenantscreening.policies.ReasonCode;
import io.tenantscreening.policies.Recommendation;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Table reports, within one tenant: the checks and the recommendation as JSON, fixed when the report is made. */
@Singleton
public class ReportRepository {

    private static final String COLUMNS = "id, mode, order_id, version, status, checks, recommendation, created_at, completed_at";
    private static final String VERSION_COLUMNS = "r.id, r.mode, r.order_id, v.version, 'superseded' AS status, v.checks, "
            + "v.recommendation, r.created_at, r.completed_at";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TenantJdbc jdbc;

    public ReportRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Tenant tenant, Report report) {
        jdbc.update(tenant, "INSERT INTO reports (organization_id, mode, id, order_id, result, checks, recommendation, "
                        + "created_at, completed_at) VALUES ({tenant.values}, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)",
                report.id(), report.orderId(), report.consider() ? "consider" : "clear", checks(report),
                recommendation(report.recommendation()), report.createdAt(), report.completedAt());
    }

    Optional<Report> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM reports WHERE {tenant} AND id = ?", ReportRepository::read, id);
    }

    /** The tenant and order of the report with this id, whatever its tenant (for the operator command line). */
    Optional<ReportService.Located> locate(String id) {
        return jdbc.queryAcrossTenants("SELECT organization_id, mode, order_id FROM reports WHERE id = ?",
                row -> new ReportService.Located(new Tenant(row.getString(1), Mode.fromDb(row.getString(2))), row.getString(3)), id)
                .stream().findFirst();
    }

    Optional<Report> findByOrder(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM reports WHERE {tenant} AND order_id = ?",
                ReportRepository::read, orderId);
    }

    /** The reports of these orders of the tenant (those that have one), in one statement. */
    List<Report> findByOrders(Tenant tenant, List<String> orderIds) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM reports WHERE {tenant} AND order_id = ANY (?)",
                ReportRepository::read, orderIds);
    }

    /** The report, its row locked until the transaction ends. */
    Optional<Report> lock(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM reports WHERE {tenant} AND id = ? FOR UPDATE",
                ReportRepository::read, id);
    }

    /** An earlier version of the report, as it stood until it was superseded. */
    Optional<Report> findVersion(Tenant tenant, String id, int version) {
        return jdbc.queryOne(tenant, "SELECT " + VERSION_COLUMNS + " FROM report_versions v JOIN reports r ON r.id = v.report_id "
                + "WHERE {tenant:r} AND r.id = ? AND v.version = ?", ReportRepository::read, id, version);
    }

    void setStatus(Tenant tenant, String id, Report.Status status) {
        jdbc.update(tenant, "UPDATE reports SET status = ? WHERE {tenant} AND id = ?", status.value(), id);
    }

    /**
     * Keeps the report as it stands as its version, then makes {@code revised} (the next
     * version, complete) the report; under the report's lock.
     */
    void supersede(Tenant tenant, Report current, Report revised, Instant at) {
        jdbc.update(tenant, "INSERT INTO report_versions (organization_id, mode, report_id, version, result, checks, "
                        + "recommendation, superseded_at) VALUES ({tenant.values}, ?, ?, ?, ?::jsonb, ?::jsonb, ?)",
                current.id(), current.version(), current.consider() ? "consider" : "clear", checks(current),
                recommendation(current.recommendation()), at);
        jdbc.update(tenant, "UPDATE reports SET version = ?, status = ?, result = ?, checks = ?::jsonb, recommendation = ?::jsonb "
                        + "WHERE {tenant} AND id = ? AND version = ?", revised.version(), revised.status().value(),
                revised.consider() ? "consider" : "clear", checks(revised), recommendation(revised.recommendation()),
                current.id(), current.version());
    }

    private static String checks(Report report) {
        ArrayNode checks = JSON.createArrayNode();
        for (Report.CheckResult check : report.checks()) {
            try {
                ObjectNode stored = checks.addObject().put("type", check.type()).put("provider", check.provider())
                        .put("result", check.restriction() != null ? "unavailable" : check.consider() ? "consider" : "clear");
                stored.set("details", JSON.readTree(check.details()));
                if (check.restriction() != null) {
                    ObjectNode restriction = stored.putObject("restriction")
                            .put("reason", check.restriction().reason().value())
                            .put("description", check.restriction().description());
                    ArrayNode citations = restriction.putArray("citations");
                    check.restriction().citations().forEach(citation -> citations.addObject().put("place", citation.place())
                            .put("section", citation.section()));
                }
                if (check.findingsDeleted()) {
                    stored.put("findings_deleted", true);
                }
                if (!check.leftOut().isEmpty()) {
                    stored.set("records_left_out", LeftOutJson.tree(check.leftOut()));
                }
                if (!check.statements().isEmpty()) {
                    ArrayNode statements = stored.putArray("consumer_statements");
                    for (Report.Statement statement : check.statements()) {
                        ObjectNode noted = statements.addObject().put("text", statement.text())
                                .put("filed_at", statement.filedAt().toString());
                        if (statement.records() == null) {
                            noted.putNull("records");
                        } else {
                            statement.records().forEach(noted.putArray("records")::add);
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return checks.toString();
    }

    /** The recommendation as stored, with the policy's name for the report's PDF; null when there is none. */
    private static String recommendation(Recommendation recommendation) {
        if (recommendation == null) {
            return null;
        }
        ObjectNode stored = JSON.createObjectNode().put("decision", recommendation.decision().value())
                .put("policy_id", recommendation.policyId()).put("policy_name", recommendation.policyName());
        ArrayNode reasons = stored.putArray("reasons");
        recommendation.reasons().forEach(reason -> reasons.addObject().put("code", reason.code().value())
                .put("check", reason.check()).put("detail", reason.detail()));
        return stored.toString();
    }

    private static Recommendation recommendation(String stored) throws IOException {
        if (stored == null) {
            return null;
        }
        JsonNode json = JSON.readTree(stored);
        List<Recommendation.Reason> reasons = new ArrayList<>();
        for (JsonNode reason : json.get("reasons")) {
            reasons.add(new Recommendation.Reason(ReasonCode.of(reason.get("code").asText()), reason.get("check").asText(),
                    reason.get("detail").asText()));
        }
        return new Recommendation(Decision.of(json.get("decision").asText()), json.get("policy_id").asText(),
                json.get("policy_name").asText(), reasons);
    }

    /** Why a stored check was not run; null for one that ran, and in checks stored before checks could be held. */
    private static Report.Restriction restriction(JsonNode restriction) {
        if (!restriction.isObject()) {
            return null;
        }
        List<Citation> citations = new ArrayList<>();
        restriction.get("citations").forEach(citation -> citations.add(new Citation(citation.get("place").asText(),
                citation.get("section").asText())));
        return new Report.Restriction(Report.Restriction.Reason.of(restriction.get("reason").asText()),
                restriction.get("description").asText(), citations);
    }

    /** The statements a stored check notes; none in checks stored before statements existed. */
    private static List<Report.Statement> statements(JsonNode check) {
        List<Report.Statement> statements = new ArrayList<>();
        for (JsonNode statement : check.path("consumer_statements")) {
            List<Integer> records = null;
            if (statement.get("records").isArray()) {
                records = new ArrayList<>();
                for (JsonNode record : statement.get("records")) {
                    records.add(record.asInt());
                }
            }
            statements.add(new Report.Statement(statement.get("text").asText(), Instant.parse(statement.get("filed_at").asText()),
                    records));
        }
        return statements;
    }

    private static Report read(ResultSet row) throws SQLException {
        List<Report.CheckResult> checks = new ArrayList<>();
        Recommendation recommendation;
        try {
            for (JsonNode check : JSON.readTree(row.getString("checks"))) {
                checks.add(new Report.CheckResult(check.get("type").asText(), check.get("provider").asText(),
                        check.get("result").asText().equals("consider"),
                        check.get("details").toString(), check.path("findings_deleted").asBoolean(false), statements(check),
                        LeftOutJson.read(check.path("records_left_out")), restriction(check.path("restriction"))));
            }
            recommendation = recommendation(row.getString("recommendation"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Report(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("order_id"),
                row.getInt("version"), Report.Status.of(row.getString("status")), checks, recommendation, row.getTimestamp("created_at").toInstant(), row.getTimestamp("completed_at").toInstant());
    }
}
