package io.tenantscreening.events;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import jakarta.inject.Singleton;

import java.time.Instant;

/**
 * Records events, in the transaction of the change they tell of, and reads them back. An
 * object's sequence numbers come from its row in event_sequences, taken in the same
 * transaction, so they have no gaps and no repeats.
 */
@Singleton
public class EventService {

    private final EventRepository events;

    public EventService(EventRepository events) {
        this.events = events;
    }

    @Transactional
    public Event record(Tenant tenant, EventType type, String objectId, String objectJson, String previousStatus, Instant at) {
        String id = PublicIds.newId("evt", tenant.mode());
        long sequence = events.insert(tenant, id, type, objectId, previousStatus, objectJson, at);
        return new Event(id, tenant.mode(), type, objectId, sequence, previousStatus, objectJson, at);
    }

    @Transactional
    public Event get(Tenant tenant, String id) {
        return events.findById(tenant, id).orElseThrow(() -> ApiException.notFound("No event with id '" + Echo.of(id) + "'."));
    }

    @Transactional
    public Page<Event> list(Tenant tenant, PageRequest request, EventType type) {
        return events.page(tenant, request, type);
    }
}
