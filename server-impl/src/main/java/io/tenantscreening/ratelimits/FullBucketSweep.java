package io.tenantscreening.ratelimits;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;

/**
 * Deletes the rate-limit buckets that have been full for a minute (keys no longer in use,
 * and the buckets of limits that were changed), so that the table holds only buckets in use.
 * A recurring sweep, every {@code screening.work.sweep-interval}, run by one instance at a time.
 */
@Singleton
public class FullBucketSweep implements BackgroundWork {

    private static final int BATCH = 1_000;

    private final RateLimiter limiter;
    private final WorkSettings settings;

    public FullBucketSweep(RateLimiter limiter, WorkSettings settings) {
        this.limiter = limiter;
        this.settings = settings;
    }

    @Override
    public Task<Void> task() {
        return Tasks.recurring("forget-full-rate-limit-buckets", Schedules.fixedDelay(settings.getSweepInterval()))
                .execute((instance, context) -> {
                    int deleted;
                    do {
                        deleted = limiter.forgetFullBuckets(BATCH);
                    } while (deleted == BATCH);
                });
    }
}
