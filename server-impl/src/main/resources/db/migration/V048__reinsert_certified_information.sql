-- Information deleted after a reinvestigation may come back only when its furnisher certifies
-- it complete and accurate (FCRA section 611(a)(5)(B)), and the consumer is then told in
-- writing within five business days.

-- Deleted findings of any check, not only court records: a credit, identity or income check
-- deleted as a whole is kept as the fingerprint of its findings.
ALTER TABLE deleted_records DROP CONSTRAINT deleted_records_check_type_check,
    ADD CONSTRAINT deleted_records_check_type_check
        CHECK (check_type IN ('credit', 'eviction', 'criminal', 'identity_verification', 'income_verification'));

-- The certifications a provider reported with a check's findings: [{record, furnisher}], record
-- null for the findings as a whole; null when there were none.
ALTER TABLE screening_checks ADD COLUMN certifications jsonb;

-- Each deleted record or deleted findings put back in a report (order_id) because its furnisher
-- certified it: what (check_type, fingerprint, item: the record, null for findings as a whole),
-- who certified it, and the notice to the consumer, due by notice_due_on (five business days
-- after the day of the reinsertion, in the agency's time zone): queued until its email work
-- ends, sent or not sent (test mode), at notice_ended_at.
CREATE TABLE reinsertions (
    id                text        PRIMARY KEY,
    organization_id   text        NOT NULL,
    mode              text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id          text        NOT NULL,
    check_type        text        NOT NULL CHECK (check_type IN ('credit', 'eviction', 'criminal', 'identity_verification',
                                                                 'income_verification')),
    fingerprint       text        NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
    item              jsonb,
    furnisher_name    text        NOT NULL,
    furnisher_address text        NOT NULL,
    furnisher_phone   text,
    reinserted_at     timestamptz NOT NULL,
    notice_due_on     date        NOT NULL,
    notice            text        NOT NULL CHECK (notice IN ('queued', 'sent', 'not_sent_test_mode')),
    notice_ended_at   timestamptz,
    CONSTRAINT reinsertions_once UNIQUE (order_id, check_type, fingerprint),
    CONSTRAINT reinsertions_order_fkey FOREIGN KEY (order_id, organization_id, mode) REFERENCES orders (id, organization_id, mode),
    CONSTRAINT reinsertions_notice_ended CHECK ((notice = 'queued') = (notice_ended_at IS NULL))
);

CREATE INDEX reinsertions_fingerprint ON reinsertions (fingerprint);
