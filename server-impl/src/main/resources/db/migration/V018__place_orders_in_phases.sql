-- Live orders are placed in phases, so that no transaction is open while the payment
-- gateway is called: (1) the Idempotency-Key is claimed, the validated request sealed
-- beside it (it holds the SSN) and, when a card is to be charged, a pending charge written;
-- (2) the gateway is called, with the charge id as its idempotency key; (3) the order is
-- created and the charge and the key finished, in one transaction. Whoever holds a
-- placement holds its lease (locked_until); a placement whose holder died is taken over
-- once the lease has passed and resumed from its state. The sealed request is dropped
-- when the key is finished. charge_plan says how the order is paid (none: the applicant
-- pays; invoice; card), decided once when the key is claimed.
ALTER TABLE idempotency_keys
    ADD COLUMN state text NOT NULL DEFAULT 'finished' CHECK (state IN ('claimed', 'charging', 'finished')),
    ADD COLUMN locked_until timestamptz,
    ADD COLUMN request_sealed bytea,
    ADD COLUMN request_key_id text,
    ADD COLUMN charge_plan text CHECK (charge_plan IN ('none', 'invoice', 'card')),
    ADD COLUMN charge_id text REFERENCES charges (id),
    ADD CONSTRAINT idempotency_keys_answer_when_finished CHECK ((state = 'finished') = (response_status IS NOT NULL)),
    ADD CONSTRAINT idempotency_keys_request_until_finished CHECK (
        (state = 'finished') = (request_sealed IS NULL AND request_key_id IS NULL)),
    ADD CONSTRAINT idempotency_keys_plan_until_finished CHECK (state = 'finished' OR charge_plan IS NOT NULL),
    ADD CONSTRAINT idempotency_keys_charge_when_charging CHECK (state <> 'charging' OR charge_id IS NOT NULL);
ALTER TABLE idempotency_keys ALTER COLUMN state DROP DEFAULT;
CREATE INDEX idempotency_keys_unfinished_idx ON idempotency_keys (locked_until) WHERE state <> 'finished';

-- A charge is written before the gateway is asked (pending), and ends succeeded (with its
-- order), refused (with the reason) or refunded (when the order could not be created
-- after all).
ALTER TABLE charges
    ALTER COLUMN order_id DROP NOT NULL,
    ADD COLUMN status text NOT NULL DEFAULT 'succeeded' CHECK (status IN ('pending', 'succeeded', 'refused', 'refunded')),
    ADD COLUMN refusal text CHECK (refusal IN ('no_payment_method', 'card_declined', 'authentication_required')),
    ADD COLUMN updated_at timestamptz,
    ADD CONSTRAINT charges_order_when_succeeded CHECK (status <> 'succeeded' OR order_id IS NOT NULL),
    ADD CONSTRAINT charges_refusal_when_refused CHECK ((status = 'refused') = (refusal IS NOT NULL));
UPDATE charges SET updated_at = created_at;
ALTER TABLE charges ALTER COLUMN status DROP DEFAULT, ALTER COLUMN updated_at SET NOT NULL;
