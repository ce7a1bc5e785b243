package io.tenantscreening.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.TenantJdbc;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Table reports, within one tenant. */
@Singleton
public class ReportRepository {

    private static final String COLUMNS = "id, mode, order_id, checks, created_at, completed_at";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TenantJdbc jdbc;

    public ReportRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Tenant tenant, Report report) {
        jdbc.update(tenant, "INSERT INTO reports (organization_id, mode, id, order_id, result, checks, created_at, "
                        + "completed_at) VALUES ({tenant.values}, ?, ?, ?, ?::jsonb, ?, ?)",
                report.id(), report.orderId(), report.consider() ? "consider" : "clear", checks(report),
                report.createdAt(), report.completedAt());
    }

    Optional<Report> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM reports WHERE {tenant} AND id = ?", ReportRepository::read, id);
    }

    Optional<Report> findByOrder(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM reports WHERE {tenant} AND order_id = ?",
                ReportRepository::read, orderId);
    }

    private static String checks(Report report) {
        ArrayNode checks = JSON.createArrayNode();
        for (Report.CheckResult check : report.checks()) {
            try {
                checks.addObject().put("type", check.type()).put("provider", check.provider())
                        .put("result", check.consider() ? "consider" : "clear")
                        .set("details", JSON.readTree(check.details()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return checks.toString();
    }

    private static Report read(ResultSet row) throws SQLException {
        List<Report.CheckResult> checks = new ArrayList<>();
        try {
            for (JsonNode check : JSON.readTree(row.getString("checks"))) {
                checks.add(new Report.CheckResult(check.get("type").asText(), check.get("provider").asText(),
                        check.get("result").asText().equals("consider"),
                        check.get("details").toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Report(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("order_id"), checks, row.getTimestamp("created_at").toInstant(),
                row.getTimestamp("completed_at").toInstant());
    }
}
