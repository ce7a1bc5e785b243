-- A new link to the applicant's copy may go to another address than the expired one's, once
-- the applicant has proved who they are with details the service holds (FCRA section 610(a)(1):
-- proper identification): moved_from is then the address the link before went to, which is
-- told that a link went elsewhere.
ALTER TABLE report_copy_links ADD COLUMN moved_from text;

-- Each attempt to prove who one is for such a link, so that wrong guesses can be limited per
-- order; only someone holding a link of the order can make one.
CREATE TABLE report_copy_identity_checks (
    organization_id text        NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id        text        NOT NULL,
    checked_at      timestamptz NOT NULL,
    matched         boolean     NOT NULL,
    CONSTRAINT report_copy_identity_checks_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode)
);

CREATE INDEX report_copy_identity_checks_order ON report_copy_identity_checks (order_id, checked_at);
