-- Applicant-paid live orders: what the order costs its applicant and where that payment
-- stands (pending until a checkout succeeds, failed after a refused one, refunded when the
-- order is canceled before its screening began). Null for every other order.
ALTER TABLE orders
    ADD COLUMN payment_status       text   CHECK (payment_status IN ('pending', 'succeeded', 'failed', 'refunded')),
    ADD COLUMN payment_amount_cents bigint CHECK (payment_amount_cents >= 0),
    ADD COLUMN payment_currency     text,
    ADD CONSTRAINT orders_payment_complete CHECK (
        (payment_status IS NULL) = (payment_amount_cents IS NULL) AND (payment_status IS NULL) = (payment_currency IS NULL)),
    ADD CONSTRAINT orders_payment_only_applicant_live CHECK (payment_status IS NULL OR (payer = 'applicant' AND mode = 'live'));

-- Each hosted checkout an applicant was sent to: one per press of the pay button. The
-- gateway's session id is set once the gateway made the session; the notification of the
-- gateway settles it (succeeded, failed, expired). A succeeded one holds the gateway's
-- payment reference; refunded_at is set once the gateway gave the money back.
CREATE TABLE applicant_checkouts (
    id                text        PRIMARY KEY,
    organization_id   text        NOT NULL REFERENCES organizations (id),
    mode              text        NOT NULL CHECK (mode = 'live'),
    order_id          text        NOT NULL,
    gateway           text        NOT NULL,
    session_id        text,
    status            text        NOT NULL CHECK (status IN ('open', 'succeeded', 'failed', 'expired')),
    amount_cents      bigint      NOT NULL CHECK (amount_cents >= 0),
    currency          text        NOT NULL,
    payment_reference text,
    failure           text,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    refund_due_at     timestamptz,
    refunded_at       timestamptz,
    CONSTRAINT applicant_checkouts_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode),
    CONSTRAINT applicant_checkouts_session_unique UNIQUE (gateway, session_id),
    CONSTRAINT applicant_checkouts_reference_when_succeeded CHECK ((status = 'succeeded') = (payment_reference IS NOT NULL))
);

CREATE INDEX applicant_checkouts_order_idx ON applicant_checkouts (order_id);

-- Every notification a gateway sent that was taken, by the gateway's id of it: a second
-- delivery of the same notification finds its row and changes nothing.
CREATE TABLE payment_notifications (
    gateway     text        NOT NULL,
    event_id    text        NOT NULL,
    session_id  text        NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (gateway, event_id)
);

-- The built-in gateway's hosted checkout sessions, as a processor keeps them: what is
-- asked, where the browser returns, the outcome the payer chose (set once), its payment id
-- when it succeeded, and when it was refunded.
CREATE TABLE builtin_checkout_sessions (
    id              text        PRIMARY KEY,
    reference       text        NOT NULL UNIQUE,
    amount_cents    bigint      NOT NULL,
    currency        text        NOT NULL,
    description     text        NOT NULL,
    success_url     text        NOT NULL,
    cancel_url      text        NOT NULL,
    outcome         text        CHECK (outcome IN ('succeeded', 'card_declined', 'authentication_required')),
    payment_id      text,
    created_at      timestamptz NOT NULL,
    completed_at    timestamptz,
    refunded_at     timestamptz,
    CONSTRAINT builtin_checkout_sessions_payment_when_succeeded CHECK ((outcome = 'succeeded') = (payment_id IS NOT NULL))
);

-- The events table takes order.payment_succeeded and order.payment_failed.
ALTER TABLE events DROP CONSTRAINT events_type_check,
    ADD CONSTRAINT events_type_check CHECK (type IN ('order.pending', 'order.completed', 'order.canceled',
                                                     'order.payment_succeeded', 'order.payment_failed',
                                                     'report.completed', 'report.updated', 'adverse_action.created',
                                                     'adverse_action.completed', 'adverse_action.canceled',
                                                     'adverse_action.notice_undeliverable'));
