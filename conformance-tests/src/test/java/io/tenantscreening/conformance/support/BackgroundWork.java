package io.tenantscreening.conformance.support;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import static io.tenantscreening.conformance.support.Waits.await;

/**
 * The service's background work as the tests watch it, in db-scheduler's table of the test
 * class's database: instead of waiting a while for work that might happen, a test waits
 * until the work that could happen has happened.
 */
public final class BackgroundWork {

    private BackgroundWork() {
    }

    /** Waits until no work of this task for this instance is left: whatever it was to do is done. */
    public static void awaitDone(String task, String instance) {
        await("no " + task + " work left for " + instance).until(() -> TestDatabase.number(
                "SELECT count(*) FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?", task, instance) == 0);
    }

    /** Waits until this work has run to its end once and is scheduled to run again (a step that asks again later). */
    public static void awaitRescheduled(String task, String instance) {
        await(task + " for " + instance + " run").until(() -> TestDatabase.number("SELECT count(*) FROM scheduled_tasks "
                + "WHERE task_name = ? AND task_instance = ? AND last_success IS NOT NULL", task, instance) == 1);
    }

    /**
     * Waits until this recurring task (a sweep) has run from start to end twice after now, so
     * that a whole run saw everything the test did before it (real time, as the scheduler keeps it).
     */
    public static void awaitTwoRuns(String task) {
        lastRunAfter(task, lastRunAfter(task, Instant.now()));
    }

    private static Instant lastRunAfter(String task, Instant moment) {
        List<Object> run = await("a run of " + task + " after " + moment).until(() -> TestDatabase.rows(
                "SELECT last_success FROM scheduled_tasks WHERE task_name = ? AND last_success > ?", task, Timestamp.from(moment)),
                rows -> !rows.isEmpty()).get(0);
        return ((Timestamp) run.get(0)).toInstant();
    }
}
