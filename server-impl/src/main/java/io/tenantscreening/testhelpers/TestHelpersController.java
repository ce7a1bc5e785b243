package io.tenantscreening.testhelpers;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.TestHelpersApi;
import io.tenantscreening.api.model.Order;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.FrameworkErrorProcessor;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.RequestThreads;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderMapper;
import io.tenantscreening.screening.ScreeningService;

/**
 * POST /test_helpers/orders/{id}/submit and /complete: drive a test order on demand. For a
 * live key these paths do not exist (the same 404 as any unknown path).
 */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class TestHelpersController implements TestHelpersApi {

    private final OrderLifecycle lifecycle;
    private final ScreeningService screening;

    public TestHelpersController(OrderLifecycle lifecycle, ScreeningService screening) {
        this.lifecycle = lifecycle;
        this.screening = screening;
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

    private static Tenant testTenant() {
        Tenant tenant = Caller.current().tenant();
        if (tenant.mode() != Mode.TEST) {
            HttpRequest<?> request = ServerRequestContext.currentRequest().orElseThrow();
            throw FrameworkErrorProcessor.noSuchRoute(request);
        }
        return tenant;
    }
}
