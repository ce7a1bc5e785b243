-- The applicant's consent to an order's screening, given on the apply page: which
-- disclosure text they agreed to (its version), when, and from where. One per order: the
-- primary key makes a second submission (a double click, two tabs) find the first.
CREATE TABLE consents (
    order_id           text        PRIMARY KEY,
    organization_id    text        NOT NULL,
    mode               text        NOT NULL,
    disclosure_version text        NOT NULL,
    consented_at       timestamptz NOT NULL,
    ip_address         text        NOT NULL,
    user_agent         text,
    CONSTRAINT consents_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode)
);
