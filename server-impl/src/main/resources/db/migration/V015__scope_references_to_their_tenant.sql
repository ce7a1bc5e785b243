-- A record may only point at records of its own organisation and mode. Each referenced
-- table gets the key (id, organization_id, mode), and each reference becomes a composite
-- foreign key over the same three columns, so the database itself refuses an order whose
-- property, applicant or requester belongs to another tenant, and a charge or idempotency
-- key that names another tenant's order. Charges and idempotency keys exist in live mode
-- only; their mode column says so and completes the key.
ALTER TABLE properties ADD CONSTRAINT properties_tenant_key UNIQUE (id, organization_id, mode);
ALTER TABLE applicants ADD CONSTRAINT applicants_tenant_key UNIQUE (id, organization_id, mode);
ALTER TABLE original_requesters ADD CONSTRAINT original_requesters_tenant_key UNIQUE (id, organization_id, mode);
ALTER TABLE orders ADD CONSTRAINT orders_tenant_key UNIQUE (id, organization_id, mode);

ALTER TABLE orders
    DROP CONSTRAINT orders_property_id_fkey,
    DROP CONSTRAINT orders_applicant_id_fkey,
    DROP CONSTRAINT orders_original_requester_id_fkey,
    ADD CONSTRAINT orders_property_fkey FOREIGN KEY (property_id, organization_id, mode)
        REFERENCES properties (id, organization_id, mode),
    ADD CONSTRAINT orders_applicant_fkey FOREIGN KEY (applicant_id, organization_id, mode)
        REFERENCES applicants (id, organization_id, mode),
    ADD CONSTRAINT orders_original_requester_fkey FOREIGN KEY (original_requester_id, organization_id, mode)
        REFERENCES original_requesters (id, organization_id, mode);

ALTER TABLE charges
    ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode = 'live'),
    DROP CONSTRAINT charges_order_id_fkey,
    ADD CONSTRAINT charges_order_fkey FOREIGN KEY (order_id, organization_id, mode) REFERENCES orders (id, organization_id, mode);

ALTER TABLE idempotency_keys
    ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode = 'live'),
    DROP CONSTRAINT idempotency_keys_order_id_fkey,
    ADD CONSTRAINT idempotency_keys_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode);
