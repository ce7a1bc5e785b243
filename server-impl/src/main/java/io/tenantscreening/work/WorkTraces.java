package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.event.ExecutionChain;
import com.github.kagkarlsson.scheduler.event.ExecutionInterceptor;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import io.micronaut.jdbc.DataSourceResolver;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;

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
    private final DataSource transactional;
    private final DataSource pool;

    public WorkTraces(Traces traces, DataSource dataSource, DataSourceResolver resolver) {
        this.traces = traces;
        this.transactional = dataSource;
        this.pool = resolver.resolve(dataSource);
    }

    /** Within the scheduling transaction: stores the current trace context with a task just scheduled. */
    void store(TaskInstanceId instance) {
        traces.currentTraceparent().ifPresent(traceparent -> {
            try (Connection connection = transactional.getConnection();
                 PreparedStatement update = connection.prepareStatement(
                         "UPDATE scheduled_tasks SET traceparent = ? WHERE task_name = ? AND task_instance = ?")) {
                update.setString(1, traceparent);
                update.setString(2, instance.getTaskName());
                update.setString(3, instance.getId());
                update.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException("cannot store the trace context of task " + instance.getTaskName(), e);
            }
        });
    }

    /**
     * The traceparent stored with a task of the given kind whose instance is {@code instance}
     * or starts with {@code instance} followed by {@code /}; empty when none is stored.
     */
    public Optional<String> storedTraceparent(String taskName, String instance) {
        if (!traces.exporting()) {
            return Optional.empty();
        }
        try (Connection connection = pool.getConnection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT traceparent FROM scheduled_tasks WHERE task_name = ? AND (task_instance = ? OR task_instance LIKE ?)"
                             + " AND traceparent IS NOT NULL ORDER BY task_instance = ? DESC LIMIT 1")) {
            select.setString(1, taskName);
            select.setString(2, instance);
            select.setString(3, instance.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "/%");
            select.setString(4, instance);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(row.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the trace context of task " + taskName, e);
        }
    }

    @Override
    public CompletionHandler<?> execute(TaskInstance<?> taskInstance, ExecutionContext executionContext, ExecutionChain chain) {
        if (!traces.exporting()) {
            return chain.proceed(taskInstance, executionContext);
        }
        Span span = traces.span(taskInstance.getTaskName(), SpanKind.CONSUMER, exactTraceparent(taskInstance)).startSpan();
        span.setAttribute("work.task", taskInstance.getTaskName());
        span.setAttribute("work.instance", taskInstance.getId());
        try (Scope ignored = span.makeCurrent()) {
            return chain.proceed(taskInstance, executionContext);
        } catch (RuntimeException | Error e) {
            span.recordException(e);
            span.setStatus(StatusCode.ERROR);
            throw e;
        } finally {
            span.end();
        }
    }

    private Optional<String> exactTraceparent(TaskInstanceId instance) {
        try (Connection connection = pool.getConnection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT traceparent FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?")) {
            select.setString(1, instance.getTaskName());
            select.setString(2, instance.getId());
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.ofNullable(row.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the trace context of task " + instance.getTaskName(), e);
        }
    }
}
