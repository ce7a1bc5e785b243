-- GET /reports/{id}: the statements the service sends for it, the API key coming from its
-- cache (run with pgbench -M prepared).
SELECT id, mode, order_id, checks, created_at, completed_at FROM reports WHERE organization_id = :org AND mode = 'test' AND id = :id;
