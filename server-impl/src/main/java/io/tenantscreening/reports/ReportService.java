package io.tenantscreening.reports;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import io.tenantscreening.orders.OrderService;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Makes the report of a screened order, with its report.completed event, and reads reports of one tenant. */
@Singleton
public class ReportService {

    private final ReportRepository reports;
    private final EventService events;
    private final ReportRepresentation representation;
    private final OrderService orders;

    public ReportService(ReportRepository reports, EventService events, ReportRepresentation representation, OrderService orders) {
        this.reports = reports;
        this.events = events;
        this.representation = representation;
        this.orders = orders;
    }

    /**
     * The report of an order whose checks are all complete, made at {@code now}, and its
     * report.completed event; in the caller's transaction, which holds the order's lock.
     */
    @Transactional
    public Report create(Tenant tenant, String orderId, List<Report.CheckResult> checks, Instant now) {
        Report report = new Report(PublicIds.newId("rpt", tenant.mode()), tenant.mode(), orderId, checks, now, now);
        reports.insert(tenant, report);
        events.record(tenant, EventType.REPORT_COMPLETED, report.id(), representation.json(report), null, now);
        return report;
    }

    /** Reads run without a transaction of their own, as {@code OrderService.get} explains. */
    @Connectable
    public Report get(Tenant tenant, String id) {
        return reports.findById(tenant, id).orElseThrow(() -> ApiException.notFound("No report with id '" + Echo.of(id) + "'."));
    }

    /** The report of an order of the tenant; 404 when there is no such order, or no report yet. */
    @Connectable
    public Report forOrder(Tenant tenant, String orderId) {
        String id = orders.get(tenant, orderId, Set.of()).order().id();
        return reports.findByOrder(tenant, id).orElseThrow(() -> ApiException.notFound("Order '" + id + "' has no report yet: "
                + "a report exists once the order is completed. Poll again later or wait for the report.completed event."));
    }
}
