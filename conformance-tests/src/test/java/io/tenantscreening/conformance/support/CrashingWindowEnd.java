package io.tenantscreening.conformance.support;

import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.events.Event;
import io.tenantscreening.events.EventSubscriber;
import io.tenantscreening.events.EventType;
import jakarta.inject.Singleton;

/**
 * Exists only in the test run, and only in a service started with
 * TEST_CRASH_AT_WINDOW_END=true: the process dies as if killed (no shutdown hooks) while it
 * ends an adverse action's response window, after the adverse action notice was made and
 * as the adverse_action.completed event is written, before the transaction commits.
 */
@Singleton
@Requires(property = "test.crash-at-window-end", value = "true")
public class CrashingWindowEnd implements EventSubscriber {

    @Override
    public void recorded(Tenant tenant, Event event) {
        if (event.type() == EventType.ADVERSE_ACTION_COMPLETED && "pending".equals(event.previousStatus())) {
            Runtime.getRuntime().halt(137);
        }
    }
}
