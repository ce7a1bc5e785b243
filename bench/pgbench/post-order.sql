-- POST /orders in live mode with an inline property, applicant and requester (a new address,
-- Idempotency-Key and applicant each time): the statements the service sends for it, the API
-- key coming from its cache, in its three transactions (claim and charge record; the built-in
-- gateway; the order) and the charge check between the first two, a statement on its own, run
-- with pgbench -M prepared. The two invitations are one JDBC batch, a pipeline here. Random
-- numbers stand in for the service's random ids.
\set n random(1, 1000000000000)
BEGIN;
SELECT o.id, o.name, o.created_at, b.payment_method, b.invoiced FROM organizations o JOIN billing_settings b ON b.organization_id = o.id WHERE o.id = :org;
INSERT INTO idempotency_keys (organization_id, mode, idempotency_key, request_digest, digest_key_id, state, locked_until, request_sealed, request_key_id, charge_plan, created_at) VALUES (:org, 'live', 'bench-' || :n, sha256(:n::text::bytea), 'bench', 'claimed', now() + interval '1 minute', sha256(:n::text::bytea) || sha256(:n::text::bytea), 'bench', 'card', now()) ON CONFLICT DO NOTHING;
INSERT INTO charges (organization_id, mode, id, amount_cents, currency, method, gateway, status, created_at, updated_at) VALUES (:org, 'live', 'ch_' || lpad(:n::text, 24, '0'), 3000, 'usd', 'card', 'builtin', 'pending', now(), now());
UPDATE idempotency_keys SET state = 'charging', charge_id = 'ch_' || lpad(:n::text, 24, '0') WHERE organization_id = :org AND mode = 'live' AND idempotency_key = 'bench-' || :n;
COMMIT;
SELECT amount_cents, currency FROM charges WHERE organization_id = :org AND mode = 'live' AND id = 'ch_' || lpad(:n::text, 24, '0') AND status = 'pending';
BEGIN;
SELECT o.id, o.name, o.created_at, b.payment_method, b.invoiced FROM organizations o JOIN billing_settings b ON b.organization_id = o.id WHERE o.id = :org;
INSERT INTO builtin_gateway_payments (reference, organization_id, amount_cents, currency, outcome, payment_id, created_at) VALUES ('ch_' || lpad(:n::text, 24, '0'), :org, 3000, 'usd', 'charged', 'pay_' || lpad(:n::text, 24, '0'), now()) ON CONFLICT DO NOTHING;
COMMIT;
BEGIN;
SELECT idempotency_key, request_digest, digest_key_id, state, locked_until, request_sealed, request_key_id, charge_plan, charge_id, response_status, response_body, order_id FROM idempotency_keys WHERE organization_id = :org AND mode = 'live' AND idempotency_key = 'bench-' || :n FOR UPDATE;
INSERT INTO properties (organization_id, mode, id, name, street, unit, city, state, zipcode, address_key, created_at) VALUES (:org, 'live', 'pr_' || lpad(:n::text, 24, '0'), NULL, :n || ' Bench Street', NULL, 'Austin', 'TX', '78701', :n || ' bench street', now()) ON CONFLICT ON CONSTRAINT properties_address_unique DO NOTHING RETURNING id, name, street, unit, city, state, zipcode, created_at;
INSERT INTO applicants (organization_id, mode, id, first_name, last_name, email, dob, phone_number, ssn_ciphertext, ssn_key_id, ssn_last4, created_at) VALUES (:org, 'live', 'ap_' || lpad(:n::text, 24, '0'), 'Jamie', 'Rivera', 'applicant@example.com', date '1990-07-14', '+15125550142', sha256(:n::text::bytea), 'bench', '6789', now());
INSERT INTO original_requesters (organization_id, mode, id, external_id, type, name, email, phone_number, street, unit, city, state, zipcode, created_at, updated_at) VALUES (:org, 'live', 'req_' || lpad(:n::text, 24, '0'), 'landlord-' || (:n::bigint % 100), 'business', 'Sunrise Property Group LLC', 'leasing@sunrise.example', NULL, NULL, NULL, NULL, NULL, NULL, now(), now()) ON CONFLICT ON CONSTRAINT original_requesters_external_id_unique DO UPDATE SET type = excluded.type, name = excluded.name, email = excluded.email, phone_number = excluded.phone_number, street = excluded.street, unit = excluded.unit, city = excluded.city, state = excluded.state, zipcode = excluded.zipcode, updated_at = excluded.updated_at WHERE original_requesters.deactivated_at IS NULL RETURNING id, external_id, type, name, email, phone_number, street, unit, city, state, zipcode, created_at, deactivated_at;
INSERT INTO orders (organization_id, mode, id, status, package, add_on_products, payer, property_id, applicant_id, original_requester_id, application_token_digest, application_token_key_id, application_token_nonce, created_at) SELECT :org, 'live', 'ord_' || lpad(:n::text, 24, '0'), 'waiting_for_applicant', 'essential', '{identity_verification}', 'organization', 'pr_' || lpad(:n::text, 24, '0'), 'ap_' || lpad(:n::text, 24, '0'), id, sha256(:n::text::bytea), 'bench', sha256(('x' || :n)::bytea), now() FROM original_requesters WHERE organization_id = :org AND mode = 'live' AND external_id = 'landlord-' || (:n::bigint % 100);
INSERT INTO order_transitions (order_id, from_status, to_status, actor, occurred_at) SELECT id, NULL, 'waiting_for_applicant', 'api', now() FROM orders WHERE organization_id = :org AND mode = 'live' AND id = 'ord_' || lpad(:n::text, 24, '0');
\startpipeline
INSERT INTO scheduled_tasks (task_name, task_instance, task_data, execution_time, picked, version) VALUES ('bench-email', 'ord_' || lpad(:n::text, 24, '0'), convert_to(repeat('x', 180), 'UTF8'), now() + interval '1 day', false, 1);
INSERT INTO scheduled_tasks (task_name, task_instance, task_data, execution_time, picked, version) VALUES ('bench-sms', 'ord_' || lpad(:n::text, 24, '0'), convert_to(repeat('x', 180), 'UTF8'), now() + interval '1 day', false, 1);
\endpipeline
UPDATE charges SET status = 'succeeded', order_id = 'ord_' || lpad(:n::text, 24, '0'), gateway_reference = 'pay_' || lpad(:n::text, 24, '0'), updated_at = now() WHERE organization_id = :org AND mode = 'live' AND id = 'ch_' || lpad(:n::text, 24, '0');
UPDATE idempotency_keys SET state = 'finished', locked_until = NULL, request_sealed = NULL, request_key_id = NULL, response_status = 201, response_body = repeat('x', 900), order_id = 'ord_' || lpad(:n::text, 24, '0') WHERE organization_id = :org AND mode = 'live' AND idempotency_key = 'bench-' || :n;
COMMIT;
