-- Notices to earlier recipients of a consumer's reports (FCRA section 611(d)): at the
-- consumer's request, after a dispute deleted information, each organisation the consumer
-- designates among those that received a report containing it within the six months before
-- the request is told, by a notice of its own tenant (the organisation of order_id and
-- report_id, its report that contained the information). items: what was deleted, as that
-- report stated it ([{check, record}], record null for a check's findings as a whole).
-- source_*: the dispute whose deletion it tells of, which may be another organisation's and
-- is never shown to this one. One notice per report and dispute.
CREATE TABLE report_notices (
    id                     text        PRIMARY KEY,
    organization_id        text        NOT NULL REFERENCES organizations (id),
    mode                   text        NOT NULL CHECK (mode IN ('test', 'live')),
    type                   text        NOT NULL CHECK (type IN ('item_deleted')),
    order_id               text        NOT NULL,
    report_id              text        NOT NULL,
    received_at            timestamptz NOT NULL,
    items                  jsonb       NOT NULL,
    deleted_at             timestamptz NOT NULL,
    source_organization_id text        NOT NULL,
    source_dispute_id      text        NOT NULL,
    created_at             timestamptz NOT NULL,
    CONSTRAINT report_notices_once UNIQUE (report_id, source_dispute_id),
    CONSTRAINT report_notices_order_fkey FOREIGN KEY (order_id, organization_id, mode) REFERENCES orders (id, organization_id, mode),
    CONSTRAINT report_notices_report_fkey FOREIGN KEY (report_id, organization_id, mode) REFERENCES reports (id, organization_id, mode),
    CONSTRAINT report_notices_source_fkey FOREIGN KEY (source_dispute_id, source_organization_id, mode)
        REFERENCES disputes (id, organization_id, mode)
);

CREATE INDEX report_notices_listing_idx ON report_notices (organization_id, mode, created_at DESC, id DESC);

CREATE TRIGGER report_notices_count AFTER INSERT ON report_notices
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows('report_notices');
