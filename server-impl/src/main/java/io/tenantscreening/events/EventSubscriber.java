package io.tenantscreening.events;

import io.tenantscreening.common.Tenant;

/**
 * Something that acts on every event in the transaction that records it (webhook
 * deliveries are written this way), so that it exists exactly when the event does.
 */
public interface EventSubscriber {

    void recorded(Tenant tenant, Event event);
}
