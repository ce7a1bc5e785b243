-- POST /properties (live key, a new address each time): the statement the service sends for
-- it, the API key coming from its cache (run with pgbench -M prepared).
INSERT INTO properties (organization_id, mode, id, name, street, unit, city, state, zipcode, address_key, created_at) VALUES (:org, 'live', 'pr_' || substr(md5(random()::text), 1, 24), NULL, 'Bench Street', NULL, 'Austin', 'TX', '78701', md5(random()::text), now()) ON CONFLICT ON CONSTRAINT properties_address_unique DO NOTHING RETURNING id, name, street, unit, city, state, zipcode, created_at;
