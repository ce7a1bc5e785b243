-- Due work of one kind, oldest first: the screening queue's delay (the oldest screening
-- waiting for a worker) is read with every pending live order, and must not walk past
-- other kinds of due work (a backlog of webhook deliveries, say) to find it.
CREATE INDEX scheduled_tasks_task_execution_time ON scheduled_tasks (task_name, execution_time);
