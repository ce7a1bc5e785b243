-- Rental properties. address_key is the normalised address (see PropertyAddressKey);
-- the unique constraint makes concurrent creates of one address yield one record.
CREATE TABLE properties (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    name            text,
    street          text        NOT NULL,
    unit            text,
    city            text        NOT NULL,
    state           text        NOT NULL,
    zipcode         text        NOT NULL,
    address_key     text        NOT NULL,
    created_at      timestamptz NOT NULL,
    CONSTRAINT properties_address_unique UNIQUE (organization_id, mode, address_key)
);

-- Newest-first keyset pagination within one organisation and mode.
CREATE INDEX properties_listing_idx ON properties (organization_id, mode, created_at DESC, id DESC);

CREATE TRIGGER properties_count AFTER INSERT ON properties
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows('properties');
