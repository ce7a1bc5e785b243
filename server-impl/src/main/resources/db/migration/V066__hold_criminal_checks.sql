-- Two-step screening (io.tenantscreening.jurisdictions.ScreeningRules): a criminal check the
-- order's rules hold until the landlord's conditional offer is stored as held (asked of no
-- provider yet; its provider is the one it will be asked of), one they bar as not_run (never
-- asked, its provider 'none'). Neither has a result; the order completes without them.
ALTER TABLE screening_checks DROP CONSTRAINT screening_checks_status_check;
ALTER TABLE screening_checks ADD CONSTRAINT screening_checks_status_check
    CHECK (status IN ('requested', 'complete', 'held', 'not_run'));

-- The landlord's conditional offer on an order whose criminal check was held: at most one per
-- order (the primary key), which released the check in the transaction that recorded it. In
-- live mode the Idempotency-Key it came with is kept with the request (its canonical JSON) and
-- the answer given, for ever, so a repeated request is answered the same; test mode keeps no key.
CREATE TABLE conditional_offers (
    organization_id text        NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id        text        PRIMARY KEY,
    made_on         date        NOT NULL,
    note            text,
    idempotency_key text,
    request         text        NOT NULL,
    response_body   text        NOT NULL,
    created_at      timestamptz NOT NULL,
    CONSTRAINT conditional_offers_key UNIQUE (organization_id, mode, idempotency_key),
    CONSTRAINT conditional_offers_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode)
);
