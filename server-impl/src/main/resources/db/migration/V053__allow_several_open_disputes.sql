-- A report may have any number of open disputes (FCRA section 611(a)(1)(A): every dispute is
-- reinvestigated). The report's lock, not a unique index, orders the disputes of one report.
-- An item that an earlier open dispute names too is reinvestigated once, by that dispute; a
-- dispute whose every item another dispute's resolution decided is resolved by it
-- (resolved_by 'other_dispute').
DROP INDEX disputes_one_open_per_report;
CREATE INDEX disputes_open_of_report_idx ON disputes (report_id, created_at, id) WHERE status = 'open';
ALTER TABLE disputes DROP CONSTRAINT disputes_resolved_by_check,
    ADD CONSTRAINT disputes_resolved_by_check
        CHECK (resolved_by IN ('reinvestigation', 'deadline', 'test_helper', 'other_dispute'));
