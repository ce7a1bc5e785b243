-- Refunds of applicants' payments that the gateway refuses for good, or that fail after it
-- accepted them (Stripe's refund.failed), end with a recorded outcome instead of being
-- retried for ever. A checkout keeps the gateway's id of the refund it made
-- (refund_reference, to match the gateway's later events); refund_failed_at with
-- refund_failure (the gateway's code, or the refund's failure_reason) and
-- refund_failure_message when the money could not be given back, which clears refunded_at;
-- refunded_elsewhere when the gateway answered that the payment was refunded already (in
-- its dashboard, or by an earlier request of the service whose answer was lost).
ALTER TABLE applicant_checkouts
    ADD COLUMN refund_reference       text,
    ADD COLUMN refund_failed_at       timestamptz,
    ADD COLUMN refund_failure         text,
    ADD COLUMN refund_failure_message text,
    ADD COLUMN refunded_elsewhere     boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT applicant_checkouts_refund_one_outcome CHECK (refunded_at IS NULL OR refund_failed_at IS NULL),
    ADD CONSTRAINT applicant_checkouts_refund_failure_why CHECK ((refund_failed_at IS NULL) = (refund_failure IS NULL));

CREATE INDEX applicant_checkouts_refund_reference_idx ON applicant_checkouts (gateway, refund_reference)
    WHERE refund_reference IS NOT NULL;
CREATE INDEX applicant_checkouts_payment_reference_idx ON applicant_checkouts (gateway, payment_reference)
    WHERE payment_reference IS NOT NULL;

-- An order's payment whose refund failed for good: refund_failed.
ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check,
    ADD CONSTRAINT orders_payment_status_check
        CHECK (payment_status IN ('pending', 'succeeded', 'failed', 'refunded', 'refund_failed'));

-- The events table takes order.payment_refund_failed (API version 2026-11-28).
ALTER TABLE events DROP CONSTRAINT events_type_check,
    ADD CONSTRAINT events_type_check CHECK (type IN ('order.pending', 'order.completed', 'order.canceled',
                                                     'order.payment_succeeded', 'order.payment_failed',
                                                     'order.payment_refund_failed',
                                                     'report.completed', 'report.updated', 'report.disputed',
                                                     'adverse_action.created', 'adverse_action.completed',
                                                     'adverse_action.canceled', 'adverse_action.notice_undeliverable',
                                                     'dispute.created', 'dispute.resolved', 'dispute.statement_added',
                                                     'rental_application.completed', 'rental_application.canceled',
                                                     'rental_application.member_added'));
