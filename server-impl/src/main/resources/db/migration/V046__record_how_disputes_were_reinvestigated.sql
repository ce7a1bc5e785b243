-- How a dispute reached the agency, and what its reinvestigation did (FCRA section 611).
-- received_via: 'online' from the consumer's copy of the report (and the test helper that
-- opens a dispute as that page does), or 'mail' or 'telephone', recorded by the agency's
-- staff with the operator command line; the reinvestigation period runs from when the agency
-- received it (611(a)(1)(A)), which is the dispute's created_at.
-- procedure: what the reinvestigation did for each item, in the order of items, once resolved:
-- {provider, furnisher} with the provider asked and the furnisher it contacted ({name,
-- address, phone}, null when it named none or did not answer), which the consumer may ask to
-- be told (611(a)(6)(B)(iii) and (a)(7)).
ALTER TABLE disputes
    ADD COLUMN received_via text NOT NULL DEFAULT 'online' CHECK (received_via IN ('online', 'mail', 'telephone')),
    ADD COLUMN procedure jsonb;

-- The consumer's request for the description of a dispute's reinvestigation (611(a)(7)): one
-- per dispute, emailed as background work; due_at is 15 days after the request, the latest
-- the law allows. email: queued until its work ends, sent or not sent (test mode, as every
-- test email but the applicant-experience profile's), at ended_at.
CREATE TABLE dispute_description_requests (
    dispute_id      text        PRIMARY KEY,
    organization_id text        NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    requested_at    timestamptz NOT NULL,
    due_at          timestamptz NOT NULL,
    email           text        NOT NULL CHECK (email IN ('queued', 'sent', 'not_sent_test_mode')),
    ended_at        timestamptz,
    CONSTRAINT dispute_description_requests_dispute_fkey FOREIGN KEY (dispute_id, organization_id, mode)
        REFERENCES disputes (id, organization_id, mode),
    CONSTRAINT dispute_description_requests_due CHECK (due_at = requested_at + interval '15 days'),
    CONSTRAINT dispute_description_requests_ended CHECK ((email = 'queued') = (ended_at IS NULL))
);
