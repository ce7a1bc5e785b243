package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.PostgreSqlJdbcCustomization;
import com.github.kagkarlsson.scheduler.serializer.JacksonSerializer;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.jdbc.DataSourceResolver;
import io.tenantscreening.common.Environments;
import jakarta.inject.Singleton;

import java.util.List;
import javax.sql.DataSource;

/**
 * Background work on db-scheduler: tasks live in PostgreSQL (table scheduled_tasks), every
 * instance polls for due ones and claims them with {@code SELECT ... FOR UPDATE SKIP LOCKED},
 * running work sends heartbeats, and work whose instance stops sending them (killed, say)
 * is taken up again by another. Due work is taken highest priority first (webhook
 * deliveries come last), then oldest first. Work is scheduled through {@link SchedulerClient} on the
 * transaction-aware DataSource, so it is written in the same transaction as the change
 * that causes it, and exists exactly when that change commits. The scheduler's own threads
 * use the pool directly. The scheduler keeps real time (leases and heartbeats must); work
 * scheduled for a moment of the service's clock runs when real time reaches it.
 */
@Factory
public class WorkScheduling {

    /** Named rather than detected: detection would need a connection while the beans are made. */
    private static final JdbcCustomization POSTGRESQL = new PostgreSqlJdbcCustomization(false, false);

    /**
     * The scheduler of this instance: started with the service (made by BackgroundStart, once
     * the migrations are done), stopped when it stops
     * (running work gets {@code screening.work.shutdown-wait} to finish; what is still
     * running then is taken up by another instance once its heartbeats stop).
     */
    @Singleton
    @Bean(preDestroy = "stop")
    @Requires(notEnv = Environments.OPERATOR)
    public Scheduler scheduler(List<BackgroundWork> work, DataSource dataSource, DataSourceResolver resolver,
                               WorkSettings settings, WorkErrors errors, WorkLogFields logFields, WorkTraces traces) {
        List<Task<?>> tasks = work.stream().<Task<?>>map(BackgroundWork::task).toList();
        List<RecurringTask<?>> recurring = tasks.stream().filter(RecurringTask.class::isInstance)
                .<RecurringTask<?>>map(task -> (RecurringTask<?>) task).toList();
        Scheduler scheduler = Scheduler.create(resolver.resolve(dataSource),
                        tasks.stream().filter(task -> !(task instanceof RecurringTask)).toList())
                .startTasks(recurring)
                .threads(settings.getThreads())
                .pollingInterval(settings.getPollingInterval())
                .pollUsingLockAndFetch(0.5, 2.0)
                .enablePriority()
                .heartbeatInterval(settings.getHeartbeatInterval())
                .missedHeartbeatsLimit(settings.getMissedHeartbeats())
                .shutdownMaxWait(settings.getShutdownWait())
                .serializer(new JacksonSerializer())
                .jdbcCustomization(POSTGRESQL)
                .schedulerName(new SchedulerName.Fixed(new SchedulerName.Hostname().getName() + "/" + ProcessHandle.current().pid()))
                .addSchedulerListener(errors)
                .addExecutionInterceptor(logFields)
                .addExecutionInterceptor(traces)
                .build();
        scheduler.start();
        return scheduler;
    }

    /**
     * Schedules work; called inside a transaction, the work is scheduled when (and only if) it
     * commits, with the trace context it was scheduled in.
     */
    @Singleton
    public SchedulerClient client(DataSource dataSource, WorkTraces traces) {
        return new TracedSchedulerClient(
                SchedulerClient.Builder.create(dataSource).serializer(new JacksonSerializer()).jdbcCustomization(POSTGRESQL).build(),
                traces);
    }
}
