-- Deliveries to one endpoint run concurrently, up to a limit shared by every instance:
-- an endpoint has that many numbered slots, and each deliverer holds one while it works.
-- A slot is held until held_until, which its holder pushes forward with every heartbeat,
-- so the slots of an instance that died free themselves within a few heartbeats. Slots
-- are made when first needed, as many as the limit asks for.
ALTER TABLE webhook_endpoints DROP COLUMN busy_until, DROP COLUMN busy_token;

CREATE TABLE webhook_endpoint_slots (
    endpoint_id text        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    slot        smallint    NOT NULL CHECK (slot >= 0),
    token       text,
    held_until  timestamptz,
    PRIMARY KEY (endpoint_id, slot),
    CONSTRAINT webhook_endpoint_slots_held_completely CHECK ((token IS NULL) = (held_until IS NULL))
);

CREATE INDEX webhook_endpoint_slots_token_idx ON webhook_endpoint_slots (token) WHERE token IS NOT NULL;

-- The deliverer attempting a delivery claims it until the attempt's longest time has
-- passed, so that no two attempts of one delivery overlap; recording the attempt ends the claim.
ALTER TABLE webhook_deliveries
    ADD COLUMN claim_token   text,
    ADD COLUMN claimed_until timestamptz,
    ADD CONSTRAINT webhook_deliveries_claimed_completely CHECK ((claim_token IS NULL) = (claimed_until IS NULL));
