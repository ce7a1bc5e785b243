-- Screening orders. An applicant belongs to at most one order (unique applicant_id), so
-- two concurrent orders for one applicant cannot both be created. The application token
-- itself is never stored, only its SHA-256 digest (see ApplicationTokens).
CREATE TABLE orders (
    id                       text        PRIMARY KEY,
    organization_id          text        NOT NULL REFERENCES organizations (id),
    mode                     text        NOT NULL CHECK (mode IN ('test', 'live')),
    status                   text        NOT NULL CHECK (status IN ('waiting_for_applicant', 'pending', 'completed', 'canceled')),
    package                  text        NOT NULL CHECK (package IN ('starter', 'essential', 'complete')),
    add_on_products          text[]      NOT NULL,
    payer                    text        NOT NULL CHECK (payer IN ('organization', 'applicant')),
    property_id              text        NOT NULL REFERENCES properties (id),
    applicant_id             text        NOT NULL REFERENCES applicants (id),
    original_requester_id    text        REFERENCES original_requesters (id),
    application_token_digest bytea       UNIQUE,
    application_token_key_id text,
    created_at               timestamptz NOT NULL,
    completed_at             timestamptz,
    canceled_at              timestamptz,
    CONSTRAINT orders_applicant_unique UNIQUE (applicant_id),
    CONSTRAINT orders_test_mode_payer CHECK (mode = 'live' OR payer = 'organization'),
    CONSTRAINT orders_token_complete CHECK ((application_token_digest IS NULL) = (application_token_key_id IS NULL))
);

-- Newest-first keyset pagination within one organisation and mode.
CREATE INDEX orders_listing_idx ON orders (organization_id, mode, created_at DESC, id DESC);

CREATE TRIGGER orders_count AFTER INSERT ON orders
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows('orders');

-- Every change of an order's status, for audit: creation (from_status null) included.
CREATE TABLE order_transitions (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id    text        NOT NULL REFERENCES orders (id),
    from_status text,
    to_status   text        NOT NULL,
    actor       text        NOT NULL,
    occurred_at timestamptz NOT NULL
);
CREATE INDEX order_transitions_order_idx ON order_transitions (order_id, id);
