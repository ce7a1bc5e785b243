-- Disputes (FCRA section 611): an applicant disputes court records of their report; the
-- records are reinvestigated and each is upheld, corrected or deleted. A report is disputed
-- while one of its disputes is open, and gets a new version when a resolution changes its
-- records; the versions it had before are kept in report_versions as they were.
ALTER TABLE reports
    ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    ADD COLUMN status text NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'disputed'));

-- Each earlier version of a report, exactly as it stood until the resolution that replaced
-- it (superseded_at).
CREATE TABLE report_versions (
    organization_id text        NOT NULL,
    mode            text        NOT NULL,
    report_id       text        NOT NULL,
    version         integer     NOT NULL CHECK (version >= 1),
    result          text        NOT NULL CHECK (result IN ('clear', 'consider')),
    checks          jsonb       NOT NULL,
    recommendation  jsonb,
    superseded_at   timestamptz NOT NULL,
    PRIMARY KEY (report_id, version),
    CONSTRAINT report_versions_report_fkey FOREIGN KEY (report_id, organization_id, mode)
        REFERENCES reports (id, organization_id, mode)
);

-- items: [{check, record, disputed_record, outcome}], record counting from 0 in the records
-- of the check in report_version; outcome null while open. resolved_by says what ended it:
-- the provider's answer, the end of the reinvestigation period, or the test helper.
-- resolved_report_version is the version of the report the resolution left, whose PDF the
-- applicant is emailed; outcome_email: queued until that email work ends in sent or
-- not_sent_test_mode.
CREATE TABLE disputes (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id        text        NOT NULL,
    report_id       text        NOT NULL,
    report_version  integer     NOT NULL CHECK (report_version >= 1),
    status          text        NOT NULL CHECK (status IN ('open', 'resolved')),
    items           jsonb       NOT NULL,
    reason          text        NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
    created_at      timestamptz NOT NULL,
    deadline        timestamptz NOT NULL,
    resolved_at     timestamptz,
    resolved_by     text        CHECK (resolved_by IN ('reinvestigation', 'deadline', 'test_helper')),
    resolved_report_version integer,
    outcome_email   text        CHECK (outcome_email IN ('queued', 'sent', 'not_sent_test_mode')),
    CONSTRAINT disputes_tenant_key UNIQUE (id, organization_id, mode),
    CONSTRAINT disputes_order_fkey FOREIGN KEY (order_id, organization_id, mode) REFERENCES orders (id, organization_id, mode),
    CONSTRAINT disputes_report_fkey FOREIGN KEY (report_id, organization_id, mode) REFERENCES reports (id, organization_id, mode),
    CONSTRAINT disputes_resolution_when_resolved CHECK (
        (status = 'resolved') = (resolved_at IS NOT NULL)
        AND (status = 'resolved') = (resolved_by IS NOT NULL)
        AND (status = 'resolved') = (resolved_report_version IS NOT NULL)
        AND (status = 'resolved') = (outcome_email IS NOT NULL))
);

-- One open dispute per report: of two racing to open one, one wins.
CREATE UNIQUE INDEX disputes_one_open_per_report ON disputes (report_id) WHERE status = 'open';
CREATE INDEX disputes_order_listing_idx ON disputes (organization_id, mode, order_id, created_at DESC, id DESC);
CREATE INDEX disputes_listing_idx ON disputes (organization_id, mode, created_at DESC, id DESC);
CREATE INDEX disputes_open_deadline_idx ON disputes (deadline) WHERE status = 'open';

-- Counts for the list of each order ('disputes:<order id>') and in all ('disputes').
CREATE FUNCTION count_inserted_disputes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO collection_counts (organization_id, mode, collection, shard, count)
    SELECT organization_id, mode, collection, (pg_backend_pid() % 64)::smallint, count(*)
    FROM (SELECT organization_id, mode, 'disputes' AS collection FROM inserted_rows
          UNION ALL
          SELECT organization_id, mode, 'disputes:' || order_id FROM inserted_rows) AS counted
    GROUP BY organization_id, mode, collection
    ON CONFLICT (organization_id, mode, collection, shard)
        DO UPDATE SET count = collection_counts.count + excluded.count;
    RETURN NULL;
END;
$$;

CREATE TRIGGER disputes_count AFTER INSERT ON disputes
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_disputes();

-- report.disputed (API version 2026-11-25), and what a report.* event changed: the previous
-- value of each top-level member of the report that changed (null for other events).
ALTER TABLE events DROP CONSTRAINT events_type_check,
    ADD CONSTRAINT events_type_check CHECK (type IN ('order.pending', 'order.completed', 'order.canceled',
                                                     'order.payment_succeeded', 'order.payment_failed',
                                                     'report.completed', 'report.updated', 'report.disputed',
                                                     'adverse_action.created', 'adverse_action.completed',
                                                     'adverse_action.canceled', 'adverse_action.notice_undeliverable'));
ALTER TABLE events ADD COLUMN previous_attributes json;
