-- The last error of background work that is failing, for operators: scheduled_tasks counts
-- the failures in a row, this says why. The row goes when the work next succeeds.
CREATE TABLE work_errors (
    task_name      text        NOT NULL,
    task_instance  text        NOT NULL,
    last_error     text        NOT NULL,
    last_failed_at timestamptz NOT NULL,
    PRIMARY KEY (task_name, task_instance)
);
