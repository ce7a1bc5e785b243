-- A payment processor may refuse to open a checkout for good (it does not accept the
-- applicant's email address, or the amount): the checkout records the processor's code and
-- message, and the order's failed payment says why it failed (declined: the applicant may
-- try again; refused_by_processor: they cannot pay this order as it stands).
ALTER TABLE applicant_checkouts
    ADD COLUMN failure_code    text,
    ADD COLUMN failure_message text;

ALTER TABLE orders
    ADD COLUMN payment_failure_reason text CHECK (payment_failure_reason IN ('declined', 'refused_by_processor')),
    ADD CONSTRAINT orders_payment_failure_reason_when_failed CHECK (payment_failure_reason IS NULL OR payment_status = 'failed');
