package io.tenantscreening.events;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

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
    private final Traces traces;

    public EventService(EventRepository events, List<EventSubscriber> subscribers, EventMapper mapper, JsonMapper json,
                        Traces traces) {
        this.events = events;
        this.traces = traces;
        this.subscribers = subscribers;
        this.mapper = mapper;
        this.json = json;
    }

    @Transactional
    public Event record(Tenant tenant, EventType type, String objectId, String objectJson, String previousStatus, Instant at) {
        return record(tenant, type, objectId, objectJson, previousStatus, null, at);
    }

    /** An event of a change to a report, with the previous value of each member it changed ({@code previousAttributes}, JSON). */
    @Transactional
    public Event record(Tenant tenant, EventType type, String objectId, String objectJson, String previousStatus,
                        String previousAttributes, Instant at) {
        return traces.inSpan("event record", "event.type", type.value(), () -> {
            String id = PublicIds.newId("evt", tenant.mode());
            long sequence = events.insert(tenant, id, type, objectId, previousStatus, objectJson, previousAttributes, at);
            Event event = new Event(id, tenant.mode(), type, objectId, sequence, previousStatus, objectJson, previousAttributes, at);
            subscribers.forEach(subscriber -> subscriber.recorded(tenant, event));
            return event;
        });
    }

    /**
     * The event, whatever its type: for its webhook deliveries, which exist only for endpoints
     * of the versions its type exists in.
     */
    @Transactional
    public Event get(Tenant tenant, String id) {
        return events.findById(tenant, id).orElseThrow(() -> notFound(id));
    }

    /** The event, if its type exists under the version; under an older version it is as missing as an unknown id. */
    @Transactional
    public Event get(Tenant tenant, String id, ApiVersion version) {
        return events.findById(tenant, id).filter(event -> event.type().existsIn(version)).orElseThrow(() -> notFound(id));
    }

    /** The event as the API writes it (GET /events/{id}), the body of its webhook deliveries. */
    public byte[] json(Event event) {
        try {
            return json.writeValueAsBytes(mapper.toApi(event));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The order the event concerns: the object of an order's event, or the {@code order_id}
     * of the report, adverse action or dispute it carries; empty for the others (a rental
     * application's).
     */
    public Optional<String> orderId(Event event) {
        if (event.type().value().startsWith("order.")) {
            return Optional.of(event.objectId());
        }
        try {
            return Optional.ofNullable(json.readValue(event.data(), Argument.mapOf(String.class, Object.class)).get("order_id"))
                    .map(Object::toString);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A page of the events of the types that exist under the version (only of {@code type}
     * when it is given), counted alike. A type of a newer version is refused like a value
     * outside the enum of the parameter.
     */
    @Transactional
    public Page<Event> list(Tenant tenant, PageRequest request, EventType type, ApiVersion version) {
        if (type != null && !type.existsIn(version)) {
            throw ApiException.invalid(ErrorSource.parameter("type"), EventType.notIn(version));
        }
        return events.page(tenant, request, type, EventType.ofVersion(version));
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No event with id '" + Echo.of(id) + "'.");
    }
}
