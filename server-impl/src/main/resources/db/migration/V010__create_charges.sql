-- What each live order cost the organisation: one row per charge, written in the same
-- transaction as the order. method 'card' went through the payment gateway (its
-- reference is kept); 'invoice' is billed later on the organisation's invoice.
CREATE TABLE charges (
    id                text        PRIMARY KEY,
    organization_id   text        NOT NULL REFERENCES organizations (id),
    order_id          text        NOT NULL UNIQUE REFERENCES orders (id),
    amount_cents      bigint      NOT NULL CHECK (amount_cents >= 0),
    currency          text        NOT NULL,
    method            text        NOT NULL CHECK (method IN ('card', 'invoice')),
    gateway           text,
    gateway_reference text,
    created_at        timestamptz NOT NULL
);
