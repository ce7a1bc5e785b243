-- GET /orders/{id}: the statements the service sends for it, the API key coming from its
-- cache (run with pgbench -M prepared).
SELECT id, mode, status, package, add_on_products, payer, property_id, applicant_id, original_requester_id, application_token_key_id, application_token_nonce, created_at, completed_at, canceled_at FROM orders WHERE organization_id = :org AND mode = 'test' AND id = :id;
