package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.ScheduledExecution;
import com.github.kagkarlsson.scheduler.ScheduledExecutionsFilter;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Schedules work like db-scheduler's own client, and stores with each new task the trace
 * context it was scheduled in ({@link WorkTraces}), in the same transaction.
 */
final class TracedSchedulerClient implements SchedulerClient {

    private final SchedulerClient delegate;
    private final WorkTraces traces;

    TracedSchedulerClient(SchedulerClient delegate, WorkTraces traces) {
        this.delegate = delegate;
        this.traces = traces;
    }

    @Override
    public <T> boolean schedule(TaskInstance<T> taskInstance, Instant executionTime, ScheduleOptions scheduleOptions) {
        return stored(taskInstance, delegate.schedule(taskInstance, executionTime, scheduleOptions));
    }

    @Override
    public <T> boolean schedule(SchedulableInstance<T> schedulableInstance, ScheduleOptions scheduleOptions) {
        return stored(schedulableInstance.getTaskInstance(), delegate.schedule(schedulableInstance, scheduleOptions));
    }

    @Override
    public <T> void schedule(TaskInstance<T> taskInstance, Instant executionTime) {
        delegate.schedule(taskInstance, executionTime);
        stored(taskInstance, true);
    }

    @Override
    public <T> void schedule(SchedulableInstance<T> schedulableInstance) {
        delegate.schedule(schedulableInstance);
        stored(schedulableInstance.getTaskInstance(), true);
    }

    @Override
    public <T> boolean scheduleIfNotExists(TaskInstance<T> taskInstance, Instant executionTime) {
        return stored(taskInstance, delegate.scheduleIfNotExists(taskInstance, executionTime));
    }

    @Override
    public <T> boolean scheduleIfNotExists(SchedulableInstance<T> schedulableInstance) {
        return stored(schedulableInstance.getTaskInstance(), delegate.scheduleIfNotExists(schedulableInstance));
    }

    @Override
    public void scheduleBatch(List<TaskInstance<?>> taskInstances, Instant executionTime) {
        delegate.scheduleBatch(taskInstances, executionTime);
        taskInstances.forEach(instance -> stored(instance, true));
    }

    @Override
    public void scheduleBatch(List<SchedulableInstance<?>> schedulableInstances) {
        delegate.scheduleBatch(schedulableInstances);
        schedulableInstances.forEach(instance -> stored(instance.getTaskInstance(), true));
    }

    @Override
    public boolean reschedule(TaskInstanceId taskInstanceId, Instant newExecutionTime) {
        return delegate.reschedule(taskInstanceId, newExecutionTime);
    }

    @Override
    public <T> boolean reschedule(TaskInstanceId taskInstanceId, Instant newExecutionTime, T newData) {
        return delegate.reschedule(taskInstanceId, newExecutionTime, newData);
    }

    @Override
    public <T> boolean reschedule(SchedulableInstance<T> schedulableInstance) {
        return delegate.reschedule(schedulableInstance);
    }

    @Override
    public void cancel(TaskInstanceId taskInstanceId) {
        delegate.cancel(taskInstanceId);
    }

    @Override
    public void fetchScheduledExecutions(Consumer<ScheduledExecution<Object>> consumer) {
        delegate.fetchScheduledExecutions(consumer);
    }

    @Override
    public void fetchScheduledExecutions(ScheduledExecutionsFilter filter, Consumer<ScheduledExecution<Object>> consumer) {
        delegate.fetchScheduledExecutions(filter, consumer);
    }

    @Override
    public <T> void fetchScheduledExecutionsForTask(String taskName, Class<T> dataClass, Consumer<ScheduledExecution<T>> consumer) {
        delegate.fetchScheduledExecutionsForTask(taskName, dataClass, consumer);
    }

    @Override
    public <T> void fetchScheduledExecutionsForTask(String taskName, Class<T> dataClass, ScheduledExecutionsFilter filter,
                                                    Consumer<ScheduledExecution<T>> consumer) {
        delegate.fetchScheduledExecutionsForTask(taskName, dataClass, filter, consumer);
    }

    @Override
    public Optional<ScheduledExecution<Object>> getScheduledExecution(TaskInstanceId taskInstanceId) {
        return delegate.getScheduledExecution(taskInstanceId);
    }

    private boolean stored(TaskInstanceId instance, boolean scheduled) {
        if (scheduled) {
            traces.store(instance);
        }
        return scheduled;
    }
}
