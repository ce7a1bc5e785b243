package io.tenantscreening.reports;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.tenantscreening.api.ReportsApi;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.orders.OrderService;

import java.util.Set;

/**
 * GET /orders/{id}/report and GET /reports/{id}. No order produces a report yet (report
 * production arrives with the screening providers), so both answer 404 for every id: the
 * first says whether the order exists at all.
 */
@Controller
public class ReportsController implements ReportsApi {

    private final OrderService orders;

    public ReportsController(OrderService orders) {
        this.orders = orders;
    }

    @Override
    public HttpResponse<Object> getOrderReport(String id, @Nullable String serviceTenantVersion) {
        String orderId = orders.get(Caller.current().tenant(), id, Set.of()).order().id();
        throw ApiException.notFound("Order '" + orderId + "' has no report yet: a report exists once the order is "
                + "completed. Poll again later or wait for the report.completed event.");
    }

    @Override
    public HttpResponse<Object> getReport(String id, @Nullable String serviceTenantVersion) {
        throw ApiException.notFound("No report with id '" + Echo.of(id) + "'.");
    }
}
