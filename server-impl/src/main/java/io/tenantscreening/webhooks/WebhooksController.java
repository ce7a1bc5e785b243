package io.tenantscreening.webhooks;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.WebhookEndpointsApi;
import io.tenantscreening.api.model.CreateWebhookEndpointRequest;
import io.tenantscreening.api.model.WebhookDeliveryList;
import io.tenantscreening.api.model.WebhookEndpointList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.contract.ApiVersions;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** The /webhook_endpoints operations. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class WebhooksController implements WebhookEndpointsApi {

    private static final String LIST = "webhook_endpoints";
    private static final String PATH = "/webhook_endpoints";

    private final WebhookService webhooks;
    private final ListLinks links;
    private final ServiceSettings settings;

    public WebhooksController(WebhookService webhooks, ListLinks links, ServiceSettings settings) {
        this.webhooks = webhooks;
        this.links = links;
        this.settings = settings;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.WebhookEndpoint> createWebhookEndpoint(
            CreateWebhookEndpointRequest request, @Nullable String serviceTenantVersion) {
        var input = request.getWebhookEndpoint();
        ApiVersion version = ApiVersions.current();
        WebhookService.WithSecret created = webhooks.create(Caller.current().tenant(), input.getUrl().toString(),
                WebhookMapper.enabledEvents(input, version), version);
        return HttpResponse.<io.tenantscreening.api.model.WebhookEndpoint>status(HttpStatus.CREATED)
                .header("Location", settings.url(PATH + "/" + created.endpoint().id()))
                .body(WebhookMapper.toApi(created.endpoint(), created.secret()));
    }

    @Override
    public HttpResponse<Object> deleteWebhookEndpoint(String id, @Nullable String serviceTenantVersion) {
        webhooks.delete(Caller.current().tenant(), id);
        return HttpResponse.noContent();
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.WebhookEndpoint> getWebhookEndpoint(String id,
                                                                                        @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(WebhookMapper.toApi(webhooks.get(Caller.current().tenant(), id), null));
    }

    @Override
    public HttpResponse<WebhookDeliveryList> listWebhookDeliveries(String id, @Nullable String serviceTenantVersion,
                                                                   @Nullable String cursor, @Nullable Integer perPage) {
        Tenant tenant = Caller.current().tenant();
        String list = "webhook_deliveries:" + id;
        String path = PATH + "/" + id + "/deliveries";
        PageRequest request = links.request(list, tenant, cursor, perPage);
        Page<WebhookDelivery> page = webhooks.deliveries(tenant, id, request);
        return HttpResponse.ok(WebhookMapper.deliveries(page, links.links(list, path, tenant, page, request.perPage(), Map.of())));
    }

    @Override
    public HttpResponse<WebhookEndpointList> listWebhookEndpoints(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                                                  @Nullable Integer perPage) {
        Tenant tenant = Caller.current().tenant();
        PageRequest request = links.request(LIST, tenant, cursor, perPage);
        Page<WebhookEndpoint> page = webhooks.list(tenant, request);
        return HttpResponse.ok(WebhookMapper.toApi(page, links.links(LIST, PATH, tenant, page, request.perPage(), Map.of())));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.WebhookEndpoint> rotateWebhookEndpointSecret(
            String id, @Nullable String serviceTenantVersion) {
        WebhookService.WithSecret rotated = webhooks.rotate(Caller.current().tenant(), id);
        return HttpResponse.ok(WebhookMapper.toApi(rotated.endpoint(), rotated.secret()));
    }
}
