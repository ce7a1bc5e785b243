package io.tenantscreening.webhooks;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The webhook endpoints of one tenant: registering (the URL checked against server-side
 * request forgery, a new sealed secret), reading, deleting (its pending deliveries go with
 * it), rotating the secret (the previous one keeps signing for the overlap), and listing an
 * endpoint's deliveries.
 */
@Singleton
public class WebhookService {

    private final WebhookEndpointRepository endpoints;
    private final WebhookDeliveryRepository deliveries;
    private final WebhookSecrets secrets;
    private final WebhookUrls urls;
    private final WebhookSettings settings;
    private final Clock clock;

    public WebhookService(WebhookEndpointRepository endpoints, WebhookDeliveryRepository deliveries, WebhookSecrets secrets,
                          WebhookUrls urls, WebhookSettings settings, Clock clock) {
        this.endpoints = endpoints;
        this.deliveries = deliveries;
        this.secrets = secrets;
        this.urls = urls;
        this.settings = settings;
        this.clock = clock;
    }

    /** An endpoint with the secret it was just given (shown this once). */
    record WithSecret(WebhookEndpoint endpoint, String secret) {
    }

    /** A new endpoint of the API version of the request that registers it. */
    @Transactional
    public WithSecret create(Tenant tenant, String url, List<String> enabledEvents, ApiVersion version) {
        String checked = urls.check(url, tenant.mode()).toString();
        WebhookEndpoint endpoint = new WebhookEndpoint(PublicIds.newId("we", tenant.mode()), tenant.mode(), checked,
                enabledEvents.stream().sorted().toList(), version, Timestamps.now(clock));
        String secret = WebhookSecrets.newSecret();
        endpoints.insert(tenant, endpoint, secrets.seal(endpoint.id(), secret));
        return new WithSecret(endpoint, secret);
    }

    @Transactional
    public WebhookEndpoint get(Tenant tenant, String id) {
        return endpoints.findById(tenant, id).orElseThrow(() -> notFound(id));
    }

    @Transactional
    public Page<WebhookEndpoint> list(Tenant tenant, PageRequest request) {
        return endpoints.page(tenant, request);
    }

    @Transactional
    public void delete(Tenant tenant, String id) {
        if (!endpoints.delete(tenant, id)) {
            throw notFound(id);
        }
    }

    @Transactional
    public WithSecret rotate(Tenant tenant, String id) {
        String secret = WebhookSecrets.newSecret();
        Instant now = Timestamps.now(clock);
        if (!endpoints.rotate(tenant, id, secrets.seal(id, secret), now.plus(settings.getRotationOverlap()))) {
            throw notFound(id);
        }
        return new WithSecret(get(tenant, id), secret);
    }

    @Transactional
    public Page<WebhookDelivery> deliveries(Tenant tenant, String endpointId, PageRequest request) {
        return deliveries.page(tenant, get(tenant, endpointId).id(), request);
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No webhook endpoint with id '" + Echo.of(id) + "'.");
    }
}
