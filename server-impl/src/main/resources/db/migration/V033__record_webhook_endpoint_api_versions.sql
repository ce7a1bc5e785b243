-- API version 2026-11-25 adds the adverse_action.* events. A webhook endpoint keeps the
-- version of the request that created it and receives only the event types of that version.
-- Every endpoint registered before this migration was created under 2026-04-29, the only
-- version served until then; a new endpoint always names its version (no default).
-- A date, so that "the version of the endpoint is at least the version of the event type"
-- is a comparison of values.
ALTER TABLE webhook_endpoints ADD COLUMN api_version date NOT NULL DEFAULT '2026-04-29';
ALTER TABLE webhook_endpoints ALTER COLUMN api_version DROP DEFAULT;

-- The events table takes the adverse_action.* types (its check keeps its generated name).
ALTER TABLE events DROP CONSTRAINT events_type_check,
    ADD CONSTRAINT events_type_check CHECK (type IN ('order.pending', 'order.completed', 'order.canceled',
                                                     'report.completed', 'report.updated', 'adverse_action.created',
                                                     'adverse_action.completed', 'adverse_action.canceled',
                                                     'adverse_action.notice_undeliverable'));
