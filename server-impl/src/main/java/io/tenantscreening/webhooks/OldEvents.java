package io.tenantscreening.webhooks;

import io.tenantscreening.common.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One batch of events past the retention, as {@link EventRetentionRepository#oldest} found
 * them across tenants, oldest first: removed tenant by tenant, and then the sweep goes on
 * after the last.
 */
record OldEvents(List<Event> events) {

    /** An event past the retention: its tenant, id and creation. */
    record Event(Tenant tenant, String id, Instant createdAt) {
    }

    OldEvents {
        events = List.copyOf(events);
    }

    /** The ids of each tenant's events, tenants in the order of their oldest event, ids oldest first. */
    Map<Tenant, List<String>> idsByTenant() {
        Map<Tenant, List<String>> byTenant = new LinkedHashMap<>();
        for (Event event : events) {
            byTenant.computeIfAbsent(event.tenant(), tenant -> new ArrayList<>()).add(event.id());
        }
        return byTenant;
    }

    /** The newest event of the batch, where the next batch starts after; null when the batch is empty. */
    Event last() {
        return events.isEmpty() ? null : events.get(events.size() - 1);
    }
}
