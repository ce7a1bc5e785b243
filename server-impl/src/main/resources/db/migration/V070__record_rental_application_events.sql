-- The events table takes rental_application.completed, rental_application.canceled and
-- rental_application.member_added (API version 2026-11-28).
ALTER TABLE events DROP CONSTRAINT events_type_check,
    ADD CONSTRAINT events_type_check CHECK (type IN ('order.pending', 'order.completed', 'order.canceled',
                                                     'order.payment_succeeded', 'order.payment_failed',
                                                     'report.completed', 'report.updated', 'report.disputed',
                                                     'adverse_action.created', 'adverse_action.completed',
                                                     'adverse_action.canceled', 'adverse_action.notice_undeliverable',
                                                     'dispute.created', 'dispute.resolved', 'dispute.statement_added',
                                                     'rental_application.completed', 'rental_application.canceled',
                                                     'rental_application.member_added'));
