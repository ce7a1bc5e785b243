package io.tenantscreening.disputes;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.DisputesApi;
import io.tenantscreening.api.model.DisputeList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** GET /orders/{id}/disputes and GET /disputes/{id}. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class DisputesController implements DisputesApi {

    private static final String LIST = "disputes";

    private final DisputeService disputes;
    private final DisputeMapper mapper;
    private final ListLinks links;

    public DisputesController(DisputeService disputes, DisputeMapper mapper, ListLinks links) {
        this.disputes = disputes;
        this.mapper = mapper;
        this.links = links;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Dispute> getDispute(String id, @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(mapper.toApi(disputes.get(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<DisputeList> listOrderDisputes(String id, @Nullable String serviceTenantVersion, @Nullable String cursor,
                                                       @Nullable Integer perPage) {
        Tenant tenant = Caller.current().tenant();
        String list = LIST + ":" + id;
        PageRequest request = links.request(list, tenant, cursor, perPage);
        Page<Dispute> page = disputes.list(tenant, id, request);
        return HttpResponse.ok(mapper.toApi(page, links.links(list, "/orders/" + id + "/disputes", tenant, page,
                request.perPage(), Map.of())));
    }
}
