-- A household's rental application (io.tenantscreening.households): one property, package,
-- add-ons, payer, policy and rent, shared by every member's order. Its status changes in the
-- transaction that changes a member's order, under a lock of its row (SELECT ... FOR UPDATE),
-- so two instances completing the last two members' orders at once complete it once.
CREATE TABLE rental_applications (
    id                  text        PRIMARY KEY,
    organization_id     text        NOT NULL REFERENCES organizations (id),
    mode                text        NOT NULL CHECK (mode IN ('test', 'live')),
    status              text        NOT NULL CHECK (status IN ('collecting', 'completed', 'canceled')),
    property_id         text        NOT NULL,
    package             text        NOT NULL CHECK (package IN ('starter', 'essential', 'complete')),
    add_on_products     text[]      NOT NULL,
    payer               text        NOT NULL CHECK (payer IN ('organization', 'applicant')),
    screening_policy_id text,
    monthly_rent        bigint,
    created_at          timestamptz NOT NULL,
    completed_at        timestamptz,
    canceled_at         timestamptz,
    CONSTRAINT rental_applications_tenant UNIQUE (id, organization_id, mode),
    CONSTRAINT rental_applications_property_fkey FOREIGN KEY (property_id, organization_id, mode)
        REFERENCES properties (id, organization_id, mode)
);

-- Newest-first keyset pagination within one organisation and mode.
CREATE INDEX rental_applications_listing_idx ON rental_applications (organization_id, mode, created_at DESC, id DESC);

CREATE TRIGGER rental_applications_count AFTER INSERT ON rental_applications
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows('rental_applications');

-- Each member: the order that screens them (one application per order), their role, and
-- when they were added and removed. A removed member stays, for the record.
CREATE TABLE rental_application_members (
    rental_application_id text        NOT NULL,
    organization_id       text        NOT NULL,
    mode                  text        NOT NULL,
    position              integer     NOT NULL,
    order_id              text        NOT NULL UNIQUE,
    role                  text        NOT NULL CHECK (role IN ('applicant', 'co_applicant', 'guarantor')),
    added_at              timestamptz NOT NULL,
    removed_at            timestamptz,
    PRIMARY KEY (rental_application_id, position),
    CONSTRAINT rental_application_members_application_fkey FOREIGN KEY (rental_application_id, organization_id, mode)
        REFERENCES rental_applications (id, organization_id, mode),
    CONSTRAINT rental_application_members_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode)
);

ALTER TABLE orders ADD COLUMN rental_application_id text;
ALTER TABLE orders ADD CONSTRAINT orders_rental_application_fkey FOREIGN KEY (rental_application_id, organization_id, mode)
    REFERENCES rental_applications (id, organization_id, mode);
CREATE INDEX orders_rental_application_idx ON orders (rental_application_id) WHERE rental_application_id IS NOT NULL;
