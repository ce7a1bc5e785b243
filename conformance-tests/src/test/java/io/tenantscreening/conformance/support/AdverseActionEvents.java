package io.tenantscreening.conformance.support;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;

import java.time.Clock;
import java.time.Instant;

/**
 * Events of the adverse_action.* types (API version 2026-11-25 on) of a test organisation,
 * written by the service's own {@link EventService} (the application runs in this JVM), so
 * that they are counted, listed and fanned out to webhook endpoints exactly as every event is.
 * Each carries an adverse action of its own, valid against the contract, with no order or
 * report behind it: the tests of versions need the events, not the feature.
 */
public final class AdverseActionEvents {

    private AdverseActionEvents() {
    }

    /** Records an event of the type about a new test adverse action, now; answers the event's id. */
    public static String record(TestTenant tenant, EventType type) {
        return record(tenant, type, PublicIds.newId("aa", Mode.TEST));
    }

    /** Records an event of the type about the test adverse action with this id, now; answers the event's id. */
    public static String record(TestTenant tenant, EventType type, String id) {
        Instant now = Timestamps.now(TestServer.bean(Clock.class));
        String adverseAction = """
                {"id": "%s", "object": "adverse_action", "live_mode": false, "order_id": "%s", "report_id": "%s",
                 "decision": "decline", "conditions": null, "reasons": ["evictions_above_maximum"], "notice": "final",
                 "status": "completed", "response_days": null, "response_deadline": null, "pre_adverse_notice_sent_at": null,
                 "adverse_action_notice_sent_at": "%s", "created_at": "%s", "canceled_at": null}"""
                .formatted(id, PublicIds.newId("ord", Mode.TEST), PublicIds.newId("rpt", Mode.TEST), now, now);
        return TestServer.bean(EventService.class).record(new Tenant(tenant.id(), Mode.TEST), type, id, adverseAction, null, now).id();
    }
}
