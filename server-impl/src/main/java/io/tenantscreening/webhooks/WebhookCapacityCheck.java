package io.tenantscreening.webhooks;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.Environments;
import io.tenantscreening.work.WorkSettings;
import jakarta.annotation.PostConstruct;

/**
 * When the service starts: webhook deliveries take work threads, so the settings that size
 * them must leave threads for the rest of the work. The service refuses to start when
 * {@code WEBHOOK_WORKERS} is not below {@code WORK_THREADS} (a slow receiver could then hold
 * every thread, and no screening would run), or when a limit is below one.
 */
@Context
@Requires(notEnv = Environments.OPERATOR)
public class WebhookCapacityCheck {

    private final WebhookSettings webhooks;
    private final WorkSettings work;

    public WebhookCapacityCheck(WebhookSettings webhooks, WorkSettings work) {
        this.webhooks = webhooks;
        this.work = work;
    }

    @PostConstruct
    void requireThreadsForTheRestOfTheWork() {
        if (webhooks.getEndpointConcurrency() < 1 || webhooks.getWorkers() < 1) {
            throw new IllegalStateException("WEBHOOK_ENDPOINT_CONCURRENCY and WEBHOOK_WORKERS must be at least 1, not "
                    + webhooks.getEndpointConcurrency() + " and " + webhooks.getWorkers() + ".");
        }
        if (webhooks.getWorkers() >= work.getThreads()) {
            throw new IllegalStateException("WEBHOOK_WORKERS (" + webhooks.getWorkers() + ") must be below WORK_THREADS ("
                    + work.getThreads() + "): deliveries take work threads, and the rest of the work (screenings, emails)"
                    + " needs some of its own.");
        }
    }
}
