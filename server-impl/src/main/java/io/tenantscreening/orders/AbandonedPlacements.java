package io.tenantscreening.orders;

import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.Async;
import io.tenantscreening.operator.OperatorCommand;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When the service starts, resumes the placements whose holders are gone (an instance
 * killed between charge and order, say): each ends in its order, or in a refund. Runs in
 * the background; several instances starting together share the work without doing any
 * twice (a placement is taken over by one of them).
 */
@Singleton
@Requires(notEnv = OperatorCommand.ENVIRONMENT)
public class AbandonedPlacements {

    private static final Logger LOG = LoggerFactory.getLogger(AbandonedPlacements.class);

    private final OrderPlacement placement;

    public AbandonedPlacements(OrderPlacement placement) {
        this.placement = placement;
    }

    @EventListener
    @Async(TaskExecutors.BLOCKING)
    public void onStartup(ServerStartupEvent event) {
        int resumed = placement.resumeAbandoned();
        if (resumed > 0) {
            LOG.info("resumed {} abandoned order placement(s)", resumed);
        }
    }
}
