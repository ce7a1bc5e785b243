-- Webhook endpoints can be deleted, so counted lists now shrink too: a delete trigger
-- subtracts from the deleting session's shard, which may then go below zero while the
-- list's count (the sum of its shards) stays right.
ALTER TABLE collection_counts DROP CONSTRAINT collection_counts_count_check;

-- An integrator's URL that receives the events of one organisation and mode. The signing
-- secret is sealed with a master key (bound to the endpoint id), never kept in clear; after
-- a rotation the previous secret keeps signing until previous_secret_until. busy_until and
-- busy_token lease the endpoint to the one worker delivering to it now; paused_until holds
-- back every delivery to an endpoint whose last attempt failed, until that delivery's retry.
CREATE TABLE webhook_endpoints (
    id                         text        PRIMARY KEY,
    organization_id            text        NOT NULL REFERENCES organizations (id),
    mode                       text        NOT NULL CHECK (mode IN ('test', 'live')),
    url                        text        NOT NULL,
    enabled_events             text[]      NOT NULL,
    secret_ciphertext          bytea       NOT NULL,
    secret_key_id              text        NOT NULL,
    previous_secret_ciphertext bytea,
    previous_secret_key_id     text,
    previous_secret_until      timestamptz,
    busy_until                 timestamptz,
    busy_token                 text,
    paused_until               timestamptz,
    created_at                 timestamptz NOT NULL,
    CONSTRAINT webhook_endpoints_tenant_key UNIQUE (id, organization_id, mode),
    CONSTRAINT webhook_endpoints_previous_secret_complete CHECK (
        (previous_secret_ciphertext IS NULL) = (previous_secret_key_id IS NULL)
        AND (previous_secret_ciphertext IS NULL) = (previous_secret_until IS NULL))
);

CREATE INDEX webhook_endpoints_listing_idx ON webhook_endpoints (organization_id, mode, created_at DESC, id DESC);
CREATE INDEX webhook_endpoints_subscribers_idx ON webhook_endpoints (organization_id, mode);

-- One delivery per event and subscribed endpoint, written in the event's transaction.
-- next_attempt_at is when it is due (null once succeeded or failed).
CREATE TABLE webhook_deliveries (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL,
    mode            text        NOT NULL,
    endpoint_id     text        NOT NULL,
    event_id        text        NOT NULL REFERENCES events (id),
    event_type      text        NOT NULL,
    status          text        NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts        integer     NOT NULL CHECK (attempts >= 0),
    response_status integer,
    last_attempt_at timestamptz,
    next_attempt_at timestamptz,
    created_at      timestamptz NOT NULL,
    CONSTRAINT webhook_deliveries_endpoint_fkey FOREIGN KEY (endpoint_id, organization_id, mode)
        REFERENCES webhook_endpoints (id, organization_id, mode) ON DELETE CASCADE,
    CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id),
    CONSTRAINT webhook_deliveries_due_while_pending CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);

CREATE INDEX webhook_deliveries_listing_idx ON webhook_deliveries (organization_id, mode, endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE status = 'pending';

-- Every attempt of a delivery: when, how long, and the answer (status and its first
-- 1024 characters) or the error.
CREATE TABLE webhook_attempts (
    delivery_id     text        NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    number          integer     NOT NULL CHECK (number >= 1),
    attempted_at    timestamptz NOT NULL,
    duration_ms     integer     NOT NULL CHECK (duration_ms >= 0),
    response_status integer,
    error           text,
    response_body   text,
    PRIMARY KEY (delivery_id, number),
    CONSTRAINT webhook_attempts_answer_or_error CHECK ((response_status IS NULL) <> (error IS NULL))
);

-- Counts: the endpoints of a tenant ('webhook_endpoints') and the deliveries of each
-- endpoint ('webhook_deliveries:<endpoint id>'), up on insert and down on delete.
CREATE FUNCTION count_webhook_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
    INSERT INTO collection_counts (organization_id, mode, collection, shard, count)
    SELECT organization_id, mode, collection, (pg_backend_pid() % 64)::smallint, sign * count(*)
    FROM (SELECT organization_id, mode,
                 CASE WHEN TG_TABLE_NAME = 'webhook_endpoints' THEN 'webhook_endpoints'
                      ELSE 'webhook_deliveries:' || (to_jsonb(changed) ->> 'endpoint_id') END AS collection
          FROM changed_rows AS changed) AS counted
    GROUP BY organization_id, mode, collection
    ON CONFLICT (organization_id, mode, collection, shard)
        DO UPDATE SET count = collection_counts.count + excluded.count;
    RETURN NULL;
END;
$$;

CREATE TRIGGER webhook_endpoints_count_insert AFTER INSERT ON webhook_endpoints
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_webhook_rows();
CREATE TRIGGER webhook_endpoints_count_delete AFTER DELETE ON webhook_endpoints
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_webhook_rows();
CREATE TRIGGER webhook_deliveries_count_insert AFTER INSERT ON webhook_deliveries
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_webhook_rows();
CREATE TRIGGER webhook_deliveries_count_delete AFTER DELETE ON webhook_deliveries
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_webhook_rows();
