-- The built-in payment gateway's own record of what it was asked to charge. Like a card
-- processor, it answers a repeated charge reference with the first outcome instead of
-- charging again. This is the gateway's side, not the service's books (those are charges).
CREATE TABLE builtin_gateway_payments (
    reference       text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    amount_cents    bigint      NOT NULL CHECK (amount_cents >= 0),
    currency        text        NOT NULL,
    outcome         text        NOT NULL CHECK (outcome IN ('charged', 'no_payment_method', 'card_declined',
                                                            'authentication_required')),
    payment_id      text,
    created_at      timestamptz NOT NULL,
    refunded_at     timestamptz,
    CONSTRAINT builtin_gateway_payments_id_when_charged CHECK ((outcome = 'charged') = (payment_id IS NOT NULL))
);
