-- The end users that platforms order for, one per external_id within an organisation and
-- mode (the unique constraint makes concurrent upserts of one external_id meet on one row).
-- An operator may deactivate a requester; it can then no longer be used on new orders.
CREATE TABLE original_requesters (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    external_id     text        NOT NULL,
    type            text        NOT NULL CHECK (type IN ('individual', 'business')),
    name            text        NOT NULL,
    email           text,
    phone_number    text,
    street          text,
    unit            text,
    city            text,
    state           text,
    zipcode         text,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    deactivated_at  timestamptz,
    CONSTRAINT original_requesters_external_id_unique UNIQUE (organization_id, mode, external_id),
    CONSTRAINT original_requesters_address_complete CHECK (
        (street IS NULL AND city IS NULL AND state IS NULL AND zipcode IS NULL)
        OR (street IS NOT NULL AND city IS NOT NULL AND state IS NOT NULL AND zipcode IS NOT NULL))
);
