-- The W3C traceparent of the trace a task was scheduled in (null when traces are not
-- exported): each execution of the task joins that trace, on whichever instance runs it.
ALTER TABLE scheduled_tasks
    ADD COLUMN traceparent text;
