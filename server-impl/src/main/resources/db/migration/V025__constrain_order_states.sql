-- An order's timestamps follow its state: completed_at exactly when completed, canceled_at
-- exactly when canceled. A completion and a cancel that race can never both land.
ALTER TABLE orders
    ADD CONSTRAINT orders_completed_at_when_completed CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
    ADD CONSTRAINT orders_canceled_at_when_canceled CHECK ((status = 'canceled') = (canceled_at IS NOT NULL));
