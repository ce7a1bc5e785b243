package io.tenantscreening.households;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.RentalApplicationsApi;
import io.tenantscreening.api.model.AddRentalApplicationMemberRequest;
import io.tenantscreening.api.model.CreateRentalApplicationRequest;
import io.tenantscreening.api.model.RentalApplication;
import io.tenantscreening.api.model.RentalApplicationList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEnvelope;
import io.tenantscreening.idempotency.CanonicalJson;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.orders.OrderMapper;
import io.tenantscreening.web.RequestThreads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** The rental applications of households: POST and GET /rental_applications, GET /rental_applications/{id}, and their changes. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class RentalApplicationsController implements RentalApplicationsApi {

    private static final String LIST = "rental_applications";
    private static final String PATH = "/rental_applications";
    private static final String REPLAYED_HEADER = "Idempotent-Replayed";

    private final RentalApplicationService applications;
    private final RentalApplicationLifecycle lifecycle;
    private final LiveRentalApplicationPlacement live;
    private final ListLinks links;
    private final JsonMapper json;

    public RentalApplicationsController(RentalApplicationService applications, RentalApplicationLifecycle lifecycle,
                                        LiveRentalApplicationPlacement live, ListLinks links, JsonMapper json) {
        this.applications = applications;
        this.lifecycle = lifecycle;
        this.live = live;
        this.links = links;
        this.json = json;
    }

    @Override
    public HttpResponse<RentalApplication> createRentalApplication(String idempotencyKey, CreateRentalApplicationRequest request,
                                                                   @Nullable String serviceTenantVersion,
                                                                   @Nullable String include) {
        boolean includeOrders = RentalApplicationIncludes.orders(include);
        NewRentalApplication command = RentalApplicationMapper.toCommand(request.getRentalApplication());
        Tenant tenant = Caller.current().tenant();
        if (tenant.mode() == Mode.LIVE) {
            if (request.getRentalApplication().getAddOnProducts() != null) {
                request.getRentalApplication().setAddOnProducts(request.getRentalApplication().getAddOnProducts().stream().sorted()
                        .toList());
            }
            return live(live.create(tenant, command, idempotencyKey, CanonicalJson.of(json, request), includeOrders));
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
            return live(live.addMember(tenant, id, present -> RentalApplicationMapper.toMember(request, present), idempotencyKey,
                    CanonicalJson.of(json, request), includeOrders));
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

    /**
     * The answer of a live placement: a refusal's 402, or a replay of the stored answer
     * with Idempotent-Replayed (a stored 201 embeds the members' orders as they are now when
     * include=orders asks for them).
     */
    private HttpResponse<RentalApplication> live(LiveRentalApplicationPlacement.Outcome outcome) {
        if (outcome instanceof LiveRentalApplicationPlacement.Refused refused) {
            throw refused.refusal();
        }
        if (outcome instanceof LiveRentalApplicationPlacement.Replayed replayed) {
            try {
                if (replayed.status() != HttpStatus.CREATED.getCode()) {
                    throw new ApiException(HttpStatus.valueOf(replayed.status()),
                            json.readValue(replayed.body(), ErrorEnvelope.class).errors()).withHeader(REPLAYED_HEADER, "true");
                }
                RentalApplication stored = json.readValue(replayed.body(), RentalApplication.class);
                if (replayed.now().orders() != null) {
                    stored.getMembers().forEach(member -> member.order(
                            OrderMapper.toApi(replayed.now().orders().get(member.getOrderId()))));
                }
                return HttpResponse.created(stored).header(REPLAYED_HEADER, "true");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HttpResponse.created(RentalApplicationMapper.toApi(((LiveRentalApplicationPlacement.Created) outcome).view()));
    }
}
