package io.tenantscreening.webhooks;

import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.Secret;
import io.tenantscreening.api.model.WebhookAttempt;
import io.tenantscreening.api.model.WebhookDeliveryList;
import io.tenantscreening.api.model.WebhookDeliveryObject;
import io.tenantscreening.api.model.WebhookEndpointInput;
import io.tenantscreening.api.model.WebhookEndpointList;
import io.tenantscreening.api.model.WebhookEndpointObject;
import io.tenantscreening.common.Mode;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.errors.Violations;
import io.tenantscreening.events.EventType;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;

import java.net.URI;
import java.util.List;

/** Translates webhook endpoints and deliveries into the generated API models. */
final class WebhookMapper {

    private static final String POINTER = "/webhook_endpoint/enabled_events";

    private WebhookMapper() {
    }

    static io.tenantscreening.api.model.WebhookEndpoint toApi(WebhookEndpoint endpoint, String secret) {
        return new io.tenantscreening.api.model.WebhookEndpoint()
                .id(endpoint.id())
                ._object(WebhookEndpointObject.WEBHOOK_ENDPOINT)
                .url(URI.create(endpoint.url()))
                .enabledEvents(endpoint.enabledEvents())
                .liveMode(endpoint.mode() == Mode.LIVE)
                .apiVersion(endpoint.apiVersion().date())
                .secret(secret == null ? null : new Secret(secret))
                .createdAt(endpoint.createdAt());
    }

    /**
     * The event types an endpoint asks for, each at most once and each a type of the API
     * version the endpoint is created under; empty for every type.
     */
    static List<String> enabledEvents(WebhookEndpointInput input, ApiVersion version) {
        if (input.getEnabledEvents() == null) {
            return List.of();
        }
        List<String> types = input.getEnabledEvents().stream().map(io.tenantscreening.api.model.EventType::getValue).toList();
        Violations violations = new Violations();
        for (int i = 0; i < types.size(); i++) {
            if (!EventType.of(types.get(i)).orElseThrow().existsIn(version)) {
                violations.add(POINTER + "/" + i, EventType.notIn(version));
            }
        }
        violations.addRepeats(POINTER, types, "Repeats an earlier event type; send each one once.");
        violations.throwIfAny();
        return types;
    }

    static WebhookEndpointList toApi(Page<WebhookEndpoint> page, ListLinks.PageLinks links) {
        return new WebhookEndpointList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(endpoint -> toApi(endpoint, null)).toList());
    }

    static WebhookDeliveryList deliveries(Page<WebhookDelivery> page, ListLinks.PageLinks links) {
        return new WebhookDeliveryList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(WebhookMapper::toApi).toList());
    }

    private static io.tenantscreening.api.model.WebhookDelivery toApi(WebhookDelivery delivery) {
        return new io.tenantscreening.api.model.WebhookDelivery()
                .id(delivery.id())
                ._object(WebhookDeliveryObject.WEBHOOK_DELIVERY)
                .eventId(delivery.eventId())
                .eventType(delivery.eventType())
                .status(delivery.status())
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
