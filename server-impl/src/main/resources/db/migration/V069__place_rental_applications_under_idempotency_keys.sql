-- Live rental applications (POST /rental_applications) and members added to them
-- (POST /rental_applications/{id}/members) are placed under their Idempotency-Keys in the
-- same phases as live orders, in the same table: the key space of an organisation is one.
-- operation says which request claimed a key, so that the sweep of abandoned placements
-- resumes each as its own kind. Such a placement records one charge per member's order, in
-- charge_ids (in member order; charge_id stays null), and its answer names the application
-- in rental_application_id (order_id stays null).
ALTER TABLE idempotency_keys
    ADD COLUMN operation text NOT NULL DEFAULT 'order'
        CHECK (operation IN ('order', 'rental_application', 'rental_application_member')),
    ADD COLUMN charge_ids text[],
    ADD COLUMN rental_application_id text,
    ADD CONSTRAINT idempotency_keys_rental_application_fkey FOREIGN KEY (rental_application_id, organization_id, mode)
        REFERENCES rental_applications (id, organization_id, mode),
    DROP CONSTRAINT idempotency_keys_charge_when_charging,
    ADD CONSTRAINT idempotency_keys_charge_when_charging CHECK (
        state <> 'charging' OR charge_id IS NOT NULL OR cardinality(charge_ids) > 0);
ALTER TABLE idempotency_keys ALTER COLUMN operation DROP DEFAULT;
