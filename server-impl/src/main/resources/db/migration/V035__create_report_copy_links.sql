-- The applicant's copy of their report (FCRA sections 609 and 612): each link emailed to
-- the applicant of a completed order, to a page that shows the report. The link's token is
-- never stored: the row keeps its SHA-256 digest (to find the link when it is opened) and,
-- until its email is sent, the seed it is computed from (the master key's id and 256 random
-- bits), which the email's background work needs; the seed is cleared once the email is
-- sent. email is the address the link went to: a new link for an expired one goes there only.
-- sent_at is when the email's work ended: the mail server took the message, or refused the
-- address for good.
CREATE TABLE report_copy_links (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id        text        NOT NULL,
    token_digest    bytea       NOT NULL UNIQUE CHECK (octet_length(token_digest) = 32),
    token_key_id    text,
    token_nonce     bytea,
    email           text        NOT NULL,
    created_at      timestamptz NOT NULL,
    expires_at      timestamptz NOT NULL,
    sent_at         timestamptz,
    CONSTRAINT report_copy_links_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode),
    CONSTRAINT report_copy_links_seed_complete CHECK (
        (token_key_id IS NULL AND token_nonce IS NULL)
        OR (token_key_id IS NOT NULL AND octet_length(token_nonce) = 32)),
    CONSTRAINT report_copy_links_seed_until_sent CHECK (sent_at IS NULL OR token_nonce IS NULL),
    CONSTRAINT report_copy_links_expiry_after_creation CHECK (expires_at > created_at)
);

CREATE INDEX report_copy_links_order ON report_copy_links (order_id, created_at);
