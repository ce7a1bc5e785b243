-- Billing state of each organisation, read by the built-in payment gateway.
CREATE TABLE billing_settings (
    organization_id text        PRIMARY KEY REFERENCES organizations (id),
    payment_method  text        NOT NULL DEFAULT 'none'
                                CHECK (payment_method IN ('none', 'ok', 'declined', 'auth_required')),
    invoiced        boolean     NOT NULL DEFAULT false,
    updated_at      timestamptz NOT NULL DEFAULT now()
);
