-- GET /orders?per_page=100&include=property,applicant,original_requester: the statements the
-- service sends for it, the API key coming from its cache (run with pgbench -M prepared);
-- :properties, :applicants and :requesters are the ids the first page refers to, as array literals.
SELECT id, mode, status, package, add_on_products, payer, property_id, applicant_id, original_requester_id, application_token_key_id, application_token_nonce, created_at, completed_at, canceled_at FROM orders WHERE organization_id = :org AND mode = 'test' ORDER BY created_at DESC, id DESC LIMIT 101;
SELECT coalesce(sum(count), 0) FROM collection_counts WHERE organization_id = :org AND mode = 'test' AND collection = 'orders';
SELECT id, name, street, unit, city, state, zipcode, created_at FROM properties WHERE organization_id = :org AND mode = 'test' AND id = ANY (:properties::text[]);
SELECT id, first_name, last_name, email, dob, phone_number, ssn_last4, created_at FROM applicants WHERE organization_id = :org AND mode = 'test' AND id = ANY (:applicants::text[]);
SELECT id, external_id, type, name, email, phone_number, street, unit, city, state, zipcode, created_at, deactivated_at FROM original_requesters WHERE organization_id = :org AND mode = 'test' AND id = ANY (:requesters::text[]);
