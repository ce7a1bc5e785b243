package io.tenantscreening.policies;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.ScreeningPoliciesApi;
import io.tenantscreening.api.model.CreateScreeningPolicyRequest;
import io.tenantscreening.api.model.ScreeningPolicyList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** The /screening_policies operations. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class ScreeningPoliciesController implements ScreeningPoliciesApi {

    private static final String LIST = "screening_policies";
    private static final String PATH = "/screening_policies";

    private final ScreeningPolicyService policies;
    private final ListLinks links;
    private final ServiceSettings settings;

    public ScreeningPoliciesController(ScreeningPolicyService policies, ListLinks links, ServiceSettings settings) {
        this.policies = policies;
        this.links = links;
        this.settings = settings;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.ScreeningPolicy> createScreeningPolicy(
            CreateScreeningPolicyRequest request, @Nullable String serviceTenantVersion) {
        ScreeningPolicy created = policies.create(Caller.current().tenant(),
                ScreeningPolicyMapper.toNewPolicy(request.getScreeningPolicy()));
        return HttpResponse.<io.tenantscreening.api.model.ScreeningPolicy>status(HttpStatus.CREATED)
                .header("Location", settings.url(PATH + "/" + created.id()))
                .body(ScreeningPolicyMapper.toApi(created));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.ScreeningPolicy> getScreeningPolicy(String id,
                                                                                        @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(ScreeningPolicyMapper.toApi(policies.get(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<ScreeningPolicyList> listScreeningPolicies(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                                                   @Nullable Integer perPage) {
        Tenant tenant = Caller.current().tenant();
        PageRequest request = links.request(LIST, tenant, cursor, perPage);
        Page<ScreeningPolicy> page = policies.list(tenant, request);
        return HttpResponse.ok(ScreeningPolicyMapper.toApi(page, links.links(LIST, PATH, tenant, page, request.perPage(), Map.of())));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.ScreeningPolicy> makeScreeningPolicyDefault(
            String id, @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(ScreeningPolicyMapper.toApi(policies.makeDefault(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.ScreeningPolicy> archiveScreeningPolicy(
            String id, @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(ScreeningPolicyMapper.toApi(policies.archive(Caller.current().tenant(), id)));
    }
}
