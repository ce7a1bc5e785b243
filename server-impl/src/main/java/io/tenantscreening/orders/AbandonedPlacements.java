package io.tenantscreening.orders;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import io.tenantscreening.idempotency.AbandonedWork;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Resumes the placements whose holders are gone (an instance killed between charge and
 * order, say): each ends in what it creates (an order, a rental application, a member), or
 * in a refund. Every {@link AbandonedWork} is swept. A recurring sweep, every
 * {@code screening.work.sweep-interval}, run by one instance at a time.
 */
@Singleton
public class AbandonedPlacements implements BackgroundWork {

    private static final Logger LOG = LoggerFactory.getLogger(AbandonedPlacements.class);

    private final List<AbandonedWork> placements;
    private final WorkSettings settings;

    public AbandonedPlacements(List<AbandonedWork> placements, WorkSettings settings) {
        this.placements = placements;
        this.settings = settings;
    }

    @Override
    public Task<Void> task() {
        return Tasks.recurring("resume-abandoned-placements", Schedules.fixedDelay(settings.getSweepInterval()))
                .execute((instance, context) -> {
                    for (AbandonedWork placement : placements) {
                        int resumed = placement.resumeAbandoned();
                        if (resumed > 0) {
                            LOG.info("resumed {} abandoned placement(s) of {}", resumed, placement.getClass().getSimpleName());
                        }
                    }
                });
    }
}
