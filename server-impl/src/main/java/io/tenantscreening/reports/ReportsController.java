package io.tenantscreening.reports;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.ReportsApi;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.contract.ContentNegotiation;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.web.RequestThreads;

import java.util.List;
import java.util.Set;

/**
 * GET /orders/{id}/report and GET /reports/{id}: the same report, as JSON, or as a PDF
 * when the Accept header prefers application/pdf (JSON on a tie). An Accept that allows
 * neither was answered 406 by the contract check. GET /reports/{id}/versions/{version}: a
 * version of the report, answered alike. GET /reports/{id}/pdf: the PDF only.
 */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class ReportsController implements ReportsApi {

    private static final List<String> ANSWERS = List.of(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PDF);

    private final ReportService reports;
    private final ReportMapper mapper;
    private final ReportPdf pdf;
    private final OrderService orders;

    public ReportsController(ReportService reports, ReportMapper mapper, ReportPdf pdf, OrderService orders) {
        this.reports = reports;
        this.mapper = mapper;
        this.pdf = pdf;
        this.orders = orders;
    }

    @Override
    public HttpResponse<Object> getOrderReport(String id, @Nullable String serviceTenantVersion) {
        Tenant tenant = Caller.current().tenant();
        return answer(tenant, reports.forOrder(tenant, id));
    }

    @Override
    public HttpResponse<Object> getReport(String id, @Nullable String serviceTenantVersion) {
        Tenant tenant = Caller.current().tenant();
        return answer(tenant, reports.get(tenant, id));
    }

    @Override
    public HttpResponse<Object> getReportVersion(String id, Integer version, @Nullable String serviceTenantVersion) {
        Tenant tenant = Caller.current().tenant();
        return answer(tenant, reports.get(tenant, id, version));
    }

    @Override
    public HttpResponse<byte[]> getReportPdf(String id, @Nullable String serviceTenantVersion) {
        Tenant tenant = Caller.current().tenant();
        return pdf(tenant, reports.get(tenant, id));
    }

    private HttpResponse<Object> answer(Tenant tenant, Report report) {
        HttpRequest<?> request = ServerRequestContext.currentRequest().orElseThrow();
        if (!ContentNegotiation.choose(request, ANSWERS).orElseThrow().equals(MediaType.APPLICATION_PDF)) {
            return HttpResponse.ok(mapper.toApi(report));
        }
        return HttpResponse.<Object>ok().contentType(MediaType.APPLICATION_PDF_TYPE)
                .header(HttpHeaders.CONTENT_DISPOSITION, disposition(report)).body(document(tenant, report));
    }

    private HttpResponse<byte[]> pdf(Tenant tenant, Report report) {
        return HttpResponse.ok(document(tenant, report)).contentType(MediaType.APPLICATION_PDF_TYPE)
                .header(HttpHeaders.CONTENT_DISPOSITION, disposition(report));
    }

    private byte[] document(Tenant tenant, Report report) {
        return pdf.render(report, orders.get(tenant, report.orderId(), Set.of(Include.PROPERTY, Include.APPLICANT)));
    }

    private static String disposition(Report report) {
        return "inline; filename=\"" + report.id() + ".pdf\"";
    }
}
