package io.tenantscreening.webhooks;

import io.tenantscreening.api.model.EventType;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.Secret;
import io.tenantscreening.api.model.WebhookAttempt;
import io.tenantscreening.api.model.WebhookDeliveryList;
import io.tenantscreening.api.model.WebhookDeliveryObject;
import io.tenantscreening.api.model.WebhookDeliveryStatus;
import io.tenantscreening.api.model.WebhookEndpointList;
import io.tenantscreening.api.model.WebhookEndpointObject;
import io.tenantscreening.common.ApiEnums;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.lists.Page;

import java.net.URI;

/** Translates webhook endpoints and deliveries into the generated API models. */
final class WebhookMapper {

    private WebhookMapper() {
    }

    static io.tenantscreening.api.model.WebhookEndpoint toApi(WebhookEndpoint endpoint, String secret) {
        return new io.tenantscreening.api.model.WebhookEndpoint()
                .id(endpoint.id())
                ._object(WebhookEndpointObject.WEBHOOK_ENDPOINT)
                .url(URI.create(endpoint.url()))
                .enabledEvents(endpoint.enabledEvents().stream().map(value -> ApiEnums.of(EventType.class, value)).toList())
                .liveMode(endpoint.mode() == Mode.LIVE)
                .secret(secret == null ? null : new Secret(secret))
                .createdAt(endpoint.createdAt());
    }

    static WebhookEndpointList toApi(Page<WebhookEndpoint> page, String nextHref, String previousHref) {
        return new WebhookEndpointList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(nextHref == null ? null : URI.create(nextHref))
                .previousHref(previousHref == null ? null : URI.create(previousHref))
                .data(page.items().stream().map(endpoint -> toApi(endpoint, null)).toList());
    }

    static WebhookDeliveryList deliveries(Page<WebhookDelivery> page, String nextHref, String previousHref) {
        return new WebhookDeliveryList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(nextHref == null ? null : URI.create(nextHref))
                .previousHref(previousHref == null ? null : URI.create(previousHref))
                .data(page.items().stream().map(WebhookMapper::toApi).toList());
    }

    private static io.tenantscreening.api.model.WebhookDelivery toApi(WebhookDelivery delivery) {
        return new io.tenantscreening.api.model.WebhookDelivery()
                .id(delivery.id())
                ._object(WebhookDeliveryObject.WEBHOOK_DELIVERY)
                .eventId(delivery.eventId())
                .eventType(ApiEnums.of(EventType.class, delivery.eventType()))
                .status(ApiEnums.of(WebhookDeliveryStatus.class, delivery.status()))
                .attempts(delivery.attempts())
                .responseStatus(delivery.responseStatus())
                .lastAttemptAt(delivery.lastAttemptAt())
                .nextAttemptAt(delivery.nextAttemptAt())
                .createdAt(delivery.createdAt())
                .attemptLog(delivery.attemptLog().stream().map(attempt -> new WebhookAttempt()
                        .attemptedAt(attempt.attemptedAt())
                        .durationMs(attempt.durationMillis())
                        .responseStatus(attempt.responseStatus())
                        .error(attempt.error())
                        .responseBody(attempt.responseBody())).toList());
    }
}
