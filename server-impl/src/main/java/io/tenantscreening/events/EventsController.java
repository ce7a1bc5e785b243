package io.tenantscreening.events;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.EventsApi;
import io.tenantscreening.api.model.EventList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.contract.ApiVersions;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.web.RequestThreads;

import java.util.Map;

/** GET /events, GET /events/{id}. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class EventsController implements EventsApi {

    private static final String LIST = "events";
    private static final String PATH = "/events";

    private final EventService events;
    private final EventMapper mapper;
    private final ListLinks links;

    public EventsController(EventService events, EventMapper mapper, ListLinks links) {
        this.events = events;
        this.mapper = mapper;
        this.links = links;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Event> getEvent(String id, @Nullable String serviceTenantVersion) {
        return HttpResponse.ok(mapper.toApi(events.get(Caller.current().tenant(), id, ApiVersions.current())));
    }

    @Override
    public HttpResponse<EventList> listEvents(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                              @Nullable Integer perPage, @Nullable io.tenantscreening.api.model.EventType type) {
        Tenant tenant = Caller.current().tenant();
        EventType filter = type == null ? null : EventType.of(type.getValue()).orElseThrow();
        String list = filter == null ? LIST : LIST + ":" + filter.value();
        PageRequest request = links.request(list, tenant, cursor, perPage);
        Page<Event> page = events.list(tenant, request, filter, ApiVersions.current());
        Map<String, String> keep = filter == null ? Map.of() : Map.of("type", filter.value());
        return HttpResponse.ok(mapper.toApi(page, links.links(list, PATH, tenant, page, request.perPage(), keep)));
    }
}
