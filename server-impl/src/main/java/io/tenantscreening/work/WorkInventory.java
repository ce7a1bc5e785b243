package io.tenantscreening.work;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/** What background work exists, for operators: each piece with its state, attempts and last error. */
@Singleton
public class WorkInventory {

    private final Jdbc jdbc;

    public WorkInventory(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * One piece of work: which task and instance, when it runs next, whether an instance is
     * running it (and which, with its last heartbeat), its failures in a row and the last
     * error, and when it last succeeded or failed.
     */
    public record Work(String task, String instance, Instant runsAt, boolean running, String runningOn, Instant lastHeartbeat,
                       int failuresInARow, String lastError, Instant lastFailure, Instant lastSuccess) {
    }

    /** Up to {@code limit} pieces, soonest first; only failing ones when {@code failingOnly}. */
    @Transactional
    public List<Work> list(boolean failingOnly, int limit) {
        return jdbc.query("SELECT t.task_name, t.task_instance, t.execution_time, t.picked, t.picked_by, t.last_heartbeat, "
                        + "coalesce(t.consecutive_failures, 0) AS failures, e.last_error, t.last_failure, t.last_success "
                        + "FROM scheduled_tasks t LEFT JOIN work_errors e "
                        + "ON e.task_name = t.task_name AND e.task_instance = t.task_instance "
                        + "WHERE NOT ? OR coalesce(t.consecutive_failures, 0) > 0 "
                        + "ORDER BY t.execution_time, t.task_name, t.task_instance LIMIT ?",
                WorkInventory::read, failingOnly, limit);
    }

    private static Work read(ResultSet row) throws SQLException {
        return new Work(row.getString("task_name"), row.getString("task_instance"), instant(row.getTimestamp("execution_time")),
                row.getBoolean("picked"), row.getString("picked_by"), instant(row.getTimestamp("last_heartbeat")),
                row.getInt("failures"), row.getString("last_error"), instant(row.getTimestamp("last_failure")),
                instant(row.getTimestamp("last_success")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
