package io.tenantscreening.households;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.RentalApplicationsApi;
import io.tenantscreening.api.model.AddRentalApplicationMemberRequest;
import io.tenantscreening.api.model.CreateRentalApplicationRequest;
import io.tenantscreening.api.model.RentalApplication;
import io.tenantscreening.api.model.RentalApplicationList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** The rental applications of households: POST and GET /rental_applications, GET /rental_applications/{id}, and their changes. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class RentalApplicationsController implements RentalApplicationsApi {

    private static final String LIST = "rental_applications";
    private static final String PATH = "/rental_applications";

    private final RentalApplicationService applications;
    private final RentalApplicationLifecycle lifecycle;
    private final ListLinks links;

    public RentalApplicationsController(RentalApplicationService applications, RentalApplicationLifecycle lifecycle,
                                        ListLinks links) {
        this.applications = applications;
        this.lifecycle = lifecycle;
        this.links = links;
    }

    @Override
    public HttpResponse<RentalApplication> createRentalApplication(String idempotencyKey, CreateRentalApplicationRequest request,
                                                                   @Nullable String serviceTenantVersion,
                                                                   @Nullable String include) {
        boolean includeOrders = RentalApplicationIncludes.orders(include);
        NewRentalApplication command = RentalApplicationMapper.toCommand(request.getRentalApplication());
        Tenant tenant = Caller.current().tenant();
        if (tenant.mode() == Mode.LIVE) {
            throw new UnsupportedOperationException("live rental applications");
        }
        return HttpResponse.created(RentalApplicationMapper.toApi(applications.createInTestMode(tenant, command, includeOrders)));
    }

    @Override
    public HttpResponse<RentalApplication> getRentalApplication(String id, @Nullable String serviceTenantVersion,
                                                                @Nullable String include) {
        return HttpResponse.ok(RentalApplicationMapper.toApi(applications.get(Caller.current().tenant(), id,
                RentalApplicationIncludes.orders(include))));
    }

    @Override
    public HttpResponse<RentalApplicationList> listRentalApplications(@Nullable String serviceTenantVersion,
                                                                      @Nullable String cursor, @Nullable Integer perPage,
                                                                      @Nullable String include) {
        Tenant tenant = Caller.current().tenant();
        boolean includeOrders = RentalApplicationIncludes.orders(include);
        PageRequest request = links.request(LIST, tenant, cursor, perPage);
        Page<RentalApplicationView> page = applications.list(tenant, request, includeOrders);
        Map<String, String> keep = include == null ? Map.of() : Map.of("include", include);
        return HttpResponse.ok(RentalApplicationMapper.toApi(page, links.links(LIST, PATH, tenant, page, request.perPage(), keep)));
    }

    @Override
    public HttpResponse<RentalApplication> cancelRentalApplication(String id, @Nullable String serviceTenantVersion,
                                                                   @Nullable String include) {
        boolean includeOrders = RentalApplicationIncludes.orders(include);
        return HttpResponse.ok(RentalApplicationMapper.toApi(lifecycle.cancel(Caller.current().tenant(), id, includeOrders)));
    }

    @Override
    public HttpResponse<RentalApplication> addRentalApplicationMember(String id, String idempotencyKey,
                                                                      AddRentalApplicationMemberRequest request,
                                                                      @Nullable String serviceTenantVersion,
                                                                      @Nullable String include) {
        boolean includeOrders = RentalApplicationIncludes.orders(include);
        Tenant tenant = Caller.current().tenant();
        if (tenant.mode() == Mode.LIVE) {
            throw new UnsupportedOperationException("live members");
        }
        return HttpResponse.created(RentalApplicationMapper.toApi(lifecycle.addMemberInTestMode(tenant, id,
                present -> RentalApplicationMapper.toMember(request, present), includeOrders)));
    }

    @Override
    public HttpResponse<RentalApplication> removeRentalApplicationMember(String id, String orderId,
                                                                         @Nullable String serviceTenantVersion,
                                                                         @Nullable String include) {
        boolean includeOrders = RentalApplicationIncludes.orders(include);
        return HttpResponse.ok(RentalApplicationMapper.toApi(lifecycle.remove(Caller.current().tenant(), id, orderId,
                includeOrders)));
    }
}
