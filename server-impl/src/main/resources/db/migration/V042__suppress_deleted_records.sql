-- Court records deleted after a reinvestigation (FCRA section 611(a)(5)(A)), kept so that
-- they stay out of every later report on the same consumer (611(a)(5)(C)). A record is
-- known by a fingerprint of its court, filing date, case type and description (SHA-256,
-- hex), never by the report it came from.
CREATE TABLE deleted_records (
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id        text        NOT NULL,
    check_type      text        NOT NULL CHECK (check_type IN ('eviction', 'criminal')),
    fingerprint     text        NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
    deleted_at      timestamptz NOT NULL,
    PRIMARY KEY (order_id, check_type, fingerprint),
    CONSTRAINT deleted_records_order_fkey FOREIGN KEY (order_id, organization_id, mode) REFERENCES orders (id, organization_id, mode)
);
