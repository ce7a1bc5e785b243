-- Earlier recipients told of a statement of dispute (FCRA section 611(d)): at the consumer's
-- request, after they filed a statement of dispute on a resolved dispute, each organisation the
-- consumer designates among those that received a report containing what the statement is
-- about within the six months before the request gets a notice of type statement_of_dispute,
-- with the statement's text (statement; null for item_deleted) and, in occurred_at (V056 renames deleted_at), when the
-- statement was filed. One notice per report, dispute and type: a dispute that deleted one item
-- and kept another may tell the same report of both.
ALTER TABLE report_notices ADD COLUMN statement text;
ALTER TABLE report_notices DROP CONSTRAINT report_notices_type_check;
ALTER TABLE report_notices ADD CONSTRAINT report_notices_type_check CHECK (type IN ('item_deleted', 'statement_of_dispute'));
ALTER TABLE report_notices ADD CONSTRAINT report_notices_statement_check
    CHECK ((type = 'statement_of_dispute') = (statement IS NOT NULL));
ALTER TABLE report_notices DROP CONSTRAINT report_notices_once;
ALTER TABLE report_notices ADD CONSTRAINT report_notices_once UNIQUE (report_id, source_dispute_id, type);

-- A notice's moment is a deletion's or a statement's: its column is named for both.
ALTER TABLE report_notices RENAME COLUMN deleted_at TO occurred_at;
