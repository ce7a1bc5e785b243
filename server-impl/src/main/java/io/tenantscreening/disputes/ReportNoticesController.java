package io.tenantscreening.disputes;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.ReportNoticesApi;
import io.tenantscreening.api.model.ReportNoticeList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** GET /report_notices and GET /report_notices/{id}. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class ReportNoticesController implements ReportNoticesApi {

    private static final String LIST = "report_notices";

    private final ReportNotices notices;
    private final ReportNoticeMapper mapper;
    private final ListLinks links;

    public ReportNoticesController(ReportNotices notices, ReportNoticeMapper mapper, ListLinks links) {
        this.notices = notices;
        this.mapper = mapper;
        this.links = links;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.ReportNotice> getReportNotice(String id, @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(mapper.toApi(notices.get(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<ReportNoticeList> listReportNotices(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                                            @Nullable Integer perPage) {
        Tenant tenant = Caller.current().tenant();
        PageRequest request = links.request(LIST, tenant, cursor, perPage);
        Page<ReportNotice> page = notices.list(tenant, request);
        return HttpResponse.ok(mapper.toApi(page, links.links(LIST, "/report_notices", tenant, page, request.perPage(), Map.of())));
    }
}
