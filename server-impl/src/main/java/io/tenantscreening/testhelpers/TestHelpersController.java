package io.tenantscreening.testhelpers;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.adverse.AdverseActionLifecycle;
import io.tenantscreening.adverse.AdverseActionMapper;
import io.tenantscreening.api.TestHelpersApi;
import io.tenantscreening.api.model.Order;
import io.tenantscreening.api.model.ResolveTestDisputeRequest;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.disputes.DisputeMapper;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderMapper;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.ScreeningService;
import io.tenantscreening.web.FrameworkErrorProcessor;
import io.tenantscreening.web.RequestThreads;

/**
 * POST /test_helpers/orders/{id}/submit and /complete: drive a test order on demand;
 * POST /test_helpers/adverse_actions/{id}/complete: end a test adverse action's response
 * window now, the way its work ends it; POST /test_helpers/disputes/{id}/resolve: resolve an
 * open test dispute now with one outcome for every record. For a live key these paths do not exist (the same
 * 404 as any unknown path).
 */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class TestHelpersController implements TestHelpersApi {

    private final OrderLifecycle lifecycle;
    private final ScreeningService screening;
    private final AdverseActionLifecycle adverseActions;
    private final DisputeService disputes;
    private final DisputeMapper disputeMapper;

    public TestHelpersController(OrderLifecycle lifecycle, ScreeningService screening, AdverseActionLifecycle adverseActions,
                                 DisputeService disputes, DisputeMapper disputeMapper) {
        this.lifecycle = lifecycle;
        this.screening = screening;
        this.adverseActions = adverseActions;
        this.disputes = disputes;
        this.disputeMapper = disputeMapper;
    }

    @Override
    public HttpResponse<Order> submitTestOrder(String id, @Nullable String serviceTenantVersion, @Nullable String include) {
        return HttpResponse.ok(OrderMapper.toApi(lifecycle.submit(testTenant(), id, OrderLifecycle.Actor.TEST_HELPER,
                Include.parse(include))));
    }

    @Override
    public HttpResponse<Order> completeTestOrder(String id, @Nullable String serviceTenantVersion, @Nullable String include) {
        return HttpResponse.ok(OrderMapper.toApi(screening.completeNow(testTenant(), id, Include.parse(include))));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.AdverseAction> completeTestAdverseAction(String id,
                                                                                             @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(AdverseActionMapper.toApi(adverseActions.endWindowNow(testTenant(), id)));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Dispute> resolveTestDispute(String id, ResolveTestDisputeRequest request,
                                                                                @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(disputeMapper.toApi(disputes.resolveNow(testTenant(), id,
                Reinvestigation.Outcome.of(request.getOutcome().getValue()))));
    }

    private static Tenant testTenant() {
        Tenant tenant = Caller.current().tenant();
        if (tenant.mode() != Mode.TEST) {
            HttpRequest<?> request = ServerRequestContext.currentRequest().orElseThrow();
            throw FrameworkErrorProcessor.noSuchRoute(request);
        }
        return tenant;
    }
}
