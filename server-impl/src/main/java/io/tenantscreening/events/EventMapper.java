package io.tenantscreening.events;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.EventData;
import io.tenantscreening.api.model.EventDataObject;
import io.tenantscreening.api.model.EventList;
import io.tenantscreening.api.model.EventObject;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.ReportPreviousAttributes;
import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Translates stored events into the generated API models. */
@Singleton
class EventMapper {

    private final JsonMapper json;

    EventMapper(JsonMapper json) {
        this.json = json;
    }

    io.tenantscreening.api.model.Event toApi(Event event) {
        try {
            return new io.tenantscreening.api.model.Event()
                    .id(event.id())
                    ._object(EventObject.EVENT)
                    .type(event.type().value())
                    .createdAt(event.createdAt())
                    .liveMode(event.mode() == Mode.LIVE)
                    .sequence(event.sequence())
                    .data(new EventData()._object(json.readValue(event.data(), objectModel(event.type())))
                            .previousStatus(event.previousStatus())
                            .previousAttributes(event.previousAttributes() == null ? null
                                    : json.readValue(event.previousAttributes(), ReportPreviousAttributes.class)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The model of the record an event of this type carries (stored as its JSON when the event happened). */
    private static Class<? extends EventDataObject> objectModel(EventType type) {
        return switch (type) {
            case ORDER_PENDING, ORDER_COMPLETED, ORDER_CANCELED, ORDER_PAYMENT_SUCCEEDED, ORDER_PAYMENT_FAILED,
                 ORDER_PAYMENT_REFUND_FAILED ->
                    io.tenantscreening.api.model.Order.class;
            case REPORT_COMPLETED, REPORT_UPDATED, REPORT_DISPUTED -> io.tenantscreening.api.model.Report.class;
            case ADVERSE_ACTION_CREATED, ADVERSE_ACTION_COMPLETED, ADVERSE_ACTION_CANCELED, ADVERSE_ACTION_NOTICE_UNDELIVERABLE ->
                    io.tenantscreening.api.model.AdverseAction.class;
            case DISPUTE_CREATED, DISPUTE_RESOLVED, DISPUTE_STATEMENT_ADDED -> io.tenantscreening.api.model.Dispute.class;
            case RENTAL_APPLICATION_COMPLETED, RENTAL_APPLICATION_CANCELED, RENTAL_APPLICATION_MEMBER_ADDED ->
                    io.tenantscreening.api.model.RentalApplication.class;
        };
    }

    EventList toApi(Page<Event> page, ListLinks.PageLinks links) {
        return new EventList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(this::toApi).toList());
    }
}
