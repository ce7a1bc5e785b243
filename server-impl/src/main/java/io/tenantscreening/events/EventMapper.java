package io.tenantscreening.events;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.EventData;
import io.tenantscreening.api.model.EventList;
import io.tenantscreening.api.model.EventObject;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.common.ApiEnums;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.lists.Page;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;

/** Translates stored events into the generated API models. */
@Singleton
class EventMapper {

    private static final Argument<Map<String, Object>> OBJECT = Argument.mapOf(String.class, Object.class);

    private final JsonMapper json;

    EventMapper(JsonMapper json) {
        this.json = json;
    }

    io.tenantscreening.api.model.Event toApi(Event event) {
        try {
            return new io.tenantscreening.api.model.Event()
                    .id(event.id())
                    ._object(EventObject.EVENT)
                    .type(ApiEnums.of(io.tenantscreening.api.model.EventType.class, event.type().value()))
                    .createdAt(event.createdAt())
                    .liveMode(event.mode() == Mode.LIVE)
                    .sequence(event.sequence())
                    .data(new EventData()._object(json.readValue(event.data(), OBJECT)).previousStatus(event.previousStatus()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    EventList toApi(Page<Event> page, String nextHref, String previousHref) {
        return new EventList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(nextHref == null ? null : URI.create(nextHref))
                .previousHref(previousHref == null ? null : URI.create(previousHref))
                .data(page.items().stream().map(this::toApi).toList());
    }
}
