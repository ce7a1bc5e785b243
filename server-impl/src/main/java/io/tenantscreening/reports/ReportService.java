package io.tenantscreening.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Makes the report of a screened order, with its report.completed event; marks it disputed
 * (report.disputed) when a first dispute of it opens, and revises it when a dispute is
 * resolved or a statement of dispute filed (report.updated, a new version when its checks or
 * recommendation changed, the earlier one kept; no event when nothing changed); reads reports
 * of one tenant and their earlier versions.
 */
@Singleton
public class ReportService {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ReportRepository reports;
    private final EventService events;
    private final ReportMapper mapper;
    private final OrderService orders;
    private final Traces traces;

    public ReportService(ReportRepository reports, EventService events, ReportMapper mapper, OrderService orders, Traces traces) {
        this.reports = reports;
        this.traces = traces;
        this.events = events;
        this.mapper = mapper;
        this.orders = orders;
    }

    /**
     * The report of an order whose checks are all complete, with its recommendation (null
     * without a policy), made at {@code now}, and its report.completed event; in the caller's
     * transaction, which holds the order's lock.
     */
    @Transactional
    public Report create(Tenant tenant, String orderId, List<Report.CheckResult> checks, Recommendation recommendation,
                         Instant now) {
        return traces.inSpan("report create", "order.id", orderId, () -> {
            Report report = new Report(PublicIds.newId("rpt", tenant.mode()), tenant.mode(), orderId, checks, recommendation,
                    now, now);
            reports.insert(tenant, report);
            events.record(tenant, EventType.REPORT_COMPLETED, report.id(), mapper.json(report), null, now);
            return report;
        });
    }

    /** The report, locked until the caller's transaction ends; 404 when there is no such report. */
    @Transactional
    public Report lock(Tenant tenant, String id) {
        return reports.lock(tenant, id).orElseThrow(() -> ApiException.notFound("No report with id '" + Echo.of(id) + "'."));
    }

    /** A dispute of the locked, complete report was opened: it is disputed, with a report.disputed event. */
    @Transactional
    public Report disputed(Tenant tenant, Report locked, Instant now) {
        Report disputed = locked.withStatus(Report.Status.DISPUTED);
        reports.setStatus(tenant, locked.id(), Report.Status.DISPUTED);
        events.record(tenant, EventType.REPORT_DISPUTED, locked.id(), mapper.json(disputed), null,
                changed(locked, disputed), now);
        return disputed;
    }

    /**
     * The locked report with these checks and recommendation, {@code disputed} while a dispute
     * of it is still open and complete otherwise: when its checks or recommendation changed,
     * the next version (the one it was is kept). A report.updated event with the previous value
     * of what changed; nothing at all when nothing did.
     */
    @Transactional
    public Report revise(Tenant tenant, Report locked, List<Report.CheckResult> checks, Recommendation recommendation,
                         boolean disputed, Instant now) {
        Report.Status status = disputed ? Report.Status.DISPUTED : Report.Status.COMPLETE;
        Report same = new Report(locked.id(), locked.mode(), locked.orderId(), locked.version(), status, checks,
                recommendation, locked.createdAt(), locked.completedAt());
        Report revised;
        if (!content(same).equals(content(locked))) {
            revised = new Report(locked.id(), locked.mode(), locked.orderId(), locked.version() + 1, status, checks,
                    recommendation, locked.createdAt(), locked.completedAt());
            reports.supersede(tenant, locked, revised, now);
        } else if (status != locked.status()) {
            revised = same;
            reports.setStatus(tenant, locked.id(), status);
        } else {
            return locked;
        }
        events.record(tenant, EventType.REPORT_UPDATED, locked.id(), mapper.json(revised), null,
                changed(locked, revised), now);
        return revised;
    }

    /** A version of the report, an earlier one or the current one; 404 for a version it never had. */
    @Connectable
    public Report get(Tenant tenant, String id, int version) {
        Report current = get(tenant, id);
        if (version == current.version()) {
            return current;
        }
        return (version < current.version() ? reports.findVersion(tenant, id, version) : Optional.<Report>empty())
                .orElseThrow(() -> ApiException.notFound("Report '" + current.id() + "' has no version " + version
                        + "; its versions are 1 to " + current.version() + "."));
    }

    /** A report's tenant and order, found by its id alone. */
    public record Located(Tenant tenant, String orderId) {
    }

    /** The tenant and order of the report with this id in any tenant, for the agency's staff (the operator command line). */
    @Connectable
    public Optional<Located> locate(String id) {
        return reports.locate(id);
    }

    /** Reads run without a transaction of their own, as {@code OrderService.get} explains. */
    @Connectable
    public Report get(Tenant tenant, String id) {
        return reports.findById(tenant, id).orElseThrow(() -> ApiException.notFound("No report with id '" + Echo.of(id) + "'."));
    }

    /** What the API shows of a report's checks and recommendation, to compare two reports by. */
    private JsonNode content(Report report) {
        JsonNode shown = tree(mapper.json(report));
        return JSON.createArrayNode().add(shown.get("checks")).add(shown.get("recommendation"));
    }

    /** The previous value of each member of the report the API shows differently after (JSON). */
    private String changed(Report before, Report after) {
        JsonNode was = tree(mapper.json(before));
        JsonNode now = tree(mapper.json(after));
        ObjectNode previous = JSON.createObjectNode();
        was.fields().forEachRemaining(member -> {
            if (!member.getValue().equals(now.get(member.getKey()))) {
                previous.set(member.getKey(), member.getValue());
            }
        });
        return previous.toString();
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The reports of these orders of the tenant, by order id, read in one statement; an order
     * without a report (or not the tenant's) is absent.
     */
    @Connectable
    public Map<String, Report> forOrders(Tenant tenant, List<String> orderIds) {
        if (orderIds.isEmpty()) {
            return Map.of();
        }
        return reports.findByOrders(tenant, orderIds).stream().collect(Collectors.toMap(Report::orderId, report -> report));
    }

    /** The report of an order of the tenant; 404 when there is no such order, or no report yet. */
    @Connectable
    public Report forOrder(Tenant tenant, String orderId) {
        String id = orders.get(tenant, orderId, Set.of()).order().id();
        return reports.findByOrder(tenant, id).orElseThrow(() -> ApiException.notFound("Order '" + id + "' has no report yet: "
                + "a report exists once the order is completed. Poll again later or wait for the report.completed event."));
    }
}
