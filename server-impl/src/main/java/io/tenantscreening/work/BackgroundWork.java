package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.task.Task;

/**
 * One kind of background work a feature defines, as a db-scheduler task. Every bean of
 * this type is known to the scheduler of every instance, so any instance can run work any
 * other instance scheduled.
 */
public interface BackgroundWork {

    Task<?> task();
}
