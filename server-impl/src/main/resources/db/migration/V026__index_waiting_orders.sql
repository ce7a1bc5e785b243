-- Invitations still waiting for their applicant, oldest first: what the expiry sweep reads.
CREATE INDEX orders_waiting_idx ON orders (created_at) WHERE status = 'waiting_for_applicant';
