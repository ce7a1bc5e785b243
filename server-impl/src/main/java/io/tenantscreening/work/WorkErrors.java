package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.event.AbstractSchedulerListener;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Instant;

/**
 * Keeps the last error of work that failed, beside db-scheduler's own count of failures
 * in a row (table work_errors), so an operator sees why work is retried; forgets it when
 * the work succeeds.
 */
@Singleton
public class WorkErrors extends AbstractSchedulerListener {

    private static final int LONGEST_MESSAGE = 1000;

    private final Jdbc jdbc;
    private final TransactionOperations<Connection> transactions;

    public WorkErrors(Jdbc jdbc, TransactionOperations<Connection> transactions) {
        this.jdbc = jdbc;
        this.transactions = transactions;
    }

    @Override
    public void onExecutionComplete(ExecutionComplete complete) {
        TaskInstance<?> instance = complete.getExecution().taskInstance;
        if (complete.getResult() == ExecutionComplete.Result.OK) {
            if (complete.getExecution().consecutiveFailures > 0) {
                transactions.executeWrite(status -> jdbc.update("DELETE FROM work_errors WHERE task_name = ? AND task_instance = ?",
                        instance.getTaskName(), instance.getId()));
            }
            return;
        }
        String error = complete.getCause().map(WorkErrors::describe).orElse("failed without an exception");
        Instant at = complete.getTimeDone();
        transactions.executeWrite(status -> jdbc.update("INSERT INTO work_errors (task_name, task_instance, last_error, "
                        + "last_failed_at) VALUES (?, ?, ?, ?) ON CONFLICT (task_name, task_instance) DO UPDATE SET "
                        + "last_error = excluded.last_error, last_failed_at = excluded.last_failed_at",
                instance.getTaskName(), instance.getId(), error, at));
    }

    /** The exception and its causes, each as its class's simple name and message: "A: what: B: why". */
    private static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null && text.length() < LONGEST_MESSAGE; cause = cause.getCause()) {
            text.append(text.isEmpty() ? "" : ": ").append(cause.getClass().getSimpleName())
                    .append(cause.getMessage() == null ? "" : ": " + cause.getMessage());
        }
        return text.length() > LONGEST_MESSAGE ? text.substring(0, LONGEST_MESSAGE) + "…" : text.toString();
    }
}
