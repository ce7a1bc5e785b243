package io.tenantscreening.testhelpers;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.adverse.AdverseActionLifecycle;
import io.tenantscreening.adverse.AdverseActionMapper;
import io.tenantscreening.api.TestHelpersApi;
import io.tenantscreening.api.model.FileTestDisputeStatementRequest;
import io.tenantscreening.api.model.OpenTestDisputeRequest;
import io.tenantscreening.api.model.Order;
import io.tenantscreening.api.model.ReportCopyLink;
import io.tenantscreening.api.model.ReportCopyLinkObject;
import io.tenantscreening.api.model.ResolveTestDisputeRequest;
import io.tenantscreening.api.model.TestDisputeInput;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.copies.ReportCopies;
import io.tenantscreening.disputes.Dispute;
import io.tenantscreening.disputes.DisputeMapper;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderMapper;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.ScreeningService;
import io.tenantscreening.web.FrameworkErrorProcessor;
import io.tenantscreening.web.RequestThreads;

import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * POST /test_helpers/orders/{id}/submit and /complete: drive a test order on demand;
 * POST /test_helpers/adverse_actions/{id}/complete: end a test adverse action's response
 * window now, the way its work ends it; POST /test_helpers/disputes/{id}/resolve: resolve an
 * open test dispute now with one outcome for every record. What a completed test order's
 * applicant does without their email: POST /test_helpers/orders/{id}/report_copy_link answers
 * a new link to their copy of the report ({@link ReportCopies#answerTestLink}), and
 * POST /test_helpers/orders/{id}/disputes disputes it through {@link DisputeService#open}, the
 * entry point of the copy's dispute form, and POST /test_helpers/disputes/{id}/statement files
 * a statement of dispute through {@link DisputeService#fileStatement}, as the copy's statement
 * form does. For a live key these paths do not exist (the same 404 as any unknown path).
 */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class TestHelpersController implements TestHelpersApi {

    private final OrderLifecycle lifecycle;
    private final ScreeningService screening;
    private final AdverseActionLifecycle adverseActions;
    private final DisputeService disputes;
    private final DisputeMapper disputeMapper;
    private final OrderService orders;
    private final ReportCopies copies;
    private final ServiceSettings settings;

    public TestHelpersController(OrderLifecycle lifecycle, ScreeningService screening, AdverseActionLifecycle adverseActions,
                                 DisputeService disputes, DisputeMapper disputeMapper, OrderService orders, ReportCopies copies,
                                 ServiceSettings settings) {
        this.lifecycle = lifecycle;
        this.screening = screening;
        this.adverseActions = adverseActions;
        this.disputes = disputes;
        this.disputeMapper = disputeMapper;
        this.orders = orders;
        this.copies = copies;
        this.settings = settings;
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

    @Override
    public HttpResponse<io.tenantscreening.api.model.Dispute> fileTestDisputeStatement(String id,
                                                                                      FileTestDisputeStatementRequest request,
                                                                                      @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(disputeMapper.toApi(disputes.fileStatement(testTenant(), id, null, request.getStatement())));
    }

    @Override
    public HttpResponse<ReportCopyLink> createTestReportCopyLink(String id, @Nullable String serviceTenantVersion) {
        Tenant tenant = testTenant();
        ReportCopies.AnsweredLink link = copies.answerTestLink(tenant, completed(tenant, id, "a copy of it"));
        return HttpResponse.created(new ReportCopyLink()
                ._object(ReportCopyLinkObject.REPORT_COPY_LINK)
                .liveMode(false)
                .orderId(link.orderId())
                .url(URI.create(link.url()))
                .expiresAt(link.expiresAt()));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Dispute> openTestDispute(String id, OpenTestDisputeRequest request,
                                                                             @Nullable String serviceTenantVersion) {
        Tenant tenant = testTenant();
        String orderId = completed(tenant, id, "records to dispute").order().id();
        TestDisputeInput dispute = request.getDispute();
        List<DisputeService.DisputedRecord> records = dispute.getItems().stream()
                .map(item -> new DisputeService.DisputedRecord(item.getCheck().getValue(), item.getRecord().orElse(null)))
                .toList();
        Dispute opened = disputes.open(tenant, orderId, records, dispute.getReason());
        return HttpResponse.created(disputeMapper.toApi(opened))
                .header(HttpHeaders.LOCATION, settings.url("/disputes/" + opened.id()));
    }

    /** The completed order of the tenant; 404 when it has none of this id, 422 on the path's id when it is not completed. */
    private OrderView completed(Tenant tenant, String id, String what) {
        OrderView view = orders.get(tenant, id, Set.of(Include.APPLICANT));
        OrderStatus status = view.order().status();
        if (status != OrderStatus.COMPLETED) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Order '" + view.order().id() + "' is " + status.value()
                    + "; only a completed order has a report and " + what + switch (status) {
                        case WAITING_FOR_APPLICANT -> " (submit it with POST /test_helpers/orders/{id}/submit, then complete it).";
                        case PENDING -> " (complete it now with POST /test_helpers/orders/{id}/complete).";
                        default -> "; a canceled order never gets a report.";
                    });
        }
        return view;
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
