package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.event.ExecutionChain;
import com.github.kagkarlsson.scheduler.event.ExecutionInterceptor;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import io.micronaut.transaction.TransactionOperations;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.Optional;

/**
 * Carries a trace through background work: the W3C traceparent of the context a task is
 * scheduled in is stored on its row (column {@code scheduled_tasks.traceparent}, written in
 * the scheduling transaction), and each execution of the task, on whichever instance and
 * after any restart, runs in a span named by the task's kind whose parent is that
 * traceparent. Work scheduled from within a task stores the task's span, so the whole chain
 * of an order's work joins the trace of the request that placed it. Nothing is stored or
 * read when traces are not exported.
 */
@Singleton
public class WorkTraces implements ExecutionInterceptor {

    private final Traces traces;
    private final Jdbc jdbc;
    private final TransactionOperations<Connection> transactions;

    public WorkTraces(Traces traces, Jdbc jdbc, TransactionOperations<Connection> transactions) {
        this.traces = traces;
        this.jdbc = jdbc;
        this.transactions = transactions;
    }

    /** Within the scheduling transaction: stores the current trace context with a task just scheduled. */
    void store(TaskInstanceId instance) {
        traces.currentTraceparent().ifPresent(traceparent -> jdbc.update(
                "UPDATE scheduled_tasks SET traceparent = ? WHERE task_name = ? AND task_instance = ?",
                traceparent, instance.getTaskName(), instance.getId()));
    }

    /**
     * The traceparent stored with a task of the given kind whose instance is {@code instance}
     * or starts with {@code instance} followed by {@code /}; empty when none is stored.
     */
    public Optional<String> storedTraceparent(String taskName, String instance) {
        if (!traces.exporting()) {
            return Optional.empty();
        }
        String escaped = instance.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return transactions.executeRead(status -> jdbc.queryOne("SELECT traceparent FROM scheduled_tasks WHERE task_name = ?"
                + " AND (task_instance = ? OR task_instance LIKE ?) AND traceparent IS NOT NULL ORDER BY task_instance = ? DESC LIMIT 1",
                row -> row.getString(1), taskName, instance, escaped + "/%", instance));
    }

    @Override
    public CompletionHandler<?> execute(TaskInstance<?> taskInstance, ExecutionContext executionContext, ExecutionChain chain) {
        if (!traces.exporting()) {
            return chain.proceed(taskInstance, executionContext);
        }
        Optional<String> stored = transactions.executeRead(status -> jdbc.queryOne(
                "SELECT traceparent FROM scheduled_tasks WHERE task_name = ? AND task_instance = ? AND traceparent IS NOT NULL",
                row -> row.getString(1), taskInstance.getTaskName(), taskInstance.getId()));
        Span span = traces.span(taskInstance.getTaskName(), SpanKind.CONSUMER, stored)
                .setAttribute("work.task", taskInstance.getTaskName())
                .setAttribute("work.instance", taskInstance.getId())
                .startSpan();
        return traces.within(span, () -> chain.proceed(taskInstance, executionContext));
    }
}
