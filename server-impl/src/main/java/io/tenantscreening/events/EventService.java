package io.tenantscreening.events;

import io.micronaut.json.JsonMapper;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;

/**
 * Records events, in the transaction of the change they tell of (with what its
 * {@link EventSubscriber}s write), and reads them back. An object's sequence numbers come
 * from its row in event_sequences, taken in the same transaction, so they have no gaps and
 * no repeats.
 */
@Singleton
public class EventService {

    private final EventRepository events;
    private final List<EventSubscriber> subscribers;
    private final EventMapper mapper;
    private final JsonMapper json;

    public EventService(EventRepository events, List<EventSubscriber> subscribers, EventMapper mapper, JsonMapper json) {
        this.events = events;
        this.subscribers = subscribers;
        this.mapper = mapper;
        this.json = json;
    }

    @Transactional
    public Event record(Tenant tenant, EventType type, String objectId, String objectJson, String previousStatus, Instant at) {
        String id = PublicIds.newId("evt", tenant.mode());
        long sequence = events.insert(tenant, id, type, objectId, previousStatus, objectJson, at);
        Event event = new Event(id, tenant.mode(), type, objectId, sequence, previousStatus, objectJson, at);
        subscribers.forEach(subscriber -> subscriber.recorded(tenant, event));
        return event;
    }

    @Transactional
    public Event get(Tenant tenant, String id) {
        return events.findById(tenant, id).orElseThrow(() -> ApiException.notFound("No event with id '" + Echo.of(id) + "'."));
    }

    /** The event as the API writes it (GET /events/{id}), the body of its webhook deliveries. */
    public byte[] json(Event event) {
        try {
            return json.writeValueAsBytes(mapper.toApi(event));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Transactional
    public Page<Event> list(Tenant tenant, PageRequest request, EventType type) {
        return events.page(tenant, request, type);
    }
}
