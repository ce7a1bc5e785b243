-- Adverse actions: a decision against the applicant of a completed order, based on its
-- report, and the notices sent about it. A final one is completed when it is taken; a
-- pre-adverse one is pending until its response window ends (completed) or it is canceled.
-- Each timestamp is tied to its state, and the path decides which members exist.
CREATE TABLE adverse_actions (
    id                            text        PRIMARY KEY,
    organization_id               text        NOT NULL REFERENCES organizations (id),
    mode                          text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id                      text        NOT NULL,
    report_id                     text        NOT NULL,
    decision                      text        NOT NULL CHECK (decision IN ('decline', 'conditional')),
    conditions                    text,
    reasons                       text[]      NOT NULL CHECK (cardinality(reasons) BETWEEN 1 AND 10),
    notice                        text        NOT NULL CHECK (notice IN ('final', 'pre_adverse')),
    status                        text        NOT NULL CHECK (status IN ('pending', 'completed', 'canceled')),
    response_days                 integer     CHECK (response_days BETWEEN 1 AND 30),
    response_deadline             timestamptz,
    pre_adverse_notice_sent_at    timestamptz,
    adverse_action_notice_sent_at timestamptz,
    created_at                    timestamptz NOT NULL,
    completed_at                  timestamptz,
    canceled_at                   timestamptz,
    CONSTRAINT adverse_actions_tenant_key UNIQUE (id, organization_id, mode),
    CONSTRAINT adverse_actions_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode),
    CONSTRAINT adverse_actions_report_fkey FOREIGN KEY (report_id, organization_id, mode)
        REFERENCES reports (id, organization_id, mode),
    CONSTRAINT adverse_actions_conditions_when_conditional CHECK ((decision = 'conditional') = (conditions IS NOT NULL)),
    CONSTRAINT adverse_actions_window_when_pre_adverse CHECK (
        (notice = 'pre_adverse') = (response_days IS NOT NULL)
        AND (notice = 'pre_adverse') = (response_deadline IS NOT NULL)
        AND (notice = 'pre_adverse') = (pre_adverse_notice_sent_at IS NOT NULL)),
    CONSTRAINT adverse_actions_final_notice_when_completed CHECK (
        (status = 'completed') = (completed_at IS NOT NULL)
        AND (status = 'completed') = (adverse_action_notice_sent_at IS NOT NULL)),
    CONSTRAINT adverse_actions_canceled_at_when_canceled CHECK ((status = 'canceled') = (canceled_at IS NOT NULL)),
    CONSTRAINT adverse_actions_final_path_is_completed CHECK (notice = 'pre_adverse' OR status = 'completed')
);

-- One adverse action at a time per order: of two requests racing for one order, one wins.
-- A canceled one does not count, so the order may get a new one.
CREATE UNIQUE INDEX adverse_actions_one_per_order ON adverse_actions (order_id) WHERE status IN ('pending', 'completed');

CREATE INDEX adverse_actions_listing_idx ON adverse_actions (organization_id, mode, created_at DESC, id DESC);
CREATE INDEX adverse_actions_order_listing_idx ON adverse_actions (organization_id, mode, order_id, created_at DESC, id DESC);

-- Counts for the list in all ('adverse_actions') and for each order ('adverse_actions:<order id>').
CREATE FUNCTION count_inserted_adverse_actions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO collection_counts (organization_id, mode, collection, shard, count)
    SELECT organization_id, mode, collection, (pg_backend_pid() % 64)::smallint, count(*)
    FROM (SELECT organization_id, mode, 'adverse_actions' AS collection FROM inserted_rows
          UNION ALL
          SELECT organization_id, mode, 'adverse_actions:' || order_id FROM inserted_rows) AS counted
    GROUP BY organization_id, mode, collection
    ON CONFLICT (organization_id, mode, collection, shard)
        DO UPDATE SET count = collection_counts.count + excluded.count;
    RETURN NULL;
END;
$$;

CREATE TRIGGER adverse_actions_count AFTER INSERT ON adverse_actions
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_adverse_actions();

-- The notices of an adverse action, at most one of each kind: the PDF exactly as it was
-- sent, when it was made, and where its email stands (queued until the email work ends in
-- sent, not_sent_test_mode or undeliverable; last_error says why it failed last).
CREATE TABLE adverse_action_notices (
    organization_id   text        NOT NULL,
    mode              text        NOT NULL,
    adverse_action_id text        NOT NULL,
    kind              text        NOT NULL CHECK (kind IN ('pre_adverse', 'adverse_action')),
    pdf               bytea       NOT NULL,
    issued_at         timestamptz NOT NULL,
    email_state       text        NOT NULL CHECK (email_state IN ('queued', 'sent', 'not_sent_test_mode', 'undeliverable')),
    email_done_at     timestamptz,
    last_error        text,
    PRIMARY KEY (adverse_action_id, kind),
    CONSTRAINT adverse_action_notices_adverse_action_fkey FOREIGN KEY (adverse_action_id, organization_id, mode)
        REFERENCES adverse_actions (id, organization_id, mode),
    CONSTRAINT adverse_action_notices_done_unless_queued CHECK ((email_state = 'queued') = (email_done_at IS NULL))
);

-- The Idempotency-Keys of live-mode POST /adverse_actions, one row per organisation and
-- key, for ever: held under a lease with the request in its normal form until answered,
-- then the answer to replay (see idempotency.IdempotentRequests).
CREATE TABLE adverse_action_keys (
    organization_id   text        NOT NULL REFERENCES organizations (id),
    mode              text        NOT NULL DEFAULT 'live' CHECK (mode = 'live'),
    idempotency_key   text        NOT NULL,
    request_digest    bytea       NOT NULL,
    digest_key_id     text        NOT NULL,
    request           text,
    locked_until      timestamptz,
    response_status   integer,
    response_body     text,
    adverse_action_id text,
    created_at        timestamptz NOT NULL,
    PRIMARY KEY (organization_id, idempotency_key),
    CONSTRAINT adverse_action_keys_adverse_action_fkey FOREIGN KEY (adverse_action_id, organization_id, mode)
        REFERENCES adverse_actions (id, organization_id, mode),
    CONSTRAINT adverse_action_keys_held_or_answered CHECK (
        (response_status IS NULL) = (locked_until IS NOT NULL)
        AND (response_status IS NULL) = (request IS NOT NULL)
        AND (response_status IS NULL) = (response_body IS NULL))
);

CREATE INDEX adverse_action_keys_abandoned_idx ON adverse_action_keys (locked_until) WHERE locked_until IS NOT NULL;

