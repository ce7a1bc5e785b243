-- What the expected completion time of each check of a pending order starts from: when the
-- order became pending (its applicant submitted, or it was placed pending, a test order that
-- skips the apply flow), and the time a provider that answers later said it would answer a
-- check. Orders that became pending before take the time from their transitions.
ALTER TABLE orders ADD COLUMN pending_at timestamptz;
UPDATE orders SET pending_at = t.occurred_at
FROM order_transitions t
WHERE t.order_id = orders.id AND t.to_status = 'pending';
ALTER TABLE orders ADD CONSTRAINT orders_pending_at_once_pending
    CHECK (status NOT IN ('pending', 'completed') OR pending_at IS NOT NULL);
ALTER TABLE screening_checks ADD COLUMN answer_expected_at timestamptz;
