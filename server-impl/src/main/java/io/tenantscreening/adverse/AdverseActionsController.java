package io.tenantscreening.adverse;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.AdverseActionsApi;
import io.tenantscreening.api.model.AdverseActionList;
import io.tenantscreening.api.model.CreateAdverseActionRequest;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.idempotency.CanonicalJson;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.notices.NoticeKind;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/**
 * POST /adverse_actions, GET /adverse_actions, GET /adverse_actions/{id},
 * POST /adverse_actions/{id}/cancel, and the notices' PDFs (GET .../pre_adverse_notice and
 * .../adverse_action_notice, which answer only application/pdf).
 */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class AdverseActionsController implements AdverseActionsApi {

    private static final String REPLAYED_HEADER = "Idempotent-Replayed";
    private static final String LIST = "adverse_actions";
    private static final String PATH = "/adverse_actions";

    private final AdverseActionService service;
    private final AdverseActionLifecycle lifecycle;
    private final AdverseActionMapper mapper;
    private final ListLinks links;
    private final ServiceSettings settings;
    private final JsonMapper json;

    public AdverseActionsController(AdverseActionService service, AdverseActionLifecycle lifecycle, AdverseActionMapper mapper,
                                    ListLinks links, ServiceSettings settings, JsonMapper json) {
        this.service = service;
        this.lifecycle = lifecycle;
        this.mapper = mapper;
        this.links = links;
        this.settings = settings;
        this.json = json;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.AdverseAction> createAdverseAction(
            String idempotencyKey, CreateAdverseActionRequest request, @Nullable String serviceTenantVersion) {
        TakeAdverseAction command = AdverseActionMapper.toCommand(request.getAdverseAction());
        AdverseActionService.Taken taken = service.take(Caller.current().tenant(), command, idempotencyKey,
                CanonicalJson.of(json, request));
        if (taken instanceof AdverseActionService.Replayed replayed) {
            io.tenantscreening.api.model.AdverseAction stored = mapper.read(replayed.body());
            return created(stored).header(REPLAYED_HEADER, "true");
        }
        return created(AdverseActionMapper.toApi(((AdverseActionService.Created) taken).action()));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.AdverseAction> getAdverseAction(String id,
                                                                                    @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(AdverseActionMapper.toApi(service.get(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<AdverseActionList> listAdverseActions(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                                              @Nullable Integer perPage, @Nullable String orderId) {
        Tenant tenant = Caller.current().tenant();
        String list = orderId == null ? LIST : LIST + ":" + orderId;
        PageRequest request = links.request(list, tenant, cursor, perPage);
        Page<AdverseAction> page = service.list(tenant, request, orderId);
        Map<String, String> keep = orderId == null ? Map.of() : Map.of("order_id", orderId);
        return HttpResponse.ok(AdverseActionMapper.toApi(page, links.links(list, PATH, tenant, page, request.perPage(), keep)));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.AdverseAction> cancelAdverseAction(String id,
                                                                                       @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(AdverseActionMapper.toApi(lifecycle.cancel(Caller.current().tenant(), id)));
    }

    @Override
    public HttpResponse<byte[]> getPreAdverseNotice(String id, @Nullable String serviceTenantVersion) {
        return pdf(id, NoticeKind.PRE_ADVERSE, "pre-adverse-notice");
    }

    @Override
    public HttpResponse<byte[]> getAdverseActionNotice(String id, @Nullable String serviceTenantVersion) {
        return pdf(id, NoticeKind.ADVERSE_ACTION, "adverse-action-notice");
    }

    private HttpResponse<byte[]> pdf(String id, NoticeKind kind, String name) {
        byte[] document = service.notice(Caller.current().tenant(), id, kind);
        return HttpResponse.ok(document).contentType(MediaType.APPLICATION_PDF_TYPE)
                .header(HttpHeaders.CONTENT_DISPOSITION, "inline; filename=\"" + id + "-" + name + ".pdf\"");
    }

    private MutableHttpResponse<io.tenantscreening.api.model.AdverseAction> created(io.tenantscreening.api.model.AdverseAction action) {
        return HttpResponse.<io.tenantscreening.api.model.AdverseAction>status(HttpStatus.CREATED)
                .header(HttpHeaders.LOCATION, settings.url(PATH + "/" + action.getId()))
                .body(action);
    }
}
