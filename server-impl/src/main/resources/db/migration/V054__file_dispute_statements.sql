-- Statements of dispute (FCRA section 611(b)): once a dispute is resolved and something it named
-- stayed in the report (upheld or corrected), the consumer may file one brief statement of the
-- nature of the dispute, of 1 to 100 words, kept with the dispute; every later report on the
-- consumer that contains what it concerns notes it (611(c), in each check's
-- consumer_statements in reports.checks and report_versions.checks).
ALTER TABLE disputes
    ADD COLUMN statement text CHECK (char_length(statement) BETWEEN 1 AND 1000),
    ADD COLUMN statement_filed_at timestamptz,
    ADD CONSTRAINT disputes_statement_filed CHECK ((statement IS NULL) = (statement_filed_at IS NULL)),
    ADD CONSTRAINT disputes_statement_when_resolved CHECK (statement IS NULL OR status = 'resolved');

-- The statements of a consumer's orders, read whenever a report on the consumer is made.
CREATE INDEX disputes_statements_idx ON disputes (order_id) WHERE statement IS NOT NULL;
